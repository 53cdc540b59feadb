import TerminalKit

/// Which glyphs the terminal's font can show, chosen once at start (docs/spec.md §5 "Without
/// braille"): the views draw every glyph as they would anywhere, and the finished frame's glyphs
/// the font lacks are swapped for stand-ins of the same width, so no view asks which set is in use.
public enum GlyphSet: String, Sendable, CaseIterable {
    /// Every glyph as drawn: braille, eighth blocks, weather symbols.
    case unicode
    /// The Linux console's font (`TERM=linux`): no braille and no symbols, but box lines, half
    /// and full blocks, arrows, `°`, `·` and `×`, which its fonts (the kernel's CP437 one and the
    /// Latin ones distributions load) all have.
    case console
    /// Plain ASCII (`--ascii`): every glyph the program draws has a stand-in.
    case ascii

    /// `--ascii` gives ASCII; a Linux console (`TERM=linux`, `linux-16color`…) its font's set;
    /// any other terminal every glyph.
    public static func chosen(ascii: Bool, term: String?) -> GlyphSet {
        if ascii { return .ascii }
        if let term, term == "linux" || term.hasPrefix("linux-") { return .console }
        return .unicode
    }

    /// One glyph the program draws and its stand-ins: on the console (the glyph itself where its
    /// font has it) and in ASCII.
    struct StandIn {
        var glyph: Unicode.Scalar
        var console: Unicode.Scalar
        var ascii: Unicode.Scalar
    }

    /// Every non-ASCII glyph the screen draws but braille (which `brailleStandIn` draws by its dots).
    /// The weather symbols' words stand beside them, so a stand-in need only be told apart.
    static let standIns: [StandIn] = [
        // Separators, marks, arrows.
        StandIn(glyph: "·", console: "·", ascii: "|"),
        StandIn(glyph: "°", console: "°", ascii: " "),
        StandIn(glyph: "×", console: "×", ascii: "x"),
        StandIn(glyph: "–", console: "-", ascii: "-"),
        StandIn(glyph: "—", console: "-", ascii: "-"),
        StandIn(glyph: "…", console: "~", ascii: "~"),
        StandIn(glyph: "↑", console: "↑", ascii: "^"),
        StandIn(glyph: "↓", console: "↓", ascii: "v"),
        StandIn(glyph: "←", console: "←", ascii: "<"),
        StandIn(glyph: "→", console: "→", ascii: ">"),
        StandIn(glyph: "⇄", console: "/", ascii: "/"),
        // Enter opens what → opens.
        StandIn(glyph: "⏎", console: "→", ascii: ">"),
        StandIn(glyph: "▲", console: "^", ascii: "^"),
        StandIn(glyph: "▼", console: "v", ascii: "v"),
        StandIn(glyph: "★", console: "*", ascii: "*"),
        // Home, beside the pins' stars: a letter where the house may not be in the font.
        StandIn(glyph: "⌂", console: "H", ascii: "H"),
        StandIn(glyph: "\u{FFFD}", console: "?", ascii: "?"),
        // The air's units and pollutants (`µg/m³`, `O₃`, `NO₂`).
        StandIn(glyph: "µ", console: "µ", ascii: "u"),
        StandIn(glyph: "³", console: "3", ascii: "3"),
        StandIn(glyph: "₂", console: "2", ascii: "2"),
        StandIn(glyph: "₃", console: "3", ascii: "3"),
        // Box lines: the chart's axes, the overlays' borders, the pane divider.
        StandIn(glyph: "│", console: "│", ascii: "|"),
        StandIn(glyph: "─", console: "─", ascii: "-"),
        StandIn(glyph: "┌", console: "┌", ascii: "+"),
        StandIn(glyph: "┐", console: "┐", ascii: "+"),
        StandIn(glyph: "└", console: "└", ascii: "+"),
        StandIn(glyph: "┘", console: "┘", ascii: "+"),
        StandIn(glyph: "┤", console: "┤", ascii: "+"),
        StandIn(glyph: "┬", console: "┬", ascii: "+"),
        // The forecast's range bars.
        StandIn(glyph: "━", console: "═", ascii: "="),
        // The chart's chance of rain, in eighths: the console's blocks are halves, ASCII's four heights.
        StandIn(glyph: "▁", console: "_", ascii: "_"),
        StandIn(glyph: "▂", console: "_", ascii: "_"),
        StandIn(glyph: "▃", console: "▄", ascii: "-"),
        StandIn(glyph: "▄", console: "▄", ascii: "-"),
        StandIn(glyph: "▅", console: "▄", ascii: "="),
        StandIn(glyph: "▆", console: "█", ascii: "="),
        StandIn(glyph: "▇", console: "█", ascii: "#"),
        StandIn(glyph: "█", console: "█", ascii: "#"),
        StandIn(glyph: "▀", console: "▀", ascii: "'"),
        // The map's markers: a city, the selected one, and without colour each temperature class.
        StandIn(glyph: "●", console: "•", ascii: "*"),
        StandIn(glyph: "◉", console: "@", ascii: "@"),
        StandIn(glyph: "○", console: "o", ascii: "o"),
        StandIn(glyph: "◔", console: "+", ascii: "+"),
        StandIn(glyph: "◑", console: "x", ascii: "x"),
        StandIn(glyph: "◕", console: "X", ascii: "X"),
        StandIn(glyph: "◆", console: "#", ascii: "#"),
        // Official alerts by severity (`AlertMark`): each told apart in every set, not by colour alone.
        StandIn(glyph: "‼", console: "#", ascii: "#"),
        StandIn(glyph: "⚠", console: "!", ascii: "!"),
        StandIn(glyph: "△", console: "+", ascii: "+"),
        StandIn(glyph: "▿", console: ".", ascii: "."),
        StandIn(glyph: "◇", console: "?", ascii: "?"),
        // The weather (`WeatherFormat.glyph`).
        StandIn(glyph: "☀", console: "O", ascii: "O"),
        StandIn(glyph: "☼", console: "o", ascii: "o"),
        StandIn(glyph: "☁", console: "m", ascii: "m"),
        StandIn(glyph: "≡", console: "=", ascii: "="),
        // Rain: `R` in ASCII, so the list's mark of rain due reads `R 14:30`.
        StandIn(glyph: "☂", console: "/", ascii: "R"),
        StandIn(glyph: "⛈", console: "!", ascii: "!"),
        StandIn(glyph: "❄", console: "*", ascii: "*"),
        StandIn(glyph: "♨", console: "^", ascii: "^"),
        StandIn(glyph: "≈", console: "~", ascii: "~"),
        StandIn(glyph: "☾", console: "(", ascii: "("),
    ]

