import WeatherCore
import TerminalKit

extension KeyMap {
    /// The command for `key` in `state`: the add-a-city prompt and the removal question take
    /// every key while open; otherwise as `command(for:editingFilter:helpShown:overlayShown:)`.
    public static func command(for key: KeyEvent, state: State) -> KeyCommand? {
        if let command = globalCommand(for: key) { return command }
        if state.placeSearch != nil { return placeCommand(for: key) }
        if state.pendingRemoval != nil {
            // Only `y` removes; any other key keeps the city.
            return key == .character("y") || key == .character("Y") ? .removeCity(.confirm) : .removeCity(.cancel)
        }
        if state.mode == .detail, !state.isEditingFilter, !state.overlayShown, let command = detailCommand(for: key) { return command }
        return command(for: key, editingFilter: state.isEditingFilter, helpShown: state.showHelp, overlayShown: state.overlayShown)
    }

    /// Keys of a focused or full-screen detail: the page keys scroll it (a detail taller than
    /// the terminal shows the rest); ↑↓ still step from city to city.
    static func detailCommand(for key: KeyEvent) -> KeyCommand? {
        switch key {
        case .pageUp, .control("b"), .control("u"): return .scrollDetailPages(-1)
        case .pageDown, .control("f"), .control("d"), .character(" "): return .scrollDetailPages(1)
        default: return nil
        }
    }

    /// The add-a-city prompt: text, Enter searches or picks, ↑↓ move among the results, Esc leaves.
    static func placeCommand(for key: KeyEvent) -> KeyCommand? {
        switch key {
        case .character(let c): return .addCity(.input(String(c)))
        case .backspace, .delete: return .addCity(.backspace)
        case .enter: return .addCity(.submit)
        case .escape: return .addCity(.cancel)
        case .up: return .addCity(.moveUp)
        case .down: return .addCity(.moveDown)
        default: return nil
        }
    }
}
