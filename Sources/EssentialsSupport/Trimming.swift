extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks: Unicode's `White_Space`, and
    /// the zero-width space, as Foundation counts it) at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it.
    public var trimmed: String {
        let scalars = unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace || scalar == "\u{200B}" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
