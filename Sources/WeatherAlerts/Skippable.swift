#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP

/// One element of a list whose elements are decoded one by one: a wrong type in one alert
/// skips that alert, with a notice, and costs neither the other alerts nor the answer.
struct Skippable<Element: Decodable>: Decodable {
    /// The element, or why it was skipped (`alert 2: properties.severity has the wrong type`).
    let result: Result<Element, SkippedAlert>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Element(from: decoder))
        } catch let error as DecodingError {
            result = .failure(SkippedAlert(error))
        }
    }
}

/// Why one alert of an answer was left out, in words a person reads.
struct SkippedAlert: Error, Equatable {
    let notice: String

    init(notice: String) { self.notice = notice }

    init(_ error: DecodingError) {
        let (path, what): ([any CodingKey], String) = switch error {
        case .keyNotFound(let key, let context): (context.codingPath + [key], "missing")
        case .valueNotFound(_, let context): (context.codingPath, "is null")
        case .typeMismatch(_, let context): (context.codingPath, "has the wrong type")
        case .dataCorrupted(let context): (context.codingPath, "is invalid")
        @unknown default: ([], "is undecodable")
        }
        notice = "alert skipped: " + HTTPRequester.ordinalPath(Self.fromList(path), noun: "alert") + " " + what
    }

    /// The path from the list's element on: `features[1].properties.event` → `[1].properties.event`.
    private static func fromList(_ path: [any CodingKey]) -> [any CodingKey] {
        guard let index = path.firstIndex(where: { $0.intValue != nil }) else { return path }
        return Array(path[index...])
    }
}

/// Dates as the sources write them: ISO 8601 with an offset (`2026-01-15T10:00:00-05:00`,
/// `2026-01-15T15:00:00Z`, seconds and their fraction optional).
enum AlertDate {
    /// The instant `text` names; nil when it is not such a date and time, or names none that
    /// exists (30 February, 25:61): read strictly, since a lenient reading would show another time.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var at = 0
        func number(_ width: Int) -> Int64? {
            guard at + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[at..<(at + width)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            at += width
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }
        guard let year = number(4), skip(0x2D), let month = number(2), skip(0x2D), let day = number(2),
              skip(0x54) || skip(0x74), let hour = number(2), skip(0x3A), let minute = number(2) else { return nil }
        var second: Int64 = 0
        var fraction = 0.0
        if skip(0x3A) {
            guard let whole = number(2) else { return nil }
            second = whole
            if skip(0x2E) {
                var scale = 0.1
                let start = at
                while at < bytes.count, (0x30...0x39).contains(bytes[at]) {
                    fraction += Double(bytes[at] - 0x30) * scale
                    scale /= 10
                    at += 1
                }
                guard at > start else { return nil }
            }
        }
        var offset: Int64 = 0
        if skip(0x5A) || skip(0x7A) {
            offset = 0
        } else if at < bytes.count, bytes[at] == 0x2B || bytes[at] == 0x2D {
            let sign: Int64 = bytes[at] == 0x2D ? -1 : 1
            at += 1
            guard let hours = number(2), skip(0x3A), let minutes = number(2), hours <= 14, minutes < 60 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        } else {
            return nil
        }
        guard at == bytes.count, (1...12).contains(month), day >= 1, hour < 24, minute < 60, second < 60 else { return nil }
        // The day must exist: the day after it is in the next month.
        let days = CivilTime.days(year: year, month: month, day: day)
        guard CivilTime.date(daysSince1970: days) == (year, month, day) else { return nil }
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }
}

extension KeyedDecodingContainer {
    /// An optional date field: absent or null is nil, a string that is no date a decoding error
    /// (so the one alert is skipped, not shown with a wrong time).
    func alertDate(forKey key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = AlertDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not an ISO 8601 date")
        }
        return date
    }
}
