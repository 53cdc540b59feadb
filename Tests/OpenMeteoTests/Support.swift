import Foundation
import WeatherHTTP
import WeatherModels
@testable import OpenMeteo

/// The transport the tests send real requests through (the app's live one).
let liveTransport: any HTTPTransport = AsyncHTTPTransport.shared

/// Payloads in Tests/Fixtures: Open-Meteo's in the documented shape, AccuWeather's captured.
enum Fixture {
    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }

    /// The repository's root, found from this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func openMeteo(_ name: String) throws -> Data {
        try data("Tests/Fixtures/open-meteo/\(name)")
    }

    /// A JSON fixture with `edit` applied to its parsed value.
    static func edited(_ name: String, _ edit: (inout Any) -> Void) throws -> Data {
        var value = try JSONSerialization.jsonObject(with: openMeteo(name))
        edit(&value)
        return try JSONSerialization.data(withJSONObject: value)
    }
}

extension TopCity {
    /// A city for requests; only the coordinate and names matter to the client.
    static func make(
        key: String = "178087", englishName: String = "Berlin", names: [String: String] = [:],
        countryCode: String = "DE", countryName: String = "Germany", countryNames: [String: String] = [:],
        latitude: Double = 52.51767, longitude: Double = 13.40554, timeZone: String = "Europe/Berlin"
    ) -> TopCity {
        TopCity(
            key: key, englishName: englishName, localizedNames: names,
            country: Country(id: countryCode, localizedName: countryName, englishName: countryName),
            localizedCountryNames: countryNames, latitude: latitude, longitude: longitude, timeZone: timeZone
        )
    }

    /// The three cities of `forecast-three-documented.json`, in its order.
    static let threeDocumented: [TopCity] = [
        .make(key: "226396", englishName: "Tokyo", names: ["ja-jp": "東京"], countryCode: "JP", countryName: "Japan",
              countryNames: ["ja-jp": "日本"], latitude: 35.68301, longitude: 139.809, timeZone: "Asia/Tokyo"),
        .make(key: "60449", englishName: "Santiago", countryCode: "CL", countryName: "Chile",
              latitude: -33.44643, longitude: -70.65901, timeZone: "America/Santiago"),
        .make(key: "190390", englishName: "Reykjavik", names: ["is-is": "Reykjavík"], countryCode: "IS", countryName: "Iceland",
              latitude: 64.13738, longitude: -21.90248, timeZone: "Atlantic/Reykjavik"),
    ]
}
