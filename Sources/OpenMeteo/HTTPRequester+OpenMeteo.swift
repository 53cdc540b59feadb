#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels
import WeatherSource

/// What every Open-Meteo API (forecast, geocoding, air quality) answers alike: its error body, and
/// a list of locations in request order for several coordinates but a bare object for one.
extension HTTPRequester {
    /// An error status in the server's words where it gave them (`{"error": true, "reason": …}`);
    /// a 429 carries the earliest time to ask again, counted from `answeredAt`.
    func openMeteoError(_ response: HTTPTransportResponse, answeredAt: Date) -> ServiceError {
        let status = response.statusCode
        let reason = (try? JSONDecoder().decode(OpenMeteoErrorBody.self, from: response.body)).map { serverWords($0.reason) }
        if status == 429 {
            // Its limits are by the minute, hour and day: without the server's words, not "daily".
            let until = RateLimitHold.until(retryAfter: response.header("Retry-After"), reason: reason, answeredAt: answeredAt)
            return .rateLimited(reason: reason ?? "request limit reached, try again later", status: status, until: until)
        }
        if let reason { return .rejected(reason: reason, status: status) }
        return unexplainedStatus(response)
    }

    /// One `Location` per place asked for, in their order (`names` are their English names); an
    /// answer of another length is refused, and what is wrong inside one names its place
    /// (`city 2 (Santiago): current.pm10 has the wrong type`).
    func decodeLocations<Location: Decodable>(
        _ type: Location.Type, from body: Data, names: [String]
    ) throws(ServiceError) -> [Location] {
        let locations: [Location]
        if BodySniffer.firstSignificantByte(body) == UInt8(ascii: "{") {
            locations = [try decodeJSON(Location.self, from: body) { path in
                Self.locationPath([CityIndexKey(index: 0)] + path, names: names)
            }]
        } else {
            locations = try decodeJSON([Location].self, from: body) { path in Self.locationPath(path, names: names) }
        }
        guard locations.count == names.count else {
            let noun = locations.count == 1 ? "location" : "locations"
            throw .unexpectedResponse(host: host, detail: "\(locations.count) \(noun) for \(names.count) asked")
        }
        return locations
    }

    /// `city 3 (Beijing): current.temperature_2m has the wrong type` — 1-based, as a person counts.
    static func locationPath(_ path: [any CodingKey], names: [String]) -> String {
        ordinalPath(path, noun: "city") { names.indices.contains($0) ? names[$0] : nil }
    }

    /// The latitudes and longitudes, in their order, as the APIs take them.
    static func coordinateQuery(latitudes: [Double], longitudes: [Double]) -> [(String, String)] {
        [
            ("latitude", latitudes.map(OpenMeteoClient.coordinate).joined(separator: ",")),
            ("longitude", longitudes.map(OpenMeteoClient.coordinate).joined(separator: ",")),
        ]
    }
}

/// The position of a bare single-location answer, so its errors read like the list's (`city 1`).
private struct CityIndexKey: CodingKey {
    let index: Int
    init(index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }
    var stringValue: String { String(index) }
    var intValue: Int? { index }
}
