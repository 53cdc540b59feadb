/// A colour slot: the app says what each slot means and which colour it shows (`Palette`); a
/// cell names only its slot, so the terminal layer knows no meaning of any colour.
public struct ColorSlot: RawRepresentable, Equatable, Hashable, Sendable {
    /// The slot's number (the backend's colour pair); 0 is the terminal's default colours.
    public var rawValue: UInt8

    @inlinable
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The terminal's default foreground and background.
    public static let plain = ColorSlot(rawValue: 0)
}

/// How a cell looks: attributes that also work in monochrome, plus a colour slot.
public struct Style: Equatable, Hashable, Sendable {
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool
    public var underline: Bool
    public var color: ColorSlot

    // Inlinable: the map makes a style for each of thousands of markers a frame, from another module.
    @inlinable
    public init(bold: Bool = false, reverse: Bool = false, dim: Bool = false, underline: Bool = false, color: ColorSlot = .plain) {
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
        self.underline = underline
        self.color = color
    }

    /// No attributes, default colour.
    public static let plain = Style()

    /// This style with reverse video added (for a selected row).
    public func reversed() -> Style {
        var s = self
        s.reverse = true
        return s
    }
}
