import WeatherCore
import TerminalKit

extension KeyMap {
    /// The command for `key` in `state`: the add-a-city prompt and the removal question take
    /// every key while open; otherwise as `command(for:editingFilter:helpShown:overlayShown:)`.
    public static func command(for key: KeyEvent, state: State) -> KeyCommand? {
        if let command = globalCommand(for: key) { return command }
        if state.placeEditing.search != nil {
            if case .character(let c) = key { return .send(.addCity(.input(String(c)))) }
            return KeyBindings.command(for: key, in: KeyBindings.placePrompt)
        }
        if state.placeEditing.pendingRemoval != nil {
            // Only `y` removes; any other key keeps the city.
            return KeyBindings.command(for: key, in: KeyBindings.removalQuestion) ?? .send(.removeCity(.cancel))
        }
        if state.detail.mode == .detail, !state.list.isEditingFilter, !state.overlays.shown,
           let command = KeyBindings.command(for: key, in: KeyBindings.detailScrolling) {
            return command
        }
        return command(for: key, editingFilter: state.list.isEditingFilter, helpShown: state.overlays.showHelp, overlayShown: state.overlays.shown)
    }
}
