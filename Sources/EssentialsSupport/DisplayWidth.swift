/// Terminal display width of text: East Asian wide and emoji-presentation characters take two
/// columns, combining marks and joiners none. Columns are aligned by this, never by `count`.
public enum DisplayWidth {
    /// Columns one grapheme takes: an emoji two; otherwise the sum of its scalars as `wcwidth`
    /// counts them (wide two, combining marks none, spacing marks such as Bengali া one).
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        return scalars.reduce(0) { sum, scalar in
            if isZeroWidth(scalar) { return sum }
            return sum + (isWide(scalar.value) ? 2 : 1)
        }
    }

    /// Columns a string takes.
    public static func width(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }  // ASCII fast path
        // Text made only of scalars the fast table knows ("26.4°C", "Zürich", "Москва", "東京"): each
        // is a grapheme of its own, so no grapheme walk; anything else takes the walk.
        var columns = 0
        for scalar in text.unicodeScalars {
            guard let w = fastWidth(scalar.value) else { return text.reduce(0) { $0 + width(of: $1) } }
            columns += w
        }
        return columns
    }

    /// The fast table: the columns of a scalar that is always a grapheme of its own and whose
    /// width is certain (printable ASCII, Latin, Greek, Cyrillic, common punctuation, arrows, box
    /// drawing, CJK, kana, Hangul syllables); nil for the rest, which `width(of:)` measures by the
    /// full rule. Every frame's text goes through it, so it is a switch of ranges, not the rule;
    /// `DisplayWidthTests.fastTableAgreesWithTheFullRule` holds the two to each other.
    @inlinable
    public static func fastWidth(_ v: UInt32) -> Int? {
        if v < 0x7F { return v >= 0x20 ? 1 : nil }
        if v == 0xAD { return nil }  // the soft hyphen: a format character, no column
        if (0xA0..<0x300).contains(v) || (0x370..<0x0483).contains(v) || (0x048A..<0x0530).contains(v)
            || (0x2010..<0x2028).contains(v) || (0x2190..<0x21FF).contains(v) || (0x2500..<0x25FD).contains(v) {
            return 1
        }
        // Kana without the combining voiced sound marks U+3099 and U+309A (no column).
        if (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) || (0x3041...0x3098).contains(v) || (0x309B...0x33FF).contains(v) {
            return 2
        }
        return nil
    }

    /// The text cut to at most `columns`, ending in `…` when cut; a wide character is never split.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if width(of: text) <= columns { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// The text cut from its start to at most `columns`, beginning with `…` when cut: the end of
    /// a line being typed, where the cursor is. A wide character is never split.
    public static func truncateHead(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if width(of: text) <= columns { return text }
        var tail: [Character] = []
        var used = 0
        for character in text.reversed() {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            tail.append(character)
            used += w
        }
        return "…" + String(tail.reversed())
    }

    /// The text truncated to `columns` and padded with spaces to exactly that width.
    public static func pad(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - width(of: cut)))
    }

    /// The text truncated and right-aligned in `columns`.
    public static func padLeft(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return String(repeating: " ", count: max(0, columns - width(of: cut))) + cut
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default:
            // Hangul vowel and final jamo join the leading consonant's two cells (as wcwidth counts them).
            let v = scalar.value
            return v == 0xFE0F || v == 0xFE0E || (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v)
        }
    }

    /// East Asian Width W and F ranges (Unicode 15); emoji are decided by their presentation above,
    /// so text-presentation pictographs (🌧 U+1F327, ☁) stay one column, as terminals draw them.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
