import Foundation
import WeatherCore

/// The top line: program, feed size, when the data was fetched and how long ago, API calls left.
public enum HeaderView {
    public static func text(_ m: State) -> String {
        var parts = ["weather-tui", "Top \(m.request.count) cities"]
        if let fetched = m.feed?.fetchedAt {
            parts.append("updated \(WeatherFormat.clock(fetched, timeZone: m.config.timeZone)) (\(WeatherFormat.age(of: fetched, now: m.now)))")
        } else {
            parts.append("no data yet")
        }
        // Before the API count so it survives truncation on narrow terminals.
        if m.isFetching { parts.append("refreshing…") }
        if let left = m.rateLimitRemaining { parts.append("\(left) API calls left") }
        return " " + parts.joined(separator: " · ")
    }

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, rect: Rect) {
        buffer.draw(text(m), x: rect.x, y: rect.y, columns: rect.width, style: .header)
    }
}

/// The banner that says the data is not fresh (offline, failed refresh, --offline) or is DEMO data.
public enum BannerView {
    /// The banner's text; nil when there is none (fresh data).
    public static func text(_ m: State) -> String? {
        func saved(_ date: Date?) -> String {
            guard let date else { return "no saved data" }
            return "showing data saved \(WeatherFormat.dateTime(date, timeZone: m.config.timeZone)) (\(WeatherFormat.age(of: date, now: m.now)))"
        }
        switch m.banner {
        case .none:
            return nil
        case .offline(let savedAt, let reason):
            return " OFFLINE · \(saved(savedAt))" + (reason.isEmpty ? "" : " · \(reason)")
        case .demo:
            return " DEMO · bundled sample data, no key and no network needed"
        }
    }

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, rect: Rect) {
        guard let text = text(m) else { return }
        let style: Style = m.banner == .demo ? .noticeBanner : .alertBanner
        buffer.draw(text, x: rect.x, y: rect.y, columns: rect.width, style: style)
    }
}
