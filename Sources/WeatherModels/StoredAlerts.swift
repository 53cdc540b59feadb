#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The official alerts every run of the program was told, kept in `Alerts.plist` in the cache
/// folder: `--once` and the browser share it, so a place is asked about once in ten minutes
/// whichever of them asks (docs/spec.md §4 "Official alerts").
public struct StoredAlerts: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// What was last heard for each place, by city key.
    public var byCityKey: [String: PlaceAlerts]
    /// Each source's hold (a 429's `Retry-After`), by `AlertSource.rawValue`.
    public var holds: [String: SourceHold]

    public init(schemaVersion: Int = StoredAlerts.currentSchemaVersion, byCityKey: [String: PlaceAlerts] = [:],
                holds: [String: SourceHold] = [:]) {
        self.schemaVersion = schemaVersion
        self.byCityKey = byCityKey
        self.holds = holds
    }

    /// These and `other` together: for each place the later asking, for each source the later hold.
    public func merged(with other: StoredAlerts) -> StoredAlerts {
        StoredAlerts(
            byCityKey: byCityKey.merging(other.byCityKey) { mine, theirs in theirs.askedAt > mine.askedAt ? theirs : mine },
            holds: holds.merging(other.holds) { mine, theirs in theirs.until > mine.until ? theirs : mine }
        )
    }

    /// Without what no run needs any more: places last asked about a day before `now`, holds past.
    public func pruned(at now: Date) -> StoredAlerts {
        StoredAlerts(
            byCityKey: byCityKey.filter { now.timeIntervalSince($0.value.askedAt) < 86_400 },
            holds: holds.filter { $0.value.until > now }
        )
    }
}

/// What one source last said of one place: its alerts, or why it could not be asked.
public struct PlaceAlerts: Codable, Equatable, Sendable {
    public var source: AlertSource
    /// When the request went.
    public var askedAt: Date
    /// No request for this place to this source before then (ten minutes at least, or longer
    /// when the source's `Cache-Control` says).
    public var nextAskAt: Date
    /// The alerts the source gave (expired ones are dropped when shown); nil when it could not be asked.
    public var alerts: [WeatherAlert]?
    /// Why it could not be asked, when it could not.
    public var failure: String?

    public init(source: AlertSource, askedAt: Date, nextAskAt: Date, alerts: [WeatherAlert]?, failure: String? = nil) {
        self.source = source
        self.askedAt = askedAt
        self.nextAskAt = nextAskAt
        self.alerts = alerts
        self.failure = failure
    }
}
