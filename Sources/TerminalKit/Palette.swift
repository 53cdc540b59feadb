/// The foreground colour of each slot the app uses, as the terminal can show it; slots it does
/// not name show the terminal's default.
public struct Palette: Equatable, Sendable {
    /// A foreground on terminals of 256 colours (`rich`, an xterm colour number) and on those of
    /// eight (`basic`); nil keeps the terminal's default there.
    public struct Color: Equatable, Sendable {
        public var rich: Int16?
        public var basic: BasicColor?

        public init(rich: Int16?, basic: BasicColor?) {
            self.rich = rich
            self.basic = basic
        }

        /// The colour number on a terminal of `colors` colours (as `setaf` takes it); nil for the default.
        public func number(colors: Int) -> Int16? {
            colors >= 256 ? rich : basic?.rawValue
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
}
