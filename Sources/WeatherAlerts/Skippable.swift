#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

/// Dates as the sources write them: ISO 8601 with an offset (`2026-01-15T10:00:00-05:00`).
enum AlertDate {
    /// The instant `text` names; nil when it is not an ISO 8601 date and time with an offset.
    static func parse(_ text: String) -> Date? {
        try? Date(text, strategy: Date.ISO8601FormatStyle())
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
