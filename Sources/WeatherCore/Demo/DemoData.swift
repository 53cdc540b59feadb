#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels
import EssentialsSupport

/// The bundled demo: 150 plausible cities with every details field, a week's daily and a day's hourly forecasts, compiled
/// into the binary (`DemoData+Embedded.swift`, generated from `Resources/demo` by
/// `scripts/make-demo-data`) so `--demo` works with no key, no network and no files around it.
public enum DemoData {
    /// All 150 cities, decoded once.
    static let allCities: [CityWeather] = decode([CityWeather].self, topCitiesJSON) ?? []
    /// Forecasts by city key, decoded once.
    static let allForecasts: [String: DailyForecastResponse] = decode([String: DailyForecastResponse].self, forecastsJSON) ?? [:]

    /// Each city's day by the hour, by city key: values for local hours 0 to 23, decoded once.
    static let allHourly: [String: DemoHours] = decode([String: DemoHours].self, hourlyJSON) ?? [:]

    /// The capture time the bundled data was generated for; shifted to "now" when served.
    static let generatedAt = 1_795_340_400

    /// The first `count` cities and the `own` ones not among them, observed a few minutes before `fetchedAt`.
    public static func feed(count: Int, language: String, fetchedAt: Date, own: [PinnedCity] = []) -> WeatherFeed {
        let observed = Int(fetchedAt.timeIntervalSince1970) - 7 * 60
        let top = Array(allCities.prefix(count))
        let topKeys = Set(top.map(\.key))
        let places = own.filter { !topKeys.contains($0.key) }.compactMap { city in
            city.place.flatMap { conditions(for: $0, key: city.key, at: fetchedAt) }
        }
        let words = Language.resolve(language).language
        let cities = (top + places).map { city -> CityWeather in
            // The zone's offset and name now, from the tz database as the live sources' are, not
            // those of the day the data was bundled.
            var city = city
            if let zone = zone(named: city.timeZone?.name, at: fetchedAt) { city.timeZone = zone }
            city.epochTime = observed
            city.localObservationDateTime = localISO(epoch: observed, offsetHours: city.timeZone?.gmtOffset ?? 0)
            // The map's rain layer from the demo's own hours, as Open-Meteo's list brings it.
            city.rainChanceNextHours = hourly(cityKey: city.key, now: fetchedAt).flatMap { RainChance($0.hours) }
            return translated(atLocalHour(city, epoch: observed), into: words)
        }
        return WeatherFeed(fetchedAt: fetchedAt, request: FeedRequest(count: count, language: language), cities: cities,
                           placeKeys: places.isEmpty ? nil : places.map(\.key))
    }

    /// `city` with its weather's words in `language`, as AccuWeather sends them in the language
    /// asked for: the bundled words are English, and AccuWeather's phrase for an icon is the same
    /// whatever the place (the catalogues' `icon.<number>`).
    static func translated(_ city: CityWeather, into language: Language) -> CityWeather {
        guard language != .english else { return city }
        var city = city
        if let icon = city.weatherIcon, Catalogue.english.entries["icon.\(icon)"] != nil { city.weatherText = language.text("icon.\(icon)") }
        if let uv = city.uvIndexText, Catalogue.english.entries["uv.\(uv)"] != nil { city.uvIndexText = language.text("uv.\(uv)") }
        if let code = city.pressureTendency?.code, Catalogue.english.entries["pressure.\(code)"] != nil {
            city.pressureTendency?.localizedText = language.text("pressure.\(code)")
        }
        return city
    }

    /// `forecast` with its headline and its days' phrases in `language`, as AccuWeather sends them
    /// in the language asked for: the bundled ones are English, each day's phrase its icon's
    /// (`icon.<number>`), the headline `<an icon's phrase> through the week in <place>`.
    static func translated(_ forecast: DailyForecastResponse, into language: Language) -> DailyForecastResponse {
        guard language != .english else { return forecast }
        var forecast = forecast
        func translate(_ part: inout ForecastDayPart?) {
            guard let icon = part?.icon, Catalogue.english.entries["icon.\(icon)"] != nil else { return }
            let words = language.text("icon.\(icon)")
            if part?.shortPhrase != nil, part?.shortPhrase == part?.iconPhrase { part?.shortPhrase = words }
            if part?.iconPhrase != nil { part?.iconPhrase = words }
        }
        forecast.dailyForecasts = forecast.dailyForecasts.map { day in
            var day = day
            translate(&day.day)
            translate(&day.night)
            return day
        }
        if let text = forecast.headline?.text, let cut = text.firstRange(of: headlineJoin),
           let key = iconKeys[String(text[..<cut.lowerBound])] {
            forecast.headline?.text = language.text("demo.headline", ("weather", language.text(key)), ("place", String(text[cut.upperBound...])))
        }
        return forecast
    }

