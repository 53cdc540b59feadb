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
    /// The overlay's lines for `messages` (newest first), stamped in `timeZone` as seen at `now`.
    static func lines(_ messages: [Message], now: Date, timeZone: ZoneInfo, size: TerminalSize, language: Language = .english,
                      clock: ClockStyle = .twentyFourHour) -> [OverlayBox.Line] {
        guard !messages.isEmpty else { return [OverlayBox.Line(text: language.text("messages.none"), style: .dimmed)] }
        let innerWidth = min(size.columns - 4, OverlayBox.maxInnerWidth)
        var lines: [OverlayBox.Line] = []
        for message in messages {
            let stamp = WeatherFormat.when(message.time, now: now, timeZone: timeZone, style: clock)
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

    /// Draws the overlay over a screen of `size`, from line `scroll` on.
    public static func draw(_ messages: [Message], now: Date, timeZone: ZoneInfo, scroll: Int, into buffer: inout ScreenBuffer, size: TerminalSize,
                            language: Language = .english, clock: ClockStyle = .twentyFourHour) {
        OverlayBox.draw(title: " \(language.text("overlay.messages")) ", lines: lines(messages, now: now, timeZone: timeZone, size: size,
                                                                                       language: language, clock: clock),
                        scroll: scroll, into: &buffer, size: size, language: language)
    }
}
