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
    /// `savedFeedNotUsed`: a saved feed there was could not be used (moved aside), so there is
    /// not "no saved data".
    public static func text(_ banner: Banner, now: Date, timeZone: ZoneInfo, width: Int, savedFeedNotUsed: Bool = false,
                            language words: Language = .english, clock: ClockStyle = .twentyFourHour) -> String? {
        switch banner {
        case .none:
            return nil
        case .offline(let savedAt, let reason):
            let why = reason.isEmpty ? "" : " · \(reason)"
            let offline = words.text("banner.offline")
            guard let savedAt else { return " \(offline) · \(words.text(savedFeedNotUsed ? "banner.notUsable" : "banner.noSaved"))\(why)" }
            let age = WeatherFormat.age(of: savedAt, now: now, in: words)
            let showing = words.text("banner.showing", ("time", WeatherFormat.dateTime(savedAt, timeZone: timeZone, style: clock)), ("age", age))
            let full = " \(offline) · \(showing)\(why)"
            return DisplayWidth.width(of: full) <= width ? full : " \(offline) · \(words.text("banner.saved", ("age", age)))\(why)"
        case .limited(let savedAt, let until, let reason):
            // A limit, not a lost network: when the source may be asked again comes before why.
            let wait = " · " + words.text("banner.noRequest", ("time", WeatherFormat.when(until, now: now, timeZone: timeZone, style: clock)))
            let why = reason.isEmpty ? "" : " · \(reason)"
            let limited = words.text("banner.limitReached")
            guard let savedAt else { return " \(limited) · \(words.text("banner.noSaved"))\(wait)\(why)" }
            let age = WeatherFormat.age(of: savedAt, now: now, in: words)
            let showing = words.text("banner.showing", ("time", WeatherFormat.dateTime(savedAt, timeZone: timeZone, style: clock)), ("age", age))
            let full = " \(limited) · \(showing)\(wait)\(why)"
            return DisplayWidth.width(of: full) <= width ? full : " \(limited) · \(words.text("banner.saved", ("age", age)))\(wait)\(why)"
        case .demo:
            return " " + words.text("banner.demo")
        }
    }

    /// Draws `banner` (its saved time in `timeZone`, its age at `now`) in `rect`'s first row.
    public static func draw(_ banner: Banner, now: Date, timeZone: ZoneInfo, savedFeedNotUsed: Bool = false, into buffer: inout ScreenBuffer, rect: Rect,
                            language: Language = .english, clock: ClockStyle = .twentyFourHour) {
        guard let text = text(banner, now: now, timeZone: timeZone, width: rect.width, savedFeedNotUsed: savedFeedNotUsed,
                              language: language, clock: clock) else { return }
        let style: Style = banner == .demo ? .noticeBanner : .alertBanner
        buffer.draw(text, x: rect.x, y: rect.y, columns: rect.width, style: style)
    }
}
