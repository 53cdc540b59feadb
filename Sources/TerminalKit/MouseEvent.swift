/// A mouse report as the run loop sees it: what happened and where, in cells from the top left (0-based).
public struct MouseEvent: Equatable, Hashable, Sendable {
    public enum Kind: Equatable, Hashable, Sendable {
        /// The left button went down.
        case press
        /// Another button (middle, right) went down; nothing uses it yet.
        case otherPress
        /// A button came up.
        case release
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }

    /// Reads the body of an SGR (mode 1006) report, what follows `ESC [ <`: `b;x;yM` for a press,
    /// `b;x;ym` for a release, coordinates 1-based. Nil when `text` is not one, so the caller can
    /// hand the characters on as keys.
    public static func parseSGR(_ text: Substring) -> MouseEvent? {
        guard let final = text.last, final == "M" || final == "m" else { return nil }
        let fields = text.dropLast().split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, let button = Int(fields[0]), let x = Int(fields[1]), let y = Int(fields[2]),
              x >= 1, y >= 1, button >= 0
        else { return nil }
        let kind: Kind
        if button & 64 != 0 {
            // 64 up, 65 down (66/67: sideways wheels, taken as nothing); modifiers in 4/8/16.
            switch button & 3 {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil
            }
        } else if button & 32 != 0 {
            return nil  // motion while a button is held: not asked for, ignored
        } else if final == "m" {
            kind = .release
        } else {
            kind = button & 3 == 0 ? .press : .otherPress
        }
        return MouseEvent(kind, x: x - 1, y: y - 1)
    }
}
