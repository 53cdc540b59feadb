#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport

extension CityTimeZone {
    /// Whether some place could be `hours` from UTC (NaN and the like are not).
    public static func isPlausible(offsetHours hours: Double) -> Bool {
        abs(hours) <= 24
    }

    /// An offset in hours as whole seconds; nil when no place has it.
    public static func seconds(ofOffsetHours hours: Double) -> Int? {
        isPlausible(offsetHours: hours) ? Int((hours * 3600).rounded()) : nil
    }

    /// Seconds east of UTC at `epoch`: the offset the source gave with its data at `sourceTime`,
    /// moved by any change the named zone makes between the two, so that hours past a summer
    /// time change are labelled in the new local time. The source's offset stays the base: a zone
    /// the system lacks, or a name that does not match it, changes nothing.
    /// An offset no place has (a broken or foreign feed's) counts as UTC.
    public func offsetSeconds(at epoch: Int, sourceTime: Int) -> Int {
        guard let given = Self.seconds(ofOffsetHours: gmtOffset) else { return 0 }
        guard let name, let zone = ZoneInfo.cached(named: name) else { return given }
        let then = zone.secondsFromGMT(at: Date(timeIntervalSince1970: TimeInterval(sourceTime)))
        let at = zone.secondsFromGMT(at: Date(timeIntervalSince1970: TimeInterval(epoch)))
        return given + (at - then)
    }

    /// The zone's short name at `epoch`: the source's code while the offset is the one the source
    /// gave, else the tz database's abbreviation for the new time (nil when it has none).
    public func code(at epoch: Int, sourceTime: Int) -> String? {
        guard let given = Self.seconds(ofOffsetHours: gmtOffset), offsetSeconds(at: epoch, sourceTime: sourceTime) != given else { return code }
        return name.flatMap { ZoneInfo.cached(named: $0) }?.abbreviation(at: Date(timeIntervalSince1970: TimeInterval(epoch)))
    }
}

extension CityWeather {
    /// When the source gave the city's zone offset (seconds since 1970): with its observation,
    /// else taken as `now`.
    public func zoneGivenAt(now: Date) -> Int {
        epochTime ?? Int(ZoneInfo.seconds(of: now))
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
