import WeatherCore

/// The bottom line: key hints on the left (or a message), the position in the list on the right.
public enum StatusLineView {
    /// Hint segments, each with a priority: the lowest go first when the line is too narrow.
    static let browsingHints: [(String, Int)] = [
        ("↑↓ move", 5), ("⏎ detail", 4), ("/ filter", 4), ("m map", 3), ("s sort", 2), ("u units", 2), ("p pin", 1),
        ("r refresh", 3), ("? help", 9), ("q quit", 9),
    ]
    static let filterHints: [(String, Int)] = [("type to filter", 9), ("⏎ keep", 9), ("Esc clear", 9), ("↑↓ move", 1)]
    static let mapHints: [(String, Int)] = [
        ("↑↓ city", 5), ("⏎ detail", 4), ("/ filter", 4), ("m Esc list", 6), ("u units", 2), ("r refresh", 3), ("? help", 9), ("q quit", 9),
    ]
    static let detailHints: [(String, Int)] = [
        ("Esc back", 9), ("↑↓ city", 4), ("u units", 2), ("p pin", 1), ("r refresh", 3), ("? help", 9), ("q quit", 9),
    ]

    /// The hints that fit in `width` columns, dropping the least important first.
    static func hints(_ segments: [(String, Int)], width: Int) -> String {
        var kept = segments
        func joined() -> String { kept.map(\.0).joined(separator: "  ") }
        while kept.count > 1, joined().count > width {
            guard let drop = kept.indices.min(by: { kept[$0].1 < kept[$1].1 }) else { break }
            kept.remove(at: drop)
        }
        return joined()
    }

    /// "city 3 of 50" (or "0 cities").
    public static func position(_ m: State) -> String {
        guard let sel = m.selectedIndex, !m.visibleCities.isEmpty else { return "0 cities" }
        return "city \(sel + 1) of \(m.visibleCities.count)"
    }

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, rect: Rect, detailFullScreen: Bool) {
        let right = position(m) + " "
        let rightWidth = right.count
        let room = max(0, rect.width - rightWidth - 2)
        let left: String
        if let message = m.notice {
            left = " " + message
        } else if m.isEditingFilter {
            left = " " + hints(filterHints, width: room)
        } else {
            left = " " + hints(detailFullScreen ? detailHints : m.showsMap ? mapHints : browsingHints, width: room)
        }
        buffer.fill(x: rect.x, y: rect.y, count: rect.width, style: .dimmed)
        buffer.draw(left, x: rect.x, y: rect.y, columns: max(0, rect.width - rightWidth - 1), style: m.notice != nil ? .plain : .dimmed)
        buffer.draw(right, x: rect.maxX - rightWidth, y: rect.y, style: Style(bold: true))
    }
}

/// The filter prompt row: what is typed, with a cursor while editing.
public enum FilterPromptView {
    public static func draw(_ m: State, into buffer: inout ScreenBuffer, rect: Rect) {
        let label = "Filter: "
        var x = buffer.draw(label, x: rect.x + 1, y: rect.y, style: Style(bold: true, color: .key))
        x = buffer.draw(m.filter, x: x, y: rect.y, style: Style(underline: m.isEditingFilter), maxWidth: rect.maxX - x - 1)
        if m.isEditingFilter {
            buffer.draw("█", x: x, y: rect.y, style: .plain, maxWidth: rect.maxX - x)
        } else {
            buffer.draw("  (/ edits, Esc clears)", x: x, y: rect.y, style: .dimmed, maxWidth: rect.maxX - x)
        }
    }
}

/// The help overlay: every key, in a box over the list.
public enum HelpOverlay {
    static let entries: [(String, String)] = [
        ("↑ ↓  k j", "move"),
        ("PgUp PgDn", "page"),
        ("g G  Home End", "first, last"),
        ("⏎ → l", "open / focus the detail"),
        ("Esc ← h", "back"),
        ("/", "filter by city or country"),
        ("s  I", "cycle sort / invert"),
        ("u", "°C ⇄ °F"),
        ("p", "pin / unpin (★ stays on top)"),
        ("m", "world map ⇄ list"),
        ("r R F5", "refresh now"),
        ("?", "this help"),
        ("q Ctrl-C", "quit (q closes this help)"),
    ]

    public static func draw(into buffer: inout ScreenBuffer, size: TerminalSize) {
        let keyWidth = 15
        let innerWidth = min(size.columns - 4, 50)
        let height = min(size.rows - 2, entries.count + 4)
        guard innerWidth > 10, height > 4 else { return }
        let x = (size.columns - innerWidth - 2) / 2
        let y = max(0, (size.rows - height) / 2)
        let border = Style(bold: true, color: .key)
        buffer.draw("┌" + String(repeating: "─", count: innerWidth) + "┐", x: x, y: y, style: border)
        for row in 1..<(height - 1) {
            buffer.draw("│", x: x, y: y + row, style: border)
            buffer.fill(x: x + 1, y: y + row, count: innerWidth, style: .plain)
            buffer.draw("│", x: x + innerWidth + 1, y: y + row, style: border)
        }
        buffer.draw("└" + String(repeating: "─", count: innerWidth) + "┘", x: x, y: y + height - 1, style: border)
        buffer.draw(" Keys ", x: x + 2, y: y, style: Style(bold: true, reverse: true))
        for (i, entry) in entries.prefix(height - 4).enumerated() {
            buffer.draw(entry.0, x: x + 2, y: y + 2 + i, columns: keyWidth, style: .key)
            buffer.draw(entry.1, x: x + 2 + keyWidth, y: y + 2 + i, columns: innerWidth - keyWidth - 2)
        }
    }
}
