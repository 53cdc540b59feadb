import WeatherCore
import TerminalKit

/// The notice shown instead of everything else below 40×10; it must fit even a 10×3 terminal.
public enum TooSmallView {
    /// Draws the notice centred (lines clipped to the width).
    public static func draw(into buffer: inout ScreenBuffer, size: TerminalSize) {
        let lines = [
            "Terminal too small",
            "\(size.columns)×\(size.rows), need \(Layout.minimumSize.columns)×\(Layout.minimumSize.rows)",
            "q quits",
        ]
        let top = max(0, (buffer.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < buffer.height {
            let x = max(0, (buffer.width - line.count) / 2)
            buffer.draw(line, x: x, y: top + i, style: i == 0 ? Style(bold: true, reverse: true, role: .alert) : .plain)
        }
    }
}
