#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels
import WeatherSource
import TerminalKit
import EssentialsSupport

/// The top line: program, feed size, source, when the data was fetched and how long ago, API
/// calls left. A source whose terms ask for attribution is named by it, ahead of the time.
public enum HeaderView {
    /// The header for a line `width` columns wide: the program's name, then the data's age, give
    /// way when the whole does not fit (an 80-column terminal), so the time and what is under way stay.
    public static func text(_ m: State, width: Int = .max) -> String {
        let count = "Top \(m.feed?.request.count ?? m.request.count) cities"
        var parts: [String]
        if m.config.demo {
            parts = [count]
        } else if let attribution = m.config.provider.attribution {
            parts = [count, attribution]
        } else {
            parts = [count, m.config.provider.displayName]
        }
        var withAge = parts, withoutAge = parts
        if let fetched = m.feed?.fetchedAt {
            let clock = "updated \(WeatherFormat.when(fetched, now: m.now, timeZone: m.config.timeZone))"
            withAge.append("\(clock) (\(WeatherFormat.age(of: fetched, now: m.now)))")
            withoutAge.append(clock)
        } else {
            withAge.append("no data yet")
            withoutAge.append("no data yet")
        }
        // Before the API count so it survives truncation on narrow terminals.
        var tail: [String] = []
        if m.isFetching { tail.append("refreshing…") }
        if let cost = refreshCost(m) { tail.append(cost) }
        if let left = m.rateLimitRemaining { tail.append("\(left) API calls left") }
        // What gives way when the line is too narrow: the program's name, then the data's age.
        let candidates = [["weather-tui"] + withAge + tail, withAge + tail, withoutAge + tail]
        let lines = candidates.map { " " + $0.joined(separator: " · ") }
        return lines.first { DisplayWidth.width(of: $0) <= width } ?? lines[lines.count - 1]
    }

    /// `refresh: 1 + 3 calls` where a refresh costs more than one call (AccuWeather with own
    /// cities: docs/spec.md §4); nil where it costs one.
    static func refreshCost(_ m: State) -> String? {
        let calls = FeedPolicy.refreshCalls(config: m.config, pinned: m.pinned)
        return calls.own > 0 ? "refresh: \(calls.feed) + \(calls.own) calls" : nil
    }

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, rect: Rect) {
        buffer.draw(text(m, width: rect.width), x: rect.x, y: rect.y, columns: rect.width, style: .header)
    }
}
