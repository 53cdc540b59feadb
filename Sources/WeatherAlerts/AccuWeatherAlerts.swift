#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels

/// AccuWeather's `GET /alerts/v1/{locationKey}?details=true` answer, as its documentation gives
/// it: a JSON array of alerts, each naming the agency that issued it (`Source`), its words
/// (`Description`), and per area its period and, with details, its text.
struct AccuWeatherAlerts: Decodable {
    let alerts: [Skippable<Alert>]

    init(from decoder: any Decoder) throws {
        alerts = try decoder.singleValueContainer().decode([Skippable<Alert>].self)
    }

    struct Words: Decodable {
        let localized: String?
        let english: String?

        enum CodingKeys: String, CodingKey {
            case localized = "Localized", english = "English"
        }

        /// The words in the language asked for, else the English.
        var text: String? { localized ?? english }
    }

    struct Area: Decodable {
        let name: String?
        let startTime: Date?
        let endTime: Date?
        let summary: String?
        let text: String?
        let lastAction: Words?

        enum CodingKeys: String, CodingKey {
            case name = "Name", startTime = "StartTime", endTime = "EndTime", summary = "Summary", text = "Text", lastAction = "LastAction"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            startTime = try container.alertDate(forKey: .startTime)
            endTime = try container.alertDate(forKey: .endTime)
            summary = try container.decodeIfPresent(String.self, forKey: .summary)
            text = try container.decodeIfPresent(String.self, forKey: .text)
            lastAction = try container.decodeIfPresent(Words.self, forKey: .lastAction)
        }
    }

    struct Alert: Decodable {
        let description: Words?
        let level: String?
        let source: String?
        let areas: [Area]?

        enum CodingKeys: String, CodingKey {
            case description = "Description", level = "Level", source = "Source", areas = "Area"
        }

        /// The alert for the place's area (the first AccuWeather lists for it); nil when its last
        /// action cancels it. AccuWeather gives no CAP severity: a `Level` that is a CAP word is
        /// taken, anything else (`Warning`, `Watch`…) is `unknown`.
        var alert: WeatherAlert? {
            let area = areas?.first
            if let action = area?.lastAction?.english?.lowercased(), action == "cancel" || action == "expire" { return nil }
            let event = AlertText.capped(description?.text, limit: AlertText.shortLimit)
            let summary = AlertText.capped(area?.summary, limit: AlertText.shortLimit)
            return WeatherAlert(
                event: event ?? summary ?? "Alert",
                severity: level.map(AlertSeverity.init(sourceWord:)) ?? .unknown,
                headline: summary,
                description: AlertText.capped(area?.text, limit: AlertText.longLimit),
                instruction: nil,
                onset: area?.startTime, expires: area?.endTime,
                sender: AlertText.capped(source, limit: AlertText.shortLimit) ?? AlertSource.accuWeather.displayName,
                source: .accuWeather
            )
        }
    }

    /// The answer's alerts; a body that is not a JSON array is refused.
    static func decode(_ body: Data, by http: HTTPRequester) throws(ServiceError) -> DecodedAlerts {
        DecodedAlerts(try http.decodeJSON(AccuWeatherAlerts.self, from: body).alerts) { $0.alert }
    }
}
