import WeatherCore
import TerminalKit

extension KeyMap {
    /// The command for `key` in `state` under the front end's `overlay`: the add-a-city prompt
    /// and the removal question take every key while open; otherwise as `command(for:editingFilter:overlay:)`.
    public static func command(for key: KeyEvent, state: State, overlay: ScreenState.Overlay? = nil) -> KeyCommand? {
        if let command = globalCommand(for: key) { return command }
        if state.placeEditing.search != nil {
            if case .character(let c) = key { return .send(.addCity(.input(String(c)))) }
            return KeyBindings.command(for: key, in: KeyBindings.placePrompt)
        }
        if state.placeEditing.pendingRemoval != nil {
            // Only `y` removes; any other key keeps the city.
            return KeyBindings.command(for: key, in: KeyBindings.removalQuestion) ?? .send(.removeCity(.cancel))
        }
        if state.detail.mode == .detail, !state.list.isEditingFilter, overlay == nil,
           let command = KeyBindings.command(for: key, in: KeyBindings.detailScrolling) {
            return command
        }
        return command(for: key, editingFilter: state.list.isEditingFilter, overlay: overlay)
    }
}
