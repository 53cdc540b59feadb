#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport

/// The day a source counts its calls in: the UTC day, which is Open-Meteo's (its free API clears
/// each address's daily count when the UTC clock passes midnight); AccuWeather says no other. The
/// ledger's days and the budget's spreading both follow it (docs/spec.md §4 "The ledger").
public struct CallDay: Equatable, Hashable, Sendable {
    /// Days since 1970-01-01 UTC.
    public let number: Int64

    public init(containing date: Date) {
        number = CivilTime.floorDivision(Int64(date.timeIntervalSince1970.rounded(.down)), Self.seconds).quotient
    }

    public init(number: Int64) {
        self.number = number
    }

    /// Seconds in a day.
    public static let seconds: Int64 = 86_400

    /// The instant the day begins.
    public var start: Date { Date(timeIntervalSince1970: TimeInterval(number * Self.seconds)) }
    /// The instant the next day begins.
    public var end: Date { Date(timeIntervalSince1970: TimeInterval((number + 1) * Self.seconds)) }

    /// `2026-11-27`, as the ledger writes it.
    public var label: String {
        let date = CivilTime.date(daysSince1970: number)
        return "\(date.year)-\(CivilTime.padded(date.month))-\(CivilTime.padded(date.day))"
    }

    /// The day a `label` names; nil for anything else.
    public init?(label: String) {
        let parts = label.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        let number = CivilTime.days(year: year, month: month, day: day)
        guard CallDay(number: number).label == label else { return nil }
        self.number = number
    }
}
