import WeatherCore
import TerminalKit

/// What a key means to the browser, before it becomes a core `Action` (docs/spec.md §5 key table).
public enum KeyCommand: Equatable, Sendable {
    /// `a` and the keys of its prompt (KeyMap+Places.swift).
    case addCity(AddCityAction)
    /// `d` / Delete and the `y`/`n` that follows.
    case removeCity(RemoveCityAction)
    case moveUp, moveDown, pageUp, pageDown, first, last
    /// Enter / → / l: open the detail (narrow) or focus it (wide).
    case openDetail
    /// Esc / ← / h: back (close detail, overlay, or clear the filter).
    case back
    /// `/`: start typing a filter.
    case beginFilter
    case cycleSort, invertSort, toggleUnits, togglePin, refresh, toggleHelp
    /// `m`: the world map ⇄ the list.
    case toggleMap
    /// `q`: closes the help overlay if open, else quits.
    case quit
    /// Ctrl-C: quits from anywhere (also while typing a filter).
    case interrupt
    /// While editing the filter: text typed, backspace, Enter keeps it, Esc clears it.
    case filterInsert(Character)
    case filterBackspace
    case filterCommit
    case filterCancel
    case resize
    /// Ctrl-D / Ctrl-U: half a page.
    case halfPageDown, halfPageUp
    /// Ctrl-L: paint the whole screen again (after another program wrote over it).
    case redraw
    /// `!`: the messages overlay.
    case toggleMessages
    /// In an overlay: scroll by this many lines (`Int.min`/`Int.max`: to the top/bottom).
    case scrollOverlay(Int)
    /// In an overlay: scroll by this many pages.
    case scrollOverlayPages(Int)
    /// In a focused or full-screen detail taller than its pane: scroll it by this many pages.
    case scrollDetailPages(Int)
    /// A click at a cell: the driver finds what is there (a row, a column title).
    case click(x: Int, y: Int)
    /// The wheel: rows to move (negative: up).
    case wheel(Int)
}

/// Maps key events to commands; the filter prompt captures printable keys while it is open.
public enum KeyMap {
    /// The command for `key`; `editingFilter` when the filter prompt has focus, `helpShown` when the overlay is open.
    /// `overlayShown` when the help or the messages overlay is open (`helpShown` says which).
    public static func command(for key: KeyEvent, editingFilter: Bool, helpShown: Bool = false, overlayShown: Bool = false) -> KeyCommand? {
        if let command = globalCommand(for: key) { return command }
        if case .mouse(let event) = key { return mouseCommand(event, overlayShown: overlayShown || helpShown) }
        if overlayShown || helpShown, let command = overlayCommand(for: key, helpShown: helpShown) { return command }
        if editingFilter {
            switch key {
            case .character(let c): return .filterInsert(c)
            case .backspace, .delete: return .filterBackspace
            case .enter: return .filterCommit
            case .escape: return .filterCancel
            case .up: return .moveUp
            case .down: return .moveDown
            case .pageUp: return .pageUp
            case .pageDown: return .pageDown
            default: return nil
            }
        }
        if helpShown || overlayShown { return nil }
        switch key {
        case .up, .character("k"): return .moveUp
        case .down, .character("j"): return .moveDown
        case .pageUp, .control("b"): return .pageUp
        case .pageDown, .control("f"), .character(" "): return .pageDown
        case .control("d"): return .halfPageDown
        case .control("u"): return .halfPageUp
        case .character("!"): return .toggleMessages
        case .home, .character("g"): return .first
        case .end, .character("G"): return .last
        case .enter, .right, .character("l"): return .openDetail
        case .escape, .left, .character("h"), .backspace: return .back
        case .character("/"): return .beginFilter
        case .character("s"): return .cycleSort
        case .character("I"): return .invertSort
        case .character("u"): return .toggleUnits
        case .character("p"): return .togglePin
        case .character("a"): return .addCity(.start)
        case .character("d"), .delete: return .removeCity(.ask)
        case .character("m"): return .toggleMap
        case .character("r"), .character("R"), .function(5), .control("r"): return .refresh
        case .character("?"), .function(1): return .toggleHelp
        case .character("q"): return .quit
        default: return nil
        }
    }
}

extension KeyMap {
    /// Keys that mean the same whatever has the keyboard: Ctrl-C quits, a resize, Ctrl-L repaints.
    static func globalCommand(for key: KeyEvent) -> KeyCommand? {
        switch key {
        case .control("c"): return .interrupt
        case .resize: return .resize
        case .control("l"): return .redraw
        default: return nil
        }
    }

    /// Keys while an overlay is open: they scroll it or close it; q closes it rather than
    /// quitting (docs/spec.md §5). Nil for keys an overlay ignores.
    static func overlayCommand(for key: KeyEvent, helpShown: Bool) -> KeyCommand? {
        let close: KeyCommand = helpShown ? .toggleHelp : .toggleMessages
        switch key {
        case .character("q"), .escape, .enter, .left, .character("h"), .backspace: return close
        case .character("?"), .function(1): return .toggleHelp
        case .character("!"): return .toggleMessages
        case .up, .character("k"): return .scrollOverlay(-1)
        case .down, .character("j"): return .scrollOverlay(1)
        case .pageUp, .control("b"), .control("u"): return .scrollOverlayPages(-1)
        case .pageDown, .control("f"), .control("d"), .character(" "): return .scrollOverlayPages(1)
        case .home, .character("g"): return .scrollOverlay(Int.min)
        case .end, .character("G"): return .scrollOverlay(Int.max)
        default: return nil
        }
    }

    /// Rows the wheel moves per notch, as most terminal programs do.
    static let wheelRows = 3

    /// The left button selects (or, on the selected row, opens); the wheel scrolls, also an overlay.
    static func mouseCommand(_ event: MouseEvent, overlayShown: Bool) -> KeyCommand? {
        switch event.kind {
        case .wheelUp: return overlayShown ? .scrollOverlay(-wheelRows) : .wheel(-wheelRows)
        case .wheelDown: return overlayShown ? .scrollOverlay(wheelRows) : .wheel(wheelRows)
        case .press: return overlayShown ? nil : .click(x: event.x, y: event.y)
        case .otherPress, .release: return nil
        }
    }
}

extension KeyMap {
    /// Keys while the terminal is too small to show anything but its notice: the notice says
    /// `q quits`, so `q` quits whatever was open (a filter prompt, an overlay), and nothing
    /// unseen changes.
    public static func tooSmallCommand(for key: KeyEvent) -> KeyCommand? {
        key == .character("q") ? .interrupt : globalCommand(for: key)
    }
}
