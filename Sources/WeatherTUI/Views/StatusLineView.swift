import TerminalKit
import WeatherCore
import EssentialsSupport

/// The bottom line: key hints on the left (or a message), the position in the list on the right.
public enum StatusLineView {
    /// A key's hint: its text and how much it is needed (the lowest go first when the line is narrow).
    public struct Hint: Equatable, Sendable {
        public var text: String
        public var priority: Int
    }

    /// The hints that fit in `width` columns, dropping the least important first.
    static func hints(_ segments: [Hint], width: Int) -> String {
        var kept = segments
        func joined() -> String { kept.map(\.text).joined(separator: "  ") }
        while kept.count > 1, DisplayWidth.width(of: joined()) > width {
            guard let drop = kept.indices.min(by: { kept[$0].priority < kept[$1].priority }) else { break }
            kept.remove(at: drop)
        }
        return joined()
    }

    /// The notice as the status line shows it: shortened to `width`, and pointing at the `!`
    /// overlay, where the whole text is.
    static func noticeText(_ message: String, width: Int, in language: Language = .english) -> String {
        let key = ("key", KeyBindings.name(of: .toggleOverlay(.messages)))
        let pointer = "  " + language.text("status.messages", key), cutPointer = "  " + language.text("status.fullText", key)
        if DisplayWidth.width(of: message) + DisplayWidth.width(of: pointer) <= width - 1 { return message + pointer }
        return DisplayWidth.truncate(message, to: max(1, width - 1 - DisplayWidth.width(of: cutPointer))) + cutPointer
    }

    /// "city 3 of 50" for the third of 50 listed (or "0 cities"), in `language`.
    public static func position(selected: Int?, listed: Int, in language: Language = .english) -> String {
        guard let selected, listed > 0 else { return language.text("status.none") }
        return language.text("status.position", ("n", String(selected + 1)), ("total", String(listed)))
    }

    /// Blank columns at least between the hints (or a notice) and the position, so the last
    /// hint never reads as part of it ("q quit   city 2 of 4").
    static let gap = 3

    /// Draws `hints` (or `notice`, when there is one, in their place) and `position` on the right.
    public static func draw(hints: [Hint], notice: String?, position: String, into buffer: inout ScreenBuffer, rect: Rect,
                            language: Language = .english) {
        let right = position + " "
        let rightWidth = DisplayWidth.width(of: right)
        let room = max(0, rect.width - rightWidth - 1 - gap)
        let left = " " + (notice.map { noticeText($0, width: room, in: language) } ?? Self.hints(hints, width: room))
        buffer.fill(x: rect.x, y: rect.y, count: rect.width, style: .dimmed)
        buffer.draw(left, x: rect.x, y: rect.y, columns: max(0, rect.width - rightWidth - 1), style: notice != nil ? .plain : .dimmed)
        buffer.draw(right, x: rect.maxX - rightWidth, y: rect.y, style: Style(bold: true))
    }
}
