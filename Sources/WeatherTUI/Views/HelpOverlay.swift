import EssentialsSupport
import WeatherCore
import TerminalKit

/// The help overlay: every key, in a box over the list; it scrolls when the terminal is short.
public enum HelpOverlay {
    /// One line of the help: keys, then what they do.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var text: String
    }

    public static func draw(_ entries: [Entry], scroll: Int, into buffer: inout ScreenBuffer, size: TerminalSize, language: Language = .english) {
        OverlayBox.draw(title: " \(language.text("overlay.keys")) ", lines: entries.map { OverlayBox.Line(key: $0.key, text: $0.text) }, scroll: scroll,
                        into: &buffer, size: size, language: language)
    }
}
