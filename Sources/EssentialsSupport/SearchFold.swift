@_spi(_Unicode) import Swift

/// Text matching that ignores case and accents, as Foundation's `.caseInsensitive` and
/// `.diacriticInsensitive` comparison options do: `reykjavik` finds Reykjavík, `sao` São Paulo.
///
/// The text is decomposed (Unicode's canonical decomposition, NFD, by the standard library), its
/// combining marks dropped and its letters lower-cased; two texts match when their folded forms do.
public enum SearchFold {
    /// `text` decomposed, without combining marks, lower-cased.
    public static func fold(_ text: some StringProtocol) -> String {
        let kept = String(text)._nfd.filter { $0.properties.generalCategory != .nonspacingMark }
        return String(String.UnicodeScalarView(kept)).lowercased()
    }

    /// Whether `haystack` contains `needle`, case and accents aside.
    public static func contains(_ haystack: some StringProtocol, _ needle: some StringProtocol) -> Bool {
        let folded = fold(needle)
        return folded.isEmpty || fold(haystack).contains(folded)
    }

    /// Whether `text` starts with `prefix`, case and accents aside.
    public static func hasPrefix(_ text: some StringProtocol, _ prefix: some StringProtocol) -> Bool {
        fold(text).hasPrefix(fold(prefix))
    }

    /// `a` and `b` compared with case aside (accents kept, after their letter): negative, zero or
    /// positive, as Foundation's `caseInsensitiveCompare` orders them for sorting — on the
    /// decomposed text, so that `Ürümqi` sorts with the U's, before `Zagreb`.
    public static func caseInsensitiveOrder(_ a: some StringProtocol, _ b: some StringProtocol) -> Int {
        var left = a.lowercased()._nfd.makeIterator(), right = b.lowercased()._nfd.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (x?, y?) where x != y: return x.value < y.value ? -1 : 1
            default: continue
            }
        }
    }
}
