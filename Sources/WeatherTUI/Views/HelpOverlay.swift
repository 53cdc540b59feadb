import WeatherCore
import TerminalKit

/// The help overlay: every key, in a box over the list; it scrolls when the terminal is short.
public enum HelpOverlay {
    static let entries: [(String, String)] = [
        ("↑ ↓  k j", "move"),
        ("PgUp PgDn", "page up / down; a detail: scroll"),
        ("Ctrl-B Ctrl-F Space", "page up / down; a detail: scroll"),
        ("Ctrl-U Ctrl-D", "half a page; a detail: scroll"),
        ("g G  Home End", "first, last"),
        ("⏎ → l", "open / focus the detail"),
        ("Esc ← h Backspace", "back (closes, clears the filter)"),
        ("/", "filter by city or country"),
        ("s  I", "cycle sort / invert"),
        ("u", "°C ⇄ °F"),
        ("p", "pin / unpin (★ stays on top)"),
        ("a", "add a city: search by name"),
        ("d Delete", "remove an own city"),
        ("m", "world map ⇄ list"),
        ("r R F5 Ctrl-R", "refresh now"),
        ("!", "messages: notices and errors"),
        ("Ctrl-L", "redraw the screen"),
        ("? F1", "this help"),
        ("q Ctrl-C", "quit (q closes this help)"),
    ]

    /// What the mouse does, when the program has it (not under `--no-mouse`).
    static let mouseEntries: [(String, String)] = [
        ("click", "select a row; again: open it"),
        ("click a title", "sort by it; again: invert"),
        ("wheel", "scroll"),
    ]

    /// The help's lines: key, then what it does; the mouse's only when this run reads it.
    static func lines(_ m: State) -> [OverlayBox.Line] {
        (m.config.mouse ? entries + mouseEntries : entries).map { OverlayBox.Line(key: $0.0, text: $0.1) }
    }

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, size: TerminalSize) {
        OverlayBox.draw(title: " Keys ", lines: lines(m), scroll: m.overlayScroll, into: &buffer, size: size)
    }
}
