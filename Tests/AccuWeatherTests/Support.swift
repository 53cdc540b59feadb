import Foundation
import WeatherHTTP
import AccuWeather
import Testing

/// The key used by every test; long and distinctive so a leak is easy to spot.
let testKey = "SECRETkey0123456789abcdef"

/// The error an operation threw, or nil when it succeeded.
func capture<T>(_ operation: () async throws -> T) async -> ServiceError? {
    do {
        _ = try await operation()
        return nil
    } catch let error as ServiceError {
        return error
    } catch {
        Issue.record("not an ServiceError: \(error)")
        return nil
    }
}

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

/// The error with the loopback `host:port` of a test server written as `127.0.0.1:PORT`,
/// so expectations can be literal while still checking the port was the server's.
func normalized(_ error: ServiceError?, port: UInt16) -> ServiceError? {
    let actual = "127.0.0.1:\(port)"
    func fix(_ host: String) -> String { host == actual ? "127.0.0.1:PORT" : host }
    switch error {
    case .unreachable(let host)?: return .unreachable(host: fix(host))
    case .timedOut(let host, let seconds)?: return .timedOut(host: fix(host), seconds: seconds)
    case .unexpectedResponse(let host, let detail)?: return .unexpectedResponse(host: fix(host), detail: detail)
    default: return error
    }
}
