#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherModels

extension StoredAlerts: SchemaVersioned {}

extension AppFiles {
    /// `Alerts.plist`: the official alerts every run was told, and the alerts sources' holds.
    public static let alertsName = "Alerts.plist"
    /// The most `Alerts.plist` is read to: a few capped texts for each covered place.
    public static let alertsMaxBytes = 8 << 20

    /// The alerts cache, beside the air's in the cache folder.
    public var alerts: Cache<StoredAlerts> {
        Cache<StoredAlerts>(name: Self.alertsName, directory: airQuality.url.deletingLastPathComponent(), maxBytes: Self.alertsMaxBytes)
    }

    /// The saved alerts (none when there are none), and what the user is told when the file could
    /// not be used (an unreadable one has been moved aside).
    public func loadAlerts() -> (alerts: StoredAlerts, notice: FileNotice?) {
        do {
            return (try alerts.load(), nil)
        } catch {
            return (StoredAlerts(), error.notUsed(Self.alertsName, then: .alertsAskedAgain))
        }
    }

    /// Joins `value` to what the file holds now, under its lock (another run may have asked
    /// about other places meanwhile): each place keeps its later asking.
    public func saveAlerts(_ value: StoredAlerts, now: Date) throws(ArchiveError) {
        try alerts.update(empty: StoredAlerts()) { saved in saved = saved.merged(with: value).pruned(at: now) }
    }
}
