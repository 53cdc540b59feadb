#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A kept place's rain in the coming quarter hours, from Open-Meteo's 15-minute forecast
/// (docs/spec.md §5 "Rain in the next two hours").
public struct Nowcast: Codable, Equatable, Sendable {
    /// The quarters in time order, each 15 minutes after the one before.
    public var quarters: [NowcastQuarter]
    /// Whether the place lies where Open-Meteo's 15-minute data is the model's own (central Europe,
    /// North America); elsewhere it is interpolated from hourly data, as its documentation says.
    public var native: Bool

    public init(quarters: [NowcastQuarter], native: Bool) {
        self.quarters = quarters
        self.native = native
    }

    /// A quarter's length: Open-Meteo gives each quarter's precipitation as the sum of the 15
    /// minutes before its time.
    public static let quarter: TimeInterval = 15 * 60
    /// How far ahead the detail's line and the JSON look.
    public static let horizon: TimeInterval = 2 * 3_600
    /// A quarter with at least this much (mm in its 15 minutes, 0.4 mm/h) is wet: less is a trace
    /// that wets nothing.
    public static let wetFrom = 0.1

    /// The quarters whose 15 minutes end after `now` and begin within `horizon` of it.
    public func quarters(after now: Date, within horizon: TimeInterval = Nowcast.horizon) -> [NowcastQuarter] {
        quarters.filter { $0.end > now && $0.start < now.addingTimeInterval(horizon) }
    }

    /// Whether the quarters cover the next `horizon` from `now`: a nowcast kept too long says
    /// nothing of what it no longer covers.
    public func covers(_ now: Date, for horizon: TimeInterval = Nowcast.horizon) -> Bool {
        guard let last = quarters.last, let first = quarters.first else { return false }
        return first.start <= now && last.end >= now.addingTimeInterval(horizon)
    }

    /// The first spell of rain starting within `horizon` of `now`; nil when none is due, or when
    /// the nowcast does not cover that long (then it is not known).
    public func rain(after now: Date, within horizon: TimeInterval = Nowcast.horizon) -> RainSpell? {
        let coming = quarters(after: now, within: horizon)
        guard let first = coming.firstIndex(where: \.isWet) else { return nil }
        var last = first
        while last + 1 < coming.count, coming[last + 1].isWet { last += 1 }
        let spell = coming[first...last]
        let heaviest = spell.compactMap(\.precipitation).max() ?? 0
        // The spell ends where the quarters say it does; past the last one known, it is open.
        let endsKnown = last + 1 < coming.count || quarters.last.map { $0.end > coming[last].end } ?? false
        return RainSpell(starts: max(spell[first].start, now), ends: endsKnown ? coming[last].end : nil,
                         intensity: RainIntensity(millimetresPerQuarter: heaviest))
    }
}

/// One quarter hour: its end (as Open-Meteo dates it) and the precipitation of its 15 minutes.
public struct NowcastQuarter: Codable, Equatable, Sendable {
    /// The end of the quarter, seconds since 1970.
    public var epochTime: Int
    /// Millimetres in the quarter; nil where the answer had none.
    public var precipitation: Double?

    public init(epochTime: Int, precipitation: Double?) {
        self.epochTime = epochTime
        self.precipitation = precipitation
    }

    public var end: Date { Date(timeIntervalSince1970: TimeInterval(epochTime)) }
    public var start: Date { end.addingTimeInterval(-Nowcast.quarter) }
    public var isWet: Bool { (precipitation ?? 0) >= Nowcast.wetFrom }
}

/// A spell of rain: when it starts, when it ends (nil: after what is known), how heavy at most.
public struct RainSpell: Equatable, Sendable {
    public var starts: Date
    public var ends: Date?
    public var intensity: RainIntensity

    public init(starts: Date, ends: Date?, intensity: RainIntensity) {
        self.starts = starts
        self.ends = ends
        self.intensity = intensity
    }
}

/// How heavy rain is, by the rate meteorological services name it by (the American Meteorological
/// Society's glossary: light below 2.5 mm/h, heavy from 7.6 mm/h).
public enum RainIntensity: String, Codable, CaseIterable, Sendable {
    case light, moderate, heavy

    /// The intensity of a quarter with `millimetres` in its 15 minutes.
    public init(millimetresPerQuarter millimetres: Double) {
        let perHour = millimetres * 4
        self = perHour >= 7.6 ? .heavy : perHour >= 2.5 ? .moderate : .light
    }
}

/// The kept places' nowcasts and when they were asked for, kept in `Nowcasts.plist` in the cache
/// folder, so the browser and `--once` share them.
public struct StoredNowcasts: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var fetchedAt: Date
    public var byCityKey: [String: Nowcast]

    public init(schemaVersion: Int = StoredNowcasts.currentSchemaVersion, fetchedAt: Date, byCityKey: [String: Nowcast]) {
        self.schemaVersion = schemaVersion
        self.fetchedAt = fetchedAt
        self.byCityKey = byCityKey
    }
}
