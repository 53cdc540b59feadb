#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels

/// What `--once --forecast` prints of one place beside its list columns (docs/spec.md §6): its
/// coming days and hours, the sun and the moon, the air where known. Made from the `State` the
/// run ended in, so the printer needs no clock and no zone.
struct OnceForecast: Equatable {
    /// One day, labelled as the detail labels it (`Fri 27 Nov`).
    struct Day: Equatable {
        var forecast: DailyForecast
        var label: String
    }

    /// One hour, with its start on the place's clock (`14:00`).
    struct Hour: Equatable {
        var forecast: HourlyForecast
        var clock: String
    }

    /// When the forecast printed was fetched; nil when there is none.
    var fetchedAt: Date?
    /// The days from the place's local today on.
    var days: [Day] = []
    /// The hours from the current one, 24 at most.
    var hours: [Hour] = []
    /// The sun on the place's date, and the detail's words for it; nil without coordinates or zone.
    var sun: WeatherFormat.SunToday?
    var sunLine: String?
    var moonPhase: String
    var moonLitPercent: Int
    var moonLine: String
    /// The air the browser last saved for the place (`--once` never asks for it), on the scale of this run.
    var air: AirQuality?
    var airFetchedAt: Date?
    var airScale: AirQualityScale = .european
    /// Why there is no forecast, or only part of it.
    var problem: String?

    /// Hours printed: the detail's chart's day.
    static let hoursShown = 24

    /// The forecast of `city` as `state` holds it at `now`.
    static func make(city: CityWeather, forecast: StoredForecast?, problem: String?, air: StoredAirQuality?,
                     airScale: AirQualityScale, now: Date) -> OnceForecast {
        let moon = WeatherFormat.moonToday(now: now)
        var made = OnceForecast(fetchedAt: forecast?.fetchedAt, sun: WeatherFormat.sunToday(city, now: now),
                                sunLine: WeatherFormat.sunLine(city, now: now), moonPhase: moon.phase, moonLitPercent: moon.litPercent,
                                moonLine: WeatherFormat.moonLine(now: now), air: air?.byCityKey[city.key], airFetchedAt: air?.fetchedAt,
                                airScale: airScale, problem: problem)
        guard let forecast else {
            made.problem = problem ?? "no forecast"
            return made
        }
        made.days = WeatherFormat.daysFromToday(forecast.forecast.dailyForecasts, city: city, now: now).map {
            Day(forecast: $0, label: WeatherFormat.dayLabel(ofForecastDate: $0.date, epoch: $0.epochDate))
        }
        // The current hour and those after it: an hour that has ended is no forecast any more.
        let nowEpoch = Int(now.timeIntervalSince1970)
        made.hours = (forecast.hourly?.hours ?? []).filter { $0.epochTime + 3600 > nowEpoch }.prefix(hoursShown).map {
            Hour(forecast: $0, clock: WeatherFormat.hourClock($0.epochTime, city: city, now: now))
        }
        return made
    }
}
