import EssentialsSupport
import WeatherCore
import TerminalKit

/// The notice shown instead of everything else below 40×10; it must fit even a 10×3 terminal.
public enum TooSmallView {
    /// Draws the notice centred (lines clipped to the width), in `language`.
    public static func draw(into buffer: inout ScreenBuffer, size: TerminalSize, language: Language = .english) {
        let lines = [
            language.text("small.title"),
            language.text("small.size", ("size", "\(size.columns)×\(size.rows)"),
                          ("need", "\(Layout.minimumSize.columns)×\(Layout.minimumSize.rows)")),
            language.text("small.quit", ("key", KeyBindings.name(of: .send(.interrupt), in: KeyBindings.tooSmall))),
        ]
        let top = max(0, (buffer.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < buffer.height {
            let x = max(0, (buffer.width - DisplayWidth.width(of: line)) / 2)
            buffer.draw(line, x: x, y: top + i, style: i == 0 ? Style(bold: true, reverse: true, role: .alert) : .plain)
        }
    }
}
