/// The one rule by which text from outside the program (a server's answer, a file on disk, an
/// argument echoed back) becomes terminal output: every scalar a terminal may act on instead of
/// showing, or that reorders what follows it, is shown as U+FFFD. So no name, message or error can
/// retitle the window (`ESC ]2;… BEL`), recolour it (`ESC [41m`, 8-bit CSI), clear it, or make
/// the rest of a line read backwards (bidi overrides and isolates).
public enum TerminalText {
    /// What becomes of line breaks and tabs, which the other controls never keep.
    public enum Breaks: Sendable {
        /// Replaced like every other control: text for one cell or one field (a name in a table).
        case replace
        /// Tabs and line breaks (`\t`, `\n`, `\r`) become one space each: one line of a message.
        case space
        /// Newlines and tabs kept, a carriage return replaced: text of several lines (an error
        /// that explains itself over a few lines).
        case keep
    }

    /// True for what is never written to a terminal as it is: C0 controls (ESC, BEL, NUL…), DEL,
    /// C1 controls (8-bit CSI, OSC), the bidi embeddings, overrides and isolates
    /// (U+202A–202E, U+2066–2069) and the direction marks (U+200E, U+200F, U+061C).
    @inlinable
    public static func isInert(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: false
        default: true
        }
    }

    /// `text` with each scalar that is not inert replaced by U+FFFD, line breaks and tabs as
    /// `breaks` says.
    public static func printable(_ text: String, breaks: Breaks = .replace) -> String {
        guard text.unicodeScalars.contains(where: { !isInert($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(shown(scalar, breaks: breaks)) }
        return String(out)
    }

    /// What `scalar` is shown as: itself when inert, else a space, itself or U+FFFD as `breaks` says.
    @inlinable
    public static func shown(_ scalar: Unicode.Scalar, breaks: Breaks) -> Unicode.Scalar {
        if isInert(scalar) { return scalar }
        switch (breaks, scalar) {
        case (.space, "\t"), (.space, "\n"), (.space, "\r"): return " "
        case (.keep, "\t"), (.keep, "\n"): return scalar
        default: return replacement
        }
    }

    /// What a scalar that is not inert is shown as.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"
}
