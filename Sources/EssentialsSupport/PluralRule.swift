/// How a language picks the form of a counted word, by CLDR's plural rules for whole numbers
/// (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html).
public struct PluralRule: Equatable, Sendable {
    /// CLDR's plural categories the program's languages use.
    public enum Category: String, CaseIterable, Sendable {
        case one, few, many, other
    }

    let code: Language.Code

    init(_ code: Language.Code) {
        self.code = code
    }

    /// The categories this language distinguishes: every catalogue writes exactly these forms
    /// of a counted entry.
    public var categories: [Category] {
        switch code {
        case .en, .de, .es, .it, .pt, .fr: [.one, .other]
        case .ru: [.one, .few, .many]  // CLDR's `other` is for fractions, which nothing counts
        case .ja, .zh: [.other]
        }
    }

    /// The category of the whole number `n` (a negative number as its magnitude).
    public func category(of n: Int) -> Category {
        let n = n.magnitude
        switch code {
        case .en, .de, .es, .it: return n == 1 ? .one : .other
        // French and Portuguese count 0 and 1 as one (CLDR: i = 0,1).
        case .fr, .pt: return n <= 1 ? .one : .other
        case .ru:
            let (mod10, mod100) = (n % 10, n % 100)
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case .ja, .zh: return .other
        }
    }
}
