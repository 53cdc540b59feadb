import Foundation
import WeatherCore

/// The top line: program, feed size, when the data was fetched and how long ago, API calls left.
public enum HeaderView {
    public static func text(_ m: BrowserModel) -> String {
        var parts = ["weather-tui", "Top \(m.feedSize) cities"]
        if let fetched = m.fetchedAt {
            parts.append("updated \(WeatherFormat.clock(fetched, timeZone: m.timeZone)) (\(WeatherFormat.age(of: fetched, now: m.now)))")
        } else {
            parts.append("no data yet")
        }
        // Before the API count so it survives truncation on narrow terminals.
        if m.isRefreshing { parts.append("refreshing…") }
        if let left = m.apiCallsLeft { parts.append("\(left) API calls left") }
        return " " + parts.joined(separator: " · ")
    }

    public static func draw(_ m: BrowserModel, into buffer: inout ScreenBuffer, rect: Rect) {
        buffer.draw(text(m), x: rect.x, y: rect.y, columns: rect.width, style: .header)
    }
}

/// The banner that says the data is not fresh (offline, failed refresh, --offline) or is DEMO data.
public enum BannerView {
    public static func text(_ banner: BrowserModel.Banner, model m: BrowserModel) -> String {
        func saved(_ date: Date?) -> String {
            guard let date else { return "no saved data" }
            return "showing data saved \(WeatherFormat.dateTime(date, timeZone: m.timeZone)) (\(WeatherFormat.age(of: date, now: m.now)))"
        }
        switch banner {
        case .offline(let savedAt, let reason):
            return " OFFLINE · \(saved(savedAt))" + (reason.map { " · \($0)" } ?? " · --offline: network not used")
        case .demo:
            return " DEMO · bundled sample data, no key and no network needed"
        }
    }

    public static func draw(_ m: BrowserModel, into buffer: inout ScreenBuffer, rect: Rect) {
        guard let banner = m.banner else { return }
        let style: Style = banner == .demo ? .noticeBanner : .alertBanner
        buffer.draw(text(banner, model: m), x: rect.x, y: rect.y, columns: rect.width, style: style)
    }
}
