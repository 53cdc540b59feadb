import WeatherCore
import TerminalKit
import EssentialsSupport

/// The bottom line: key hints on the left (or a message), the position in the list on the right.
public enum StatusLineView {
    /// Hint segments, each with a priority: the lowest go first when the line is too narrow.
    /// At 80 columns the arrows' hint goes first (every user tries them) and `u` next, so sorting
    /// and pinning stay in sight.
    static let browsingHints: [(String, Int)] = [
        ("↑↓ move", 0), ("⏎ detail", 1), ("/ filter", 4), ("m map", 3), ("s sort", 3), ("u units", 1), ("p pin", 3),
        ("a add", 2), ("r refresh", 3), ("? help", 9), ("q quit", 9),
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
        while kept.count > 1, DisplayWidth.width(of: joined()) > width {
            guard let drop = kept.indices.min(by: { kept[$0].1 < kept[$1].1 }) else { break }
            kept.remove(at: drop)
        }
        return joined()
    }

    /// The notice as the status line shows it: shortened to `width`, and pointing at the `!`
    /// overlay, where the whole text is.
    static func noticeText(_ message: String, width: Int) -> String {
        let pointer = "  (! messages)", cutPointer = "  (! full text)"
        if DisplayWidth.width(of: message) + pointer.count <= width - 1 { return message + pointer }
        return DisplayWidth.truncate(message, to: max(1, width - 1 - cutPointer.count)) + cutPointer
    }

    /// "city 3 of 50" (or "0 cities").
    public static func position(_ m: State) -> String {
        guard let sel = m.selectedIndex, !m.visibleCities.isEmpty else { return "0 cities" }
        return "city \(sel + 1) of \(m.visibleCities.count)"
    }

    /// Blank columns at least between the hints (or a notice) and the position, so the last
    /// hint never reads as part of it ("q quit   city 2 of 4").
    static let gap = 3

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, rect: Rect, detailFullScreen: Bool) {
        let right = position(m) + " "
        let rightWidth = right.count
        let room = max(0, rect.width - rightWidth - 1 - gap)
        let left: String
        if let message = m.notice {
            left = " " + noticeText(message, width: room)
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
