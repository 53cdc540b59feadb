import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// Every number a city and its forecasts hold, at the extremes a damaged archive or a server's
/// error can carry (plists hold NaN and infinities, JSON 1e308), drawn on every screen at every
/// size and in both units: each frame is drawn, nothing traps.
@Suite struct HostileValuesTests {
    static let doubles: [Double] = [1.7e308, -1.7e308, .nan, .infinity, -.infinity, 1e15, -0.0]
    static let ints: [Int] = [.max, .min, -1, 1 << 53]

    static func measure(_ x: Double, _ unit: String) -> MetricImperial {
        MetricImperial(metric: UnitValue(value: x, unit: unit), imperial: UnitValue(value: x, unit: unit))
    }

    static func city(_ x: Double, _ n: Int) throws -> CityWeather {
        var city = try ViewFixtures.details()
        city.timeZone = CityTimeZone(code: "X", name: "Europe/Berlin", gmtOffset: x)
        city.geoPosition = GeoPosition(latitude: x, longitude: x, elevation: measure(x, "m"))
        city.epochTime = n
        city.weatherIcon = n
        city.temperature = measure(x, "C")
        city.realFeelTemperature = measure(x, "C")
        city.realFeelTemperatureShade = measure(x, "C")
        city.apparentTemperature = measure(x, "C")
        city.dewPoint = measure(x, "C")
        city.relativeHumidity = n
        city.cloudCover = n
        city.uvIndex = n
        city.wind = Wind(direction: WindDirection(degrees: x, localized: nil, english: nil), speed: measure(x, "km/h"))
        city.windGust = Wind(direction: nil, speed: measure(x, "km/h"))
        city.visibility = measure(x, "km")
        city.pressure = measure(x, "mb")
        city.ceiling = measure(x, "m")
        city.precip1hr = measure(x, "mm")
        city.precipitationSummary = PrecipitationSummary(precipitation: measure(x, "mm"))
        return city
    }

    static func forecast(_ x: Double, _ n: Int) -> StoredForecast {
        let day = DailyForecast(date: "2026-11-22T07:00:00+\(n)", epochDate: n,
                                temperature: ValueRange(minimum: UnitValue(value: x, unit: "C"), maximum: UnitValue(value: -x, unit: "C")),
                                day: ForecastDayPart(icon: n, iconPhrase: "x", precipitationProbability: n))
        let start = Int(ViewFixtures.now.timeIntervalSince1970) / 3600 * 3600
        let hours = (0..<24).map { HourlyForecast(epochTime: start + $0 * 3600, temperatureCelsius: $0 % 2 == 0 ? x : 10, precipitationProbability: n) }
        return StoredForecast(fetchedAt: ViewFixtures.now, forecast: DailyForecastResponse(headline: nil, dailyForecasts: [day, day]),
                              hourly: HourlyForecastResponse(hours: hours))
    }

    @Test(arguments: doubles)
    func sortingAndMovingThroughExtremeValuesWorks(_ x: Double) throws {
        // Sorted by temperature and country among ordinary cities, both ways, then walked through.
        let cities = [try Self.city(x, .max), ViewFixtures.make(key: "2", name: "Oslo", celsius: 3),
                      try Self.city(-x, .min), ViewFixtures.make(key: "4", name: "Lima", celsius: 20)]
        var state = ViewFixtures.state(cities)
        state.feed?.cities = cities
        for action in [Action.sortBy(.temperature), .invertSort, .sortBy(.country), .invertSort, .toggleUnits,
                       .moveDown, .moveDown, .moveDown, .openDetail, .toggleMap, .last, .first] {
            _ = state.reduce(action)
            _ = BrowserView.render(state, size: TerminalSize(columns: 140, rows: 40))
        }
        #expect(Set(state.list.visibleCities.map(\.key)) == Set(cities.map(\.key)), "no city lost to an odd number")
    }

    @Test(arguments: doubles)
    func everyScreenDrawsExtremeValues(_ x: Double) throws {
        for n in Self.ints {
            let city = try Self.city(x, n)
            var base = ViewFixtures.state([city, ViewFixtures.make(key: "2", name: "Oslo")])
            base.detail.forecasts[city.key] = Self.forecast(x, n)
            // The saved feed's and forecast's own dates too.
            base.feed?.fetchedAt = Date(timeIntervalSince1970: x)
            base.detail.forecasts[city.key]?.fetchedAt = Date(timeIntervalSince1970: -x)
            _ = base.reduce(.tick(ViewFixtures.now))
            for units in [TemperatureUnit.metric, .imperial] {
                base.units = units
                var detail = base
                detail.detail.mode = .detail
                var map = base
                map.map.shown = true
                for state in [base, detail, map] {
                    for size in [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 140, rows: 40), TerminalSize(columns: 200, rows: 60)] {
                        let frame = BrowserView.render(state, size: size)
                        #expect(frame.width == size.columns)
                    }
                }
            }
        }
    }
}
