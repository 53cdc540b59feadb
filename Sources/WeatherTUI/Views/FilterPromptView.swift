import WeatherCore
import TerminalKit

/// The filter prompt row: what is typed, with a cursor while editing.
public enum FilterPromptView {
    /// Draws `filter` as typed so far; `editing`: with the cursor, else with the keys that change it.
    public static func draw(_ filter: String, editing: Bool, into buffer: inout ScreenBuffer, rect: Rect) {
        let label = "Filter: "
        var x = buffer.draw(label, x: rect.x + 1, y: rect.y, style: Style(bold: true, role: .key))
        x = buffer.draw(filter, x: x, y: rect.y, style: Style(underline: editing), maxWidth: rect.maxX - x - 1)
        if editing {
            buffer.draw("█", x: x, y: rect.y, style: .plain, maxWidth: rect.maxX - x)
        } else {
            let keys = "  (\(KeyBindings.name(of: .send(.startFilter))) edits, \(KeyBindings.name(of: .send(.closeDetail))) clears)"
            buffer.draw(keys, x: x, y: rect.y, style: .dimmed, maxWidth: rect.maxX - x)
        }
    }
}
