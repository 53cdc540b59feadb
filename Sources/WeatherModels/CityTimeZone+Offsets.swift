#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport

extension CityTimeZone {
    /// Seconds east of UTC at `epoch`: the offset the source gave with its data at `sourceTime`,
    /// moved by any change the named zone makes between the two, so that hours past a summer
    /// time change are labelled in the new local time. The source's offset stays the base: a zone
    /// the system lacks, or a name that does not match it, changes nothing.
    public func offsetSeconds(at epoch: Int, sourceTime: Int) -> Int {
        let given = Int((gmtOffset * 3600).rounded())
        guard let name, let zone = ZoneInfo.cached(named: name) else { return given }
        let then = zone.secondsFromGMT(at: Date(timeIntervalSince1970: TimeInterval(sourceTime)))
        let at = zone.secondsFromGMT(at: Date(timeIntervalSince1970: TimeInterval(epoch)))
        return given + (at - then)
    }
}

extension ZoneInfo {
    private static let loaded = Lock()
    nonisolated(unsafe) private static var zones: [String: ZoneInfo?] = [:]

    /// `named(_:)`, each name read from the tz database once per process (a view asks every frame).
    public static func cached(named identifier: String) -> ZoneInfo? {
        loaded.withLock {
            if let known = zones[identifier] { return known }
            let zone = named(identifier)
            zones[identifier] = zone
            return zone
        }
    }
}
