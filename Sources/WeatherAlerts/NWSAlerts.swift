#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels

/// The National Weather Service's `GET /alerts/active?point=` answer: a GeoJSON
/// FeatureCollection whose features carry each alert in `properties` (api.weather.gov's
/// `AlertCollectionGeoJson`; CAP 1.2's fields).
struct NWSAlerts: Decodable {
    let type: String
    let features: [Skippable<Feature>]

    struct Feature: Decodable {
        let properties: Properties
    }

    struct Properties: Decodable {
        let event: String
        let severity: String?
        let headline: String?
        let description: String?
        let instruction: String?
        let onset: Date?
        let expires: Date?
        let ends: Date?
        let senderName: String?
        let status: String?
        let messageType: String?

        enum CodingKeys: String, CodingKey {
            case event, severity, headline, description, instruction, onset, expires, ends, senderName, status, messageType
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            event = try container.decode(String.self, forKey: .event)
            severity = try container.decodeIfPresent(String.self, forKey: .severity)
            headline = try container.decodeIfPresent(String.self, forKey: .headline)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            instruction = try container.decodeIfPresent(String.self, forKey: .instruction)
            onset = try container.alertDate(forKey: .onset)
            expires = try container.alertDate(forKey: .expires)
            ends = try container.alertDate(forKey: .ends)
            senderName = try container.decodeIfPresent(String.self, forKey: .senderName)
            status = try container.decodeIfPresent(String.self, forKey: .status)
            messageType = try container.decodeIfPresent(String.self, forKey: .messageType)
        }

        /// The alert a person should see; nil for a cancellation and for anything but an actual
        /// alert (CAP's `Exercise`, `System`, `Test`, `Draft`).
        var alert: WeatherAlert? {
            if let status, status.lowercased() != "actual" { return nil }
            if messageType?.lowercased() == "cancel" { return nil }
            return WeatherAlert(
                event: AlertText.capped(event, limit: AlertText.shortLimit) ?? "Alert",
                severity: severity.map(AlertSeverity.init(sourceWord:)) ?? .unknown,
                headline: AlertText.capped(headline, limit: AlertText.shortLimit),
                description: AlertText.capped(description, limit: AlertText.longLimit),
                instruction: AlertText.capped(instruction, limit: AlertText.longLimit),
                onset: onset,
                // The hazard's end where the NWS gives one; the message's own expiry otherwise.
                expires: ends ?? expires,
                sender: AlertText.capped(senderName, limit: AlertText.shortLimit) ?? AlertSource.nws.displayName,
                source: .nws
            )
        }
    }

    /// The answer's alerts; a body that is not a FeatureCollection of features is refused.
    static func decode(_ body: Data, by http: HTTPRequester) throws(ServiceError) -> DecodedAlerts {
        let collection = try http.decodeJSON(NWSAlerts.self, from: body)
        guard collection.type == "FeatureCollection" else {
            throw .unexpectedResponse(host: http.host, detail: "not a GeoJSON FeatureCollection")
        }
        return DecodedAlerts(collection.features) { $0.properties.alert }
    }
}
