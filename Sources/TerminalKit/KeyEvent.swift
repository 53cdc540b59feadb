/// A key press (or terminal event) as the run loop sees it, independent of ncurses codes.
public enum KeyEvent: Equatable, Hashable, Sendable {
    /// A printable character in any script.
    case character(Character)
    /// Ctrl plus a letter (lowercase), e.g. `.control("c")`.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab
    /// F1…F12.
    case function(Int)
    /// The terminal changed size.
    case resize
    /// A click or the wheel (when mouse reporting is on).
    case mouse(MouseEvent)
}
