#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import TerminalKit
import WeatherCore
import WeatherModels

/// The detail's official alerts: each in force with its event and severity, its onset and expiry
/// on the place's own clock, its sender, headline, description and instruction (the pane
/// scrolls), then the source's credit; else what is known instead (none, not known and why, or
/// no source for the place's country). The texts are the issuer's, unedited.
extension DetailView {
    /// What the alerts section shows of the selected city.
    public struct AlertsSection {
        public var status: PlaceAlertStatus?

        public init(status: PlaceAlertStatus? = nil) {
            self.status = status
        }

        /// What of `state` the section shows for `city`: nothing in a run that asks for no
        /// alerts (the demo), nor before the saved ones are read.
        public init(_ state: State, city: CityWeather?) {
            self.init(status: state.alertsState.restored && !state.config.demo ? city.map(state.alertStatus(for:)) : nil)
        }
    }

    static func alertsLines(_ section: AlertsSection, city: CityWeather, now: Date, in words: Language = .english) -> [Line] {
        guard let status = section.status else { return [] }
        guard case .checked(let alerts, let source) = status, !alerts.isEmpty else {
            return [Line(text: words.text("alerts.line", ("words", status.words(in: words))), style: .dimmed)]
        }
        var out: [Line] = []
        let sourceTime = city.zoneGivenAt(now: now)
        func when(_ date: Date) -> String {
            guard let clock = WeatherFormat.localClock(city.timeZone, at: date, sourceTime: sourceTime) else { return WeatherFormat.dateTime(date) }
            let offset = city.timeZone.map { $0.offsetSeconds(at: Int(ZoneInfo.seconds(of: date)), sourceTime: sourceTime) } ?? 0
            return words.text("time.localShort", ("time", "\(weekday(date, offsetSeconds: offset, in: words)) \(clock)"))
        }
        for alert in alerts {
            let style = Style(bold: true, role: AlertMark.role(alert.severity))
            out.append(Line(text: "\(AlertMark.glyph(alert.severity)) \(alert.event) · \(AlertMark.name(alert.severity, in: words))", style: style))
            var period: [String] = []
            if let onset = alert.onset { period.append(words.text("alerts.from", ("time", when(onset)))) }
            period.append(alert.expires.map { words.text("alerts.until", ("time", when($0))) } ?? words.text("alerts.noEnd"))
            out.append(Line(text: period.joined(separator: " ") + " · " + alert.sender))
            if let headline = alert.headline { out.append(Line(text: headline, style: .sectionTitle)) }
            out += paragraphs(alert.description)
            out += paragraphs(alert.instruction)
        }
        out.append(Line(text: words.text("alerts.credit." + source.rawValue), style: .dimmed))
        return out
    }

    /// An issuer's text as the pane's lines: each of its lines a line of its own (each wrapped to
    /// the pane), blank runs dropped.
    static func paragraphs(_ text: String?) -> [Line] {
        guard let text else { return [] }
        return text.split(whereSeparator: \.isNewline).map { String($0).trimmed }.filter { !$0.isEmpty }.map { Line(text: $0) }
    }

    /// `Sat` for `date` at a fixed offset from UTC, by arithmetic (no calendar: docs/platform.md).
    static func weekday(_ date: Date, offsetSeconds: Int, in words: Language = .english) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(offsetSeconds)
        let days = CivilTime.floorDivision(seconds, 86_400).quotient
        // 1 January 1970 was a Thursday.
        let keys = ["day.thu", "day.fri", "day.sat", "day.sun", "day.mon", "day.tue", "day.wed"]
        return words.text(keys[Int(((days % 7) + 7) % 7)])
    }
}
