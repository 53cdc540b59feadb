/// One language's words, by stable key. A value may hold named placeholders, `{name}`, that
/// `Language.text` fills. A counted entry is written once per plural category of the language,
/// under `key#one`, `key#few`, `key#many`, `key#other` (`Language.counted`). English is the
/// reference: every catalogue has exactly its keys and placeholders (`CatalogueTests`).
public struct Catalogue: Sendable {
    /// The entries, by key.
    public let entries: [String: String]

    public init(_ entries: [String: String]) {
        self.entries = entries
    }

    /// The catalogue of `code`.
    public static func of(_ code: Language.Code) -> Catalogue {
        switch code {
        case .en: english
        case .de: german
        case .fr: french
        case .es: spanish
        case .it: italian
        case .pt: portuguese
        case .ru: russian
        case .ja: japanese
        case .zh: chinese
        }
    }

    /// The separator of a counted entry's key and its plural category.
    public static let pluralMark: Character = "#"

    /// The placeholders' names in `text`, in order of appearance.
    public static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `template` with each `{name}` replaced by its value; a name without one stays as written.
    static func fill(_ template: String, _ values: [(String, String)]) -> String {
        guard template.contains("{") else { return template }
        var result = template
        for (name, value) in values {
            result = result.replacing("{\(name)}", with: value)
        }
        return result
    }
}

extension Language {
    /// This language's catalogue.
    public var catalogue: Catalogue { Catalogue.of(code) }

    /// The words of `key` in this language (English where the catalogue lacks it, which a test
    /// forbids; the key itself where English does too), with `values` in their placeholders.
    public func text(_ key: String, _ values: (String, String)...) -> String {
        Catalogue.fill(entry(key), values)
    }

    /// The words of the counted entry `key` for `count`, in the form this language's plural
    /// rule gives it; `{n}` is the count.
    public func counted(_ key: String, _ count: Int, _ values: (String, String)...) -> String {
        let form = "\(key)\(Catalogue.pluralMark)\(pluralRule.category(of: count).rawValue)"
        let template = catalogue.entries[form] ?? catalogue.entries["\(key)\(Catalogue.pluralMark)other"]
            ?? (code == .en ? key : Language.english.counted(key, count))
        return Catalogue.fill(template, [("n", String(count))] + values)
    }

    func entry(_ key: String) -> String {
        catalogue.entries[key] ?? Catalogue.english.entries[key] ?? key
    }
}
