#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels
import TerminalKit
import EssentialsSupport

/// `!`: the last notices and errors in full, newest first, each with its time; long ones wrap.
public enum MessagesOverlay {
    static func lines(_ m: State, size: TerminalSize) -> [OverlayBox.Line] {
        guard !m.messages.isEmpty else { return [OverlayBox.Line(text: "No messages yet.", style: .dimmed)] }
        let innerWidth = min(size.columns - 4, OverlayBox.maxInnerWidth)
        var lines: [OverlayBox.Line] = []
        for message in m.messages {
            let stamp = WeatherFormat.when(message.time, now: m.now, timeZone: m.config.timeZone)
            let indent = String(repeating: " ", count: DisplayWidth.width(of: stamp) + 2)
            let wrapped = wrap(message.text, width: max(8, innerWidth - 2 - indent.count))
            for (i, part) in wrapped.enumerated() {
                lines.append(OverlayBox.Line(text: (i == 0 ? stamp + "  " : indent) + part))
            }
        }
        return lines
    }

    /// `text` in lines of at most `width` columns, broken at spaces where it can be.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = "", lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            var wordWidth = DisplayWidth.width(of: word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {  // a path or a URL longer than a line: cut it
                let head = DisplayWidth.truncate(word, to: width)
                let cut = head.hasSuffix("…") ? String(head.dropLast()) : head
                if !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                lines.append(cut)
                word = String(word.dropFirst(cut.count))
                wordWidth = DisplayWidth.width(of: word)
            }
            if lineWidth > 0 { line += " "; lineWidth += 1 }
            line += word
            lineWidth += wordWidth
        }
        lines.append(line)
        return lines
    }

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, size: TerminalSize) {
        OverlayBox.draw(title: " Messages, newest first ", lines: lines(m, size: size), scroll: m.overlayScroll, into: &buffer, size: size)
    }
}
