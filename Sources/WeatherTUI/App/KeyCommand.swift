import WeatherCore
import TerminalKit

/// What a key asks for: a core `Action`, sent as it is, or something only the front end can
/// resolve because it depends on the terminal (its size, what is drawn where).
public enum KeyCommand: Equatable, Sendable {
    /// An action for the store.
    case send(Action)
    /// The terminal changed size: the front end fits the page to it and asks nothing of the core.
    case resize
    /// Ctrl-L: paint the whole screen again (after another program wrote over it).
    case redraw
    /// `?`, `!` (and, in the open one, the keys that close it): opens this overlay, closing the
    /// other, or closes it when it is the one open.
    case toggleOverlay(ScreenState.Overlay)
    /// PgUp/PgDn: the selection moves by this many pages of the rows the list has on screen.
    case pageList(Int)
    /// Ctrl-U/Ctrl-D: the selection moves by this many half pages (at least a row each).
    case halfPageList(Int)
    /// In an overlay: scroll by this many lines (`Int.min`/`Int.max`: to the top/bottom).
    case scrollOverlay(Int)
    /// In an overlay: scroll by this many pages.
    case scrollOverlayPages(Int)
    /// In a focused or full-screen detail taller than its pane: scroll it by this many pages.
    case scrollDetailPages(Int)
    /// A click at a cell: the driver finds what is there (a row, a column title).
    case click(x: Int, y: Int)

    /// The action it sends as it is (nil for what the front end resolves first).
    public var action: Action? {
        if case .send(let action) = self { return action }
        return nil
    }
}

/// Decodes key events through the tables of `KeyBindings`: which table answers depends on what
/// has the keyboard (a prompt, an overlay, the filter, the detail, the list).
public enum KeyMap {
    /// The command for `key`; `editingFilter` when the filter prompt has focus, `overlay` the
    /// overlay open (the front end's `ScreenState.overlay`), which has the keys.
    public static func command(for key: KeyEvent, editingFilter: Bool, overlay: ScreenState.Overlay? = nil) -> KeyCommand? {
        if let command = globalCommand(for: key) { return command }
        if case .mouse(let event) = key { return mouseCommand(event, overlayShown: overlay != nil) }
        if let overlay { return KeyBindings.command(for: key, in: KeyBindings.overlay(closing: overlay)) }
        if editingFilter {
            if case .character(let c) = key { return .send(.filterInput(String(c))) }
            return KeyBindings.command(for: key, in: KeyBindings.filter)
        }
        return KeyBindings.command(for: key, in: KeyBindings.browsing)
    }
}

extension KeyMap {
    /// Keys that mean the same whatever has the keyboard: the table's `anywhere` keys (Ctrl-C
    /// quits, Ctrl-L repaints) and a resize.
    static func globalCommand(for key: KeyEvent) -> KeyCommand? {
        key == .resize ? .resize : KeyBindings.anywhere[key]
    }

    /// Rows the wheel moves per notch, as most terminal programs do.
    static let wheelRows = 3

    /// The left button selects (or, on the selected row, opens); the wheel scrolls, also an overlay.
    static func mouseCommand(_ event: MouseEvent, overlayShown: Bool) -> KeyCommand? {
        switch event.kind {
        case .wheelUp: return overlayShown ? .scrollOverlay(-wheelRows) : .send(.moveBy(-wheelRows))
        case .wheelDown: return overlayShown ? .scrollOverlay(wheelRows) : .send(.moveBy(wheelRows))
        case .press: return overlayShown ? nil : .click(x: event.x, y: event.y)
        case .otherPress, .release: return nil
        }
    }
}

extension KeyMap {
    /// Keys while the terminal is too small to show anything but its notice (`KeyBindings.tooSmall`,
    /// the key its notice names), and those that mean the same anywhere.
    public static func tooSmallCommand(for key: KeyEvent) -> KeyCommand? {
        KeyBindings.command(for: key, in: KeyBindings.tooSmall) ?? globalCommand(for: key)
    }
}
