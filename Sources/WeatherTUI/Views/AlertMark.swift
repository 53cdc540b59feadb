import EssentialsSupport
import TerminalKit
import WeatherModels

/// How a place's highest official alert is marked wherever places are listed or drawn: a glyph a
/// severity, so the marks are told apart without colour (`NO_COLOR`, `--ascii`: `#`, `!`, `+`,
/// `.`, `?`), in the severity's colour.
public enum AlertMark {
    /// The mark of `severity`: `⚠` (ASCII `!`) for a severe alert, the one most often seen.
    public static func glyph(_ severity: AlertSeverity) -> String {
        switch severity {
        case .extreme: "‼"
        case .severe: "⚠"
        case .moderate: "△"
        case .minor: "▿"
        case .unknown: "◇"
        }
    }

    /// The severity's name in `language`, as the detail and the map's legend say it.
    public static func name(_ severity: AlertSeverity, in language: Language = .english) -> String {
        language.text("severity." + severity.rawValue)
    }

    /// The colour of `severity` (nil for unknown: the default colour).
    public static func role(_ severity: AlertSeverity) -> ColorRole? {
        switch severity {
        case .extreme: .alertExtreme
        case .severe: .alertSevere
        case .moderate: .alertModerate
        case .minor: .alertMinor
        case .unknown: nil
        }
    }

    /// The mark's style: bold in its colour, reversed on the selected row.
    static func style(_ severity: AlertSeverity, selected: Bool) -> Style {
        let style = Style(bold: true, role: role(severity))
        return selected ? style.reversed() : style
    }
}
