import Foundation
import WeatherModels
@testable import WeatherTUI

/// Cities and models for view tests; real payloads from `Tests/Fixtures/accuweather/`.
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

    static func forecast() throws -> DailyForecastResponse {
        try JSONDecoder().decode(DailyForecastResponse.self, from: Data(contentsOf: directory.appendingPathComponent("forecast-daily-5day.json")))
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

    /// A model "now" = 2026-11-22 12:09 UTC, fetched 5 minutes before.
    static let now = Date(timeIntervalSince1970: 1_795_349_340)

    static func model(_ cities: [CityWeather], selected: Int? = 0) -> BrowserModel {
        BrowserModel(feedSize: 50, fetchedAt: now.addingTimeInterval(-300), now: now, apiCallsLeft: 42, cities: cities, selectedIndex: selected)
    }
}
