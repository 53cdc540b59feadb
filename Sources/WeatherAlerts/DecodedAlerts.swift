#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels

/// What one source's answer held: the alerts in force, and a notice for each alert left out.
public struct DecodedAlerts: Equatable, Sendable {
    /// In the source's order, cancellations, tests and all-clears left out.
    public var alerts: [WeatherAlert]
    /// One line for each alert whose fields could not be read (`alert skipped: alert 2: …`).
    public var notices: [String]

    public init(alerts: [WeatherAlert], notices: [String] = []) {
        self.alerts = alerts
        self.notices = notices
    }

    /// The alerts of `elements` that decode and `keep` maps to an alert, with a notice for each
    /// that did not decode.
    init<Element>(_ elements: [Skippable<Element>], keep: (Element) -> WeatherAlert?) {
        var alerts: [WeatherAlert] = []
        var notices: [String] = []
        for element in elements {
            switch element.result {
            case .success(let value): if let alert = keep(value) { alerts.append(alert) }
            case .failure(let skipped): notices.append(skipped.notice)
            }
        }
        self.init(alerts: alerts, notices: notices)
    }
}
