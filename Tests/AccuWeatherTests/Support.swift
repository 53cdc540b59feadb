import Foundation
import HTTPTestSupport
import WeatherHTTP
import AccuWeather
import WeatherSource
import Testing

/// The key used by every test; long and distinctive so a leak is easy to spot.
let testKey = "SECRETkey0123456789abcdef"

/// Real captured AccuWeather payloads in Tests/Fixtures/accuweather.
enum Fixture {
    static func data(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/accuweather/\(name)")
        return try Data(contentsOf: url)
    }

    static var topCities: Data {
        get throws { try data("topcities-50-en-2017.json") }
    }

    static var forecast: Data {
        get throws { try data("forecast-daily-5day.json") }
    }

    /// The details sample as Top Cities sends it: one element, with a city's identity merged in.
    static var detailsInArray: Data {
        get throws {
            let cities = try JSONSerialization.jsonObject(with: topCities) as? [[String: Any]] ?? []
            var details = try JSONSerialization.jsonObject(with: data("currentconditions-details.json")) as? [String: Any] ?? [:]
            if let first = cities.first {
                for key in ["Key", "LocalizedName", "EnglishName", "Country", "TimeZone", "GeoPosition"] {
                    details[key] = first[key]
                }
            }
            return try JSONSerialization.data(withJSONObject: [details])
        }
    }

    /// The Top Cities sample with one field of one city replaced (or removed with `nil`).
    static func topCities(city index: Int, field: String, value: Any?) throws -> Data {
        var cities = try JSONSerialization.jsonObject(with: topCities) as? [[String: Any]] ?? []
        cities[index][field] = value
        return try JSONSerialization.data(withJSONObject: cities)
    }
}
