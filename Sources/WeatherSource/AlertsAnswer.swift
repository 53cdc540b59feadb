#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels

/// One place's alerts from its source, and until when the answer holds.
public struct AlertsAnswer: Equatable, Sendable {
    public var alerts: [WeatherAlert]
    /// One line for each alert left out because its fields could not be read.
    public var notices: [String]
    /// No request for the same place to the same source before then.
    public var freshUntil: Date

    public init(alerts: [WeatherAlert], notices: [String] = [], freshUntil: Date) {
        self.alerts = alerts
        self.notices = notices
        self.freshUntil = freshUntil
    }
}