    /// The stand-ins by glyph, for each set that has any.
    private static let consoleTable = Dictionary(standIns.filter { $0.console != $0.glyph }.map { ($0.glyph, $0.console) }, uniquingKeysWith: { a, _ in a })
    private static let asciiTable = Dictionary(standIns.map { ($0.glyph, $0.ascii) }, uniquingKeysWith: { a, _ in a })

    /// A braille cell by its dots: its upper half (dots 1, 2, 4, 5) and its lower (3, 6, 7, 8)
    /// become half blocks on the console, `'` `.` `:` in ASCII, so the map's land and the
    /// chart's line keep their shape at half the height.
    static func brailleStandIn(_ dots: UInt32, console: Bool) -> Unicode.Scalar {
        let upper = dots & 0x1B != 0, lower = dots & 0xE4 != 0
        switch (upper, lower) {
        case (true, true): return console ? "█" : ":"
        case (true, false): return console ? "▀" : "'"
        case (false, true): return console ? "▄" : "."
        case (false, false): return " "
        }
    }

    /// What `scalar` is shown as in this set; nil where it is shown as it is.
    @inline(__always)
    public func standIn(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch self {
        case .unicode: return nil
        case .console, .ascii:
            if (0x2800...0x28FF).contains(scalar.value) { return Self.brailleStandIn(scalar.value - 0x2800, console: self == .console) }
            return self == .console ? Self.consoleTable[scalar] : Self.asciiTable[scalar]
        }
    }

    /// Swaps each glyph of the finished `buffer` this set lacks for its stand-in.
    public func apply(to buffer: inout ScreenBuffer) {
        guard self != .unicode else { return }
        buffer.substitute(standIn(for:))
    }
}
