#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels

/// Bright Sky's `GET /alerts?lat=&lon=` answer: the Deutscher Wetterdienst's warnings for the
/// place's municipality cell, each in English and German (brightsky.yml's `Alert`).
struct BrightSkyAlerts: Decodable {
    let alerts: [Skippable<Alert>]

    struct Alert: Decodable {
        let onset: Date?
        let expires: Date?
        let severity: String?
        let responseType: String?
        let eventEn: String?
        let eventDe: String?
        let headlineEn: String?
        let headlineDe: String?
        let descriptionEn: String?
        let descriptionDe: String?
        let instructionEn: String?
        let instructionDe: String?

        enum CodingKeys: String, CodingKey {
            case onset, expires, severity
            case responseType = "response_type"
            case eventEn = "event_en", eventDe = "event_de"
            case headlineEn = "headline_en", headlineDe = "headline_de"
            case descriptionEn = "description_en", descriptionDe = "description_de"
            case instructionEn = "instruction_en", instructionDe = "instruction_de"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            onset = try container.alertDate(forKey: .onset)
            expires = try container.alertDate(forKey: .expires)
            severity = try container.decodeIfPresent(String.self, forKey: .severity)
            responseType = try container.decodeIfPresent(String.self, forKey: .responseType)
            eventEn = try container.decodeIfPresent(String.self, forKey: .eventEn)
            eventDe = try container.decodeIfPresent(String.self, forKey: .eventDe)
            headlineEn = try container.decodeIfPresent(String.self, forKey: .headlineEn)
            headlineDe = try container.decodeIfPresent(String.self, forKey: .headlineDe)
            descriptionEn = try container.decodeIfPresent(String.self, forKey: .descriptionEn)
            descriptionDe = try container.decodeIfPresent(String.self, forKey: .descriptionDe)
            instructionEn = try container.decodeIfPresent(String.self, forKey: .instructionEn)
            instructionDe = try container.decodeIfPresent(String.self, forKey: .instructionDe)
        }

        /// The English texts where the DWD gives them, the German otherwise; nil for an all-clear.
        var alert: WeatherAlert? {
            if responseType?.lowercased() == "allclear" { return nil }
            let event = AlertText.capped(eventEn, limit: AlertText.shortLimit) ?? AlertText.capped(eventDe, limit: AlertText.shortLimit)
            let headline = AlertText.capped(headlineEn, limit: AlertText.shortLimit) ?? AlertText.capped(headlineDe, limit: AlertText.shortLimit)
            return WeatherAlert(
                event: event ?? headline ?? "Alert",
                severity: severity.map(AlertSeverity.init(sourceWord:)) ?? .unknown,
                headline: headline,
                description: AlertText.capped(descriptionEn, limit: AlertText.longLimit) ?? AlertText.capped(descriptionDe, limit: AlertText.longLimit),
                instruction: AlertText.capped(instructionEn, limit: AlertText.longLimit) ?? AlertText.capped(instructionDe, limit: AlertText.longLimit),
                onset: onset, expires: expires,
                sender: "Deutscher Wetterdienst", source: .brightSky
            )
        }
    }

    /// The answer's alerts; a body without an `alerts` list is refused.
    static func decode(_ body: Data, by http: HTTPRequester) throws(ServiceError) -> DecodedAlerts {
        DecodedAlerts(try http.decodeJSON(BrightSkyAlerts.self, from: body).alerts) { $0.alert }
    }
}
