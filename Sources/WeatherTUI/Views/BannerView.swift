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

/// The banner that says the data is not fresh (offline, failed refresh, --offline) or is DEMO data.
public enum BannerView {
    /// The banner's text for a line `width` columns wide; nil when there is none (fresh data).
    ///
    /// The reason is what the user needs most: when the full line does not fit (an 80-column
    /// terminal and most reasons), the saved time shortens to its age ("saved 3 h ago") before
    /// the reason is cut.
    public static func text(_ banner: Banner, now: Date, timeZone: ZoneInfo, width: Int) -> String? {
        switch banner {
        case .none:
            return nil
        case .offline(let savedAt, let reason):
            let why = reason.isEmpty ? "" : " · \(reason)"
            guard let savedAt else { return " OFFLINE · no saved data\(why)" }
            let age = WeatherFormat.age(of: savedAt, now: now)
            let full = " OFFLINE · showing data saved \(WeatherFormat.dateTime(savedAt, timeZone: timeZone)) (\(age))\(why)"
            return DisplayWidth.width(of: full) <= width ? full : " OFFLINE · saved \(age)\(why)"
        case .limited(let savedAt, let until, let reason):
            // A limit, not a lost network: when the source may be asked again comes before why.
            let wait = " · no request until \(WeatherFormat.when(until, now: now, timeZone: timeZone))"
            let why = reason.isEmpty ? "" : " · \(reason)"
            guard let savedAt else { return " LIMIT REACHED · no saved data\(wait)\(why)" }
            let age = WeatherFormat.age(of: savedAt, now: now)
            let full = " LIMIT REACHED · showing data saved \(WeatherFormat.dateTime(savedAt, timeZone: timeZone)) (\(age))\(wait)\(why)"
            return DisplayWidth.width(of: full) <= width ? full : " LIMIT REACHED · saved \(age)\(wait)\(why)"
        case .demo:
            return " DEMO · bundled sample data, no key and no network needed"
        }
    }

    /// Draws `banner` (its saved time in `timeZone`, its age at `now`) in `rect`'s first row.
    public static func draw(_ banner: Banner, now: Date, timeZone: ZoneInfo, into buffer: inout ScreenBuffer, rect: Rect) {
        guard let text = text(banner, now: now, timeZone: timeZone, width: rect.width) else { return }
        let style: Style = banner == .demo ? .noticeBanner : .alertBanner
        buffer.draw(text, x: rect.x, y: rect.y, columns: rect.width, style: style)
    }
}
