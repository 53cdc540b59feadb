/// The foreground colour of each slot the app uses, as the terminal can show it; slots it does
/// not name show the terminal's default.
public struct Palette: Equatable, Sendable {
    /// A foreground on terminals of 256 colours (`rich`, an xterm colour number) and on those of
    /// eight (`basic`); nil keeps the terminal's default there.
    public struct Color: Equatable, Sendable {
        public var rich: Int16?
        public var basic: BasicColor?
        /// The basic colour's bright form: colours 8–15 where the terminal has 16, and bold with
        /// the basic colour where it has 8 (the Linux console and most terminals show bold bright).
        /// Eight colours are too few for six classes told apart by colour alone.
        public var bright: Bool

        public init(rich: Int16?, basic: BasicColor?, bright: Bool = false) {
            self.rich = rich
            self.basic = basic
            self.bright = bright
        }

        /// The colour number on a terminal of `colors` colours (as `setaf` takes it); nil for the default.
        public func number(colors: Int) -> Int16? {
            if colors >= 256 { return rich }
            guard let basic else { return nil }
            return bright && colors >= 16 ? basic.rawValue + 8 : basic.rawValue
        }

        /// Whether the colour is shown bold on a terminal of `colors` colours (its bright form where there are 8).
        public func isBold(colors: Int) -> Bool {
            bright && basic != nil && colors < 16
        }
    }

    /// The eight colours every colour terminal has, numbered as ANSI and curses number them.
    public enum BasicColor: Int16, Sendable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    /// Each slot's colour.
    public var colors: [ColorSlot: Color]

    public init(_ colors: [ColorSlot: Color] = [:]) {
        self.colors = colors
    }

    /// The colour number `slot` shows on a terminal of `colors` colours; nil for the default.
    public func number(of slot: ColorSlot, colors count: Int) -> Int16? {
        colors[slot]?.number(colors: count)
    }

    /// Whether `slot` is shown bold on a terminal of `colors` colours (`Color.isBold`).
    public func isBold(_ slot: ColorSlot, colors count: Int) -> Bool {
        colors[slot]?.isBold(colors: count) ?? false
    }
}
