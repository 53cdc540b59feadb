import Foundation
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI

/// Cities and states for view tests; real payloads from `Tests/Fixtures/accuweather/`.
enum ViewFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/accuweather")

    static func topCities() throws -> [CityWeather] {
        try JSONDecoder().decode([CityWeather].self, from: Data(contentsOf: directory.appendingPathComponent("topcities-50-en-2017.json")))
    }

    /// The details payload (a city's current conditions) given the identity of the first top city, 東京-style names.
    static func details() throws -> CityWeather {
        let data = try Data(contentsOf: directory.appendingPathComponent("currentconditions-details.json"))
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
        object["Key"] = "226396"
        object["LocalizedName"] = "東京"
        object["EnglishName"] = "Tokyo"
        object["Country"] = ["ID": "JP", "LocalizedName": "日本", "EnglishName": "Japan"]
        object["TimeZone"] = ["Code": "JST", "Name": "Asia/Tokyo", "GmtOffset": 9]
        object["GeoPosition"] = ["Latitude": 35.6895, "Longitude": 139.6917, "Elevation": ["Metric": ["Value": 40, "Unit": "m"], "Imperial": ["Value": 131, "Unit": "ft"]]]
        return try JSONDecoder().decode(CityWeather.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// The captured 5-day forecast, its days moved to start on the day of `now` (in its own
    /// UTC+2): a detail shows no day gone by, and the capture's are years past.
    static func forecast() throws -> DailyForecastResponse {
        var forecast = try JSONDecoder().decode(DailyForecastResponse.self, from: Data(contentsOf: directory.appendingPathComponent("forecast-daily-5day.json")))
        let first = forecast.dailyForecasts.first?.epochDate ?? 0
        let shift = (Int(now.timeIntervalSince1970) / 86400 - first / 86400) * 86400
        let iso = ISO8601DateFormatter()
        iso.timeZone = TimeZone(secondsFromGMT: 7200)
        for i in forecast.dailyForecasts.indices {
            forecast.dailyForecasts[i].epochDate += shift
            forecast.dailyForecasts[i].date = iso.string(from: Date(timeIntervalSince1970: TimeInterval(forecast.dailyForecasts[i].epochDate)))
        }
        return forecast
    }

    static func make(key: String = "1", name: String, english: String? = nil, country: String = "Japan", countryEnglish: String? = nil,
                     celsius: Double = 12.5, text: String = "Sunny", icon: Int = 1) -> CityWeather {
        CityWeather(
            key: key, localizedName: name, englishName: english ?? name,
            country: Country(id: "XX", localizedName: country, englishName: countryEnglish ?? country),
            weatherText: text, weatherIcon: icon, isDayTime: true,
            temperature: MetricImperial(metric: UnitValue(value: celsius, unit: "C"), imperial: UnitValue(value: celsius * 9 / 5 + 32, unit: "F"))
        )
    }

    /// A state's "now" = 2026-11-22 12:09 UTC, fetched 5 minutes before.
    static let now = Date(timeIntervalSince1970: 1_795_349_340)

    /// A state showing `cities` in the order given (no sorting: the test decides the rows), in UTC,
    /// with 42 API calls left.
    static func state(_ cities: [CityWeather], selected: Int? = 0) -> State {
        var state = State(config: AppConfig(timeZone: .utc), now: now)
        state.feed = WeatherFeed(fetchedAt: now.addingTimeInterval(-300), request: FeedRequest(count: 50, language: "en-us"), cities: cities)
        state.source = .archive
        state.rateLimitRemaining = 42
        state.list.visibleCities = cities
        state.list.selectedKey = selected.flatMap { cities.indices.contains($0) ? cities[$0].key : nil }
        return state
    }

    /// The state with `forecast` fetched for the selected city.
    static func withForecast(_ state: State, _ forecast: DailyForecastResponse) -> State {
        var state = state
        if let key = state.selectedCity?.key { state.detail.forecasts[key] = StoredForecast(fetchedAt: now, forecast: forecast) }
        return state
    }
}
