#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels
import TerminalKit
import EssentialsSupport

/// A titled box over the screen holding lines that scroll when they do not fit (the help, the
/// messages); the border says when there is more above or below.
public enum OverlayBox {
    /// One line: an optional key column, then text.
    struct Line: Equatable {
        var key: String?
        var text: String
        var style: Style = .plain
    }

    /// Columns of the key column, when the lines have one.
    static let keyWidth = 20
    /// Widest box, border excluded.
    static let maxInnerWidth = 60

    /// Where the box goes at `size` for `count` lines: nil when the terminal has no room for one.
    struct Frame: Equatable {
        var x: Int, y: Int, innerWidth: Int, height: Int
        /// Lines shown at once (the box less its borders and a blank row at each end).
        var visible: Int { height - 4 }
    }

    static func frame(lines count: Int, size: TerminalSize) -> Frame? {
        let innerWidth = min(size.columns - 4, maxInnerWidth)
        let height = min(size.rows - 2, count + 4)
        guard innerWidth > 10, height > 4 else { return nil }
        return Frame(x: (size.columns - innerWidth - 2) / 2, y: max(0, (size.rows - height) / 2), innerWidth: innerWidth, height: height)
    }

    /// The last first-line that still fills the box.
    static func maxScroll(lines count: Int, size: TerminalSize) -> Int {
        guard let frame = frame(lines: count, size: size) else { return 0 }
        return max(0, count - frame.visible)
    }

    /// The border's style, also for the marks drawn on it.
    static let border = Style(bold: true, role: .key)

    /// A cleared box with its border and `title` (every box over the screen: overlays, the add-a-city
    /// prompt), and a blank column either side of it: what shows of the screen under it beside the
    /// border (a list's `…` cut at the terminal's edge) would read as the box's own text spilling out.
    static func drawFrame(_ f: Frame, title: String, into buffer: inout ScreenBuffer) {
        for row in f.y..<(f.y + f.height) {
            buffer.fill(x: f.x - 1, y: row, count: 1, style: .plain)
            buffer.fill(x: f.x + f.innerWidth + 2, y: row, count: 1, style: .plain)
        }
        let rule = String(repeating: "─", count: f.innerWidth)
        buffer.draw("┌" + rule + "┐", x: f.x, y: f.y, style: border)
        for row in 1..<(f.height - 1) {
            buffer.draw("│", x: f.x, y: f.y + row, style: border)
            buffer.fill(x: f.x + 1, y: f.y + row, count: f.innerWidth, style: .plain)
            buffer.draw("│", x: f.x + f.innerWidth + 1, y: f.y + row, style: border)
        }
        buffer.draw("└" + rule + "┘", x: f.x, y: f.y + f.height - 1, style: border)
        buffer.draw(title, x: f.x + 2, y: f.y, style: Style(bold: true, reverse: true))
    }

    static func draw(title: String, lines: [Line], scroll: Int, into buffer: inout ScreenBuffer, size: TerminalSize,
                     language: Language = .english) {
        guard let f = frame(lines: lines.count, size: size) else { return }
        let first = min(max(0, scroll), maxScroll(lines: lines.count, size: size))
        drawFrame(f, title: title, into: &buffer)
        if first > 0 {
            let up = " \(language.text("overlay.moreUp")) "
            buffer.draw(up, x: f.x + f.innerWidth - DisplayWidth.width(of: up), y: f.y, style: border)
        }
        if first + f.visible < lines.count {
            let table = KeyBindings.overlay(closing: .help)
            let keys = ("keys", KeyBindings.names(of: .scrollOverlay(-1), .scrollOverlay(1), in: table))
            let down = " \(language.text("overlay.more", keys, ("page", KeyBindings.name(of: .scrollOverlayPages(1), in: table)))) "
            buffer.draw(down, x: f.x + max(1, f.innerWidth - DisplayWidth.width(of: down)), y: f.y + f.height - 1, style: border)
        }
        let keyed = lines.contains { $0.key != nil }
        let textX = f.x + 2 + (keyed ? keyWidth : 0)
        for (i, line) in lines.dropFirst(first).prefix(f.visible).enumerated() {
            let y = f.y + 2 + i
            if let key = line.key { buffer.draw(key, x: f.x + 2, y: y, columns: keyWidth - 1, style: .key) }
            buffer.draw(line.text, x: textX, y: y, columns: max(0, f.x + f.innerWidth - textX), style: line.style)
        }
    }
}

/// How much of the open overlay fits at a size: what bounds its scrolling (nothing open: zero).
public struct OverlayExtent: Equatable, Sendable {
    public var visible: Int
    public var maxScroll: Int

    /// The extent of `overlay` (the front end's open one) over `state` at `size`.
    public static func of(_ state: State, overlay: ScreenState.Overlay?, size: TerminalSize) -> OverlayExtent {
        let lines: Int
        switch overlay {
        case .help:
            lines = KeyBindings.help(mouse: state.config.mouse).count
        case .messages:
            lines = MessagesOverlay.lines(state.notices.messages, now: state.now, timeZone: state.config.timeZone, size: size).count
        case nil:
            return OverlayExtent(visible: 0, maxScroll: 0)
        }
        let visible = OverlayBox.frame(lines: lines, size: size)?.visible ?? 0
        return OverlayExtent(visible: visible, maxScroll: OverlayBox.maxScroll(lines: lines, size: size))
    }
}
