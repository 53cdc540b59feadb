#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels

/// How long a source said to wait after a 429 (docs/spec.md §4 "A 429"): its `Retry-After` when
/// sent, else the limit its reason names, else a minute. No request goes to it before then.
public enum RateLimitHold {
    /// The wait when nothing says how long: Open-Meteo's shortest limit is the minute's.
    public static let defaultWait: TimeInterval = 60

    /// Which of Open-Meteo's limits a reason names, by the words its free API answers with
    /// ("Minutely API request limit exceeded. Please try again in one minute.", "Hourly …",
    /// "Daily …"); nil for any other reason.
    public enum Limit: Equatable, Sendable {
        case minute, hour, day

        public init?(reason: String) {
            let lowered = reason.lowercased()
            if lowered.hasPrefix("minutely") { self = .minute }
            else if lowered.hasPrefix("hourly") { self = .hour }
            else if lowered.hasPrefix("daily") { self = .day }
            else { return nil }
        }

        /// When the limit's count starts again after `date`: Open-Meteo clears each count when the
        /// UTC clock passes a whole minute, hour or day.
        public func resets(after date: Date) -> Date {
            let period: Int64 = switch self {
            case .minute: 60
            case .hour: 3_600
            case .day: CallDay.seconds
            }
            let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
            let start = CivilTime.floorDivision(seconds, period).quotient * period
            return Date(timeIntervalSince1970: TimeInterval(start + period))
        }
    }

    /// The earliest instant of the next request after a 429 answered at `now`.
    public static func until(retryAfter: String?, reason: String?, answeredAt now: Date) -> Date {
        if let retryAfter, let wait = waitAfter(retryAfter, now: now) { return now.addingTimeInterval(wait) }
        if let reason, let limit = Limit(reason: reason) { return limit.resets(after: now) }
        return now.addingTimeInterval(defaultWait)
    }

    /// A `Retry-After` value (RFC 9110 §10.2.3): whole seconds, or an HTTP date; nil when it is
    /// neither. A date already past waits nothing; a wait longer than a day counts as a day.
    public static func waitAfter(_ value: String, now: Date) -> TimeInterval? {
        let text = value.trimmed
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return min(TimeInterval(Int(text.prefix(9)) ?? 0), TimeInterval(CallDay.seconds))
        }
        guard let date = httpDate(text) else { return nil }
        return min(max(date.timeIntervalSince(now), 0), TimeInterval(CallDay.seconds))
    }

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form HTTP dates are sent in.
    static func httpDate(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT",
              let day = Int64(fields[1]), let year = Int64(fields[3]),
              let month = months.firstIndex(of: String(fields[2])) else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, let hour = Int64(clock[0]), let minute = Int64(clock[1]), let second = Int64(clock[2]),
              (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1970...9999).contains(year) else { return nil }
        let days = CivilTime.days(year: year, month: Int64(month + 1), day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * CallDay.seconds + hour * 3_600 + minute * 60 + second))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
