/// What a key means to the browser, before it becomes a core `Action` (docs/spec.md §5 key table).
public enum KeyCommand: Equatable, Sendable {
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
}

/// Maps key events to commands; the filter prompt captures printable keys while it is open.
public enum KeyMap {
    /// The command for `key`; `editingFilter` when the filter prompt has focus, `helpShown` when the overlay is open.
    public static func command(for key: KeyEvent, editingFilter: Bool, helpShown: Bool = false) -> KeyCommand? {
        if key == .control("c") { return .interrupt }
        if key == .resize { return .resize }
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
        if helpShown {
            // Any of these closes the overlay; q closes it rather than quitting (docs/spec.md §5).
            switch key {
            case .character("q"), .character("?"), .escape, .enter, .left, .character("h"): return .toggleHelp
            default: return nil
            }
        }
        switch key {
        case .up, .character("k"): return .moveUp
        case .down, .character("j"): return .moveDown
        case .pageUp, .control("b"): return .pageUp
        case .pageDown, .control("f"), .character(" "): return .pageDown
        case .home, .character("g"): return .first
        case .end, .character("G"): return .last
        case .enter, .right, .character("l"): return .openDetail
        case .escape, .left, .character("h"), .backspace: return .back
        case .character("/"): return .beginFilter
        case .character("s"): return .cycleSort
        case .character("I"): return .invertSort
        case .character("u"): return .toggleUnits
        case .character("p"): return .togglePin
        case .character("m"): return .toggleMap
        case .character("r"), .character("R"), .function(5), .control("r"): return .refresh
        case .character("?"), .function(1): return .toggleHelp
        case .character("q"): return .quit
        default: return nil
        }
    }
}
