#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels

/// MET Norway's MetAlerts 2.0 `current.json?lat=&lon=` answer: a GeoJSON FeatureCollection,
/// each feature an alert with its CAP fields in `properties` and its period in `when.interval`.
struct METAlerts: Decodable {
    let type: String
    let features: [Skippable<Feature>]

    struct Feature: Decodable {
        let properties: Properties
        let onset: Date?
        let end: Date?

        enum CodingKeys: String, CodingKey { case properties, when }
        enum WhenKeys: String, CodingKey { case interval }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            properties = try container.decode(Properties.self, forKey: .properties)
            // `when.interval` is [start, end], ISO 8601 with an offset.
            if container.contains(.when), try !container.decodeNil(forKey: .when) {
                let when = try container.nestedContainer(keyedBy: WhenKeys.self, forKey: .when)
                var interval = try when.nestedUnkeyedContainer(forKey: .interval)
                onset = try Self.date(&interval)
                end = try Self.date(&interval)
            } else {
                onset = nil
                end = nil
            }
        }

        private static func date(_ interval: inout any UnkeyedDecodingContainer) throws -> Date? {
            guard !interval.isAtEnd, let text = try interval.decodeIfPresent(String.self) else { return nil }
            guard let date = AlertDate.parse(text) else {
                throw DecodingError.dataCorruptedError(in: interval, debugDescription: "not an ISO 8601 date")
            }
            return date
        }

        var alert: WeatherAlert? {
            if properties.type?.lowercased() == "cancel" { return nil }
            return WeatherAlert(
                event: AlertText.capped(properties.eventAwarenessName ?? properties.event, limit: AlertText.shortLimit) ?? "Alert",
                severity: properties.severity.map(AlertSeverity.init(sourceWord:)) ?? .unknown,
                headline: AlertText.capped(properties.title, limit: AlertText.shortLimit),
                description: AlertText.capped(properties.description, limit: AlertText.longLimit),
                instruction: AlertText.capped(properties.instruction, limit: AlertText.longLimit),
                onset: onset, expires: end,
                sender: AlertSource.metNorway.displayName, source: .metNorway
            )
        }
    }

    struct Properties: Decodable {
        /// MET's code for the event (`gale`, `forestFire`).
        let event: String
        /// The event's name in the answer's language (`Gale`).
        let eventAwarenessName: String?
        let severity: String?
        let title: String?
        let description: String?
        let instruction: String?
        /// CAP's message type: `Alert`, `Update` or `Cancel`.
        let type: String?
    }

    /// The answer's alerts; a body that is not a FeatureCollection of features is refused.
    static func decode(_ body: Data, by http: HTTPRequester) throws(ServiceError) -> DecodedAlerts {
        let collection = try http.decodeJSON(METAlerts.self, from: body)
        guard collection.type == "FeatureCollection" else {
            throw .unexpectedResponse(host: http.host, detail: "not a GeoJSON FeatureCollection")
        }
        return DecodedAlerts(collection.features) { $0.alert }
    }
}
