extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks: Unicode's `White_Space`) at
    /// either end, as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives it.
    public var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