    /// What joins the weather and the place in a bundled headline.
    static let headlineJoin = " through the week in "

    /// The icons' catalogue keys by their English phrase; a phrase of a day's icon and a night's
    /// (`Mostly cloudy`, 6 and 38) is the day's, the lower number, as a headline speaks of days.
    static let iconKeys: [String: String] = {
        var keys: [String: (number: Int, key: String)] = [:]
        for (key, phrase) in Catalogue.english.entries where key.hasPrefix("icon.") {
            guard let number = Int(key.dropFirst("icon.".count)) else { continue }
            if let kept = keys[phrase], kept.number < number { continue }
            keys[phrase] = (number, key)
        }
        return keys.mapValues(\.key)
    }()

    /// The city's week of daily forecast, starting today, its words in `language` (a tag; nil: English).
    public static func forecast(cityKey: String, now: Date, language: String? = nil) -> DailyForecastResponse? {
        let bundledKey = forecastKey(for: cityKey)
        guard var forecast = allForecasts[bundledKey], let first = forecast.dailyForecasts.first else { return nil }
        let offset = offsetHours(for: cityKey, at: now)
        // Move the days so the first one is the city's today (07:00 local, as AccuWeather dates them).
        let offsetSeconds = Int((offset * 3600).rounded())
        let localNow = Int(now.timeIntervalSince1970) + offsetSeconds
        let today = localNow - ((localNow % 86400) + 86400) % 86400 - offsetSeconds + 7 * 3600
        let dayShift = today - first.epochDate
        forecast.dailyForecasts = forecast.dailyForecasts.map { day in
            var day = day
            day.epochDate += dayShift
            day.date = localISO(epoch: day.epochDate, offsetHours: offset)
            return day
        }
        return translated(forecast, into: Language.resolve(language).language)
    }

    /// The city's next 24 hours from the current hour, each at its local hour of the bundled day.
    public static func hourly(cityKey: String, now: Date) -> HourlyForecastResponse? {
        let bundledKey = forecastKey(for: cityKey)
        guard let day = allHourly[bundledKey], day.isComplete else { return nil }
        let offset = Int((offsetHours(for: cityKey, at: now) * 3600).rounded())
        let thisHour = Int(now.timeIntervalSince1970) / 3600 * 3600
        let geo = position(for: cityKey)
        let hours = (0..<hoursAhead).map { n -> HourlyForecast in
            let epoch = thisHour + n * 3600
            let local = (((epoch + offset) / 3600) % 24 + 24) % 24
            let daylight = isDaylight(at: geo, epoch: epoch, offsetSeconds: offset)
            return HourlyForecast(epochTime: epoch, temperatureCelsius: day.temperature[local], precipitationProbability: day.chance[local],
                                  weatherIcon: icon(day.icon[local], text: nil, day: daylight).icon, weatherText: nil, isDaylight: daylight)
        }
        return HourlyForecastResponse(hours: hours)
    }

    /// Hours of the demo's hourly forecast, as Open-Meteo's one request brings.
    static let hoursAhead = 24

    /// Every listed city's days and hours, as a fetch that brings them at no cost would.
    public static func forecasts(for feed: WeatherFeed) -> [String: StoredForecast] {
        var out: [String: StoredForecast] = [:]
        for city in feed.cities {
            guard let daily = forecast(cityKey: city.key, now: feed.fetchedAt, language: feed.request.language) else { continue }
            out[city.key] = StoredForecast(fetchedAt: feed.fetchedAt, forecast: daily, hourly: hourly(cityKey: city.key, now: feed.fetchedAt))
        }
        return out
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// `2026-11-22T14:33:00+09:00` for an epoch and a fractional offset.
    static func localISO(epoch: Int, offsetHours: Double) -> String {
        CivilTime.iso8601(epoch: epoch, utcOffsetSeconds: CityTimeZone.seconds(ofOffsetHours: offsetHours) ?? 0)
    }
}

/// One demo city's day by the hour, in the compact form `scripts/make-demo-data` writes.
struct DemoHours: Decodable {
    /// °C at local hours 0…23.
    var temperature: [Double]
    /// Chance of precipitation, %.
    var chance: [Int]
    /// AccuWeather icon codes.
    var icon: [Int]

    var isComplete: Bool { temperature.count == 24 && chance.count == 24 && icon.count == 24 }
}
