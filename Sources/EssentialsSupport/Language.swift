/// A language the program speaks, with the conventions of the locale it was read from: how it
/// counts (its plural rule), its clock and its decimal separator. `english` is the reference
/// every catalogue is held to.
public struct Language: Hashable, Sendable {
    /// The languages the program has a catalogue for.
    public enum Code: String, CaseIterable, Sendable {
        case en, de, fr, es, it, pt, ru, ja, zh
    }

    /// Which language.
    public var code: Code
    /// The locale's territory, upper-cased (`US` of `en_US.UTF-8`); nil when none was given.
    public var region: String?

    public init(code: Code, region: String? = nil) {
        self.code = code
        self.region = region
    }

    /// The reference language, without a territory (what `C` and `POSIX` mean).
    public static let english = Language(code: .en)

    /// Every language the program speaks, English first.
    public static let all: [Language] = Code.allCases.map { Language(code: $0) }

    /// Territories whose English writes the time with a 12-hour clock (CLDR's `h:mm a`); the
    /// other languages the program speaks use 24 hours everywhere it matters.
    static let twelveHourEnglish: Set<String> = ["US", "CA", "AU", "NZ", "PH", "IN"]

    /// Whether this locale's own clock is 12-hour (`7:42 AM`).
    public var usesTwelveHourClock: Bool {
        code == .en && region.map { Self.twelveHourEnglish.contains($0) } == true
    }

    /// The decimal separator this language writes (CLDR's): a comma in continental Europe.
    public var decimalSeparator: Character {
        switch code {
        case .en, .ja, .zh: "."
        case .de, .fr, .es, .it, .pt, .ru: ","
        }
    }

    /// `number` (already formatted with a decimal point) with this language's separator.
    public func decimal(_ number: String) -> String {
        decimalSeparator == "." ? number : String(number.map { $0 == "." ? decimalSeparator : $0 })
    }

    /// How this language picks a plural form.
    public var pluralRule: PluralRule { PluralRule(code) }

    /// The language's name in itself, as `--help` and the spec list it.
    public var endonym: String {
        switch code {
        case .en: "English"
        case .de: "Deutsch"
        case .fr: "Français"
        case .es: "Español"
        case .it: "Italiano"
        case .pt: "Português"
        case .ru: "Русский"
        case .ja: "日本語"
        case .zh: "简体中文"
        }
    }
}

extension Language {
    /// What a locale name or language tag says: `de_DE.UTF-8@euro`, `de-DE`, `ja`, `C`.
    public enum Reading: Equatable, Sendable {
        /// The text names no language: empty.
        case unset
        /// A language the program speaks.
        case known(Language)
        /// A well-formed language the program does not speak, by its normalised tag (`nl-nl`).
        case unknown(tag: String)
    }

    /// Reads a locale name (`LANG`'s `ll_CC.charset@modifier`) or a language tag (`ll-cc`).
    /// `C` and `POSIX` (with any charset) mean English. The charset is not looked at: the
    /// program keeps its own UTF-8 setting for the terminal whatever the locale says.
    public static func read(_ text: String) -> Reading {
        var name = Substring(text)
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        if name.isEmpty { return text.isEmpty ? .unset : .unknown(tag: text.lowercased()) }
        if name == "C" || name == "POSIX" { return .known(.english) }
        let parts = name.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "_" || $0 == "-" })
        let language = parts[0].lowercased()
        let region = parts.count > 1 && !parts[1].isEmpty ? parts[1].uppercased() : nil
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return .unknown(tag: name.lowercased())
        }
        guard let code = Code(rawValue: language) else {
            return .unknown(tag: region.map { "\(language)-\($0.lowercased())" } ?? language)
        }
        // Simplified Chinese is what the program writes; a Traditional locale still reads it
        // better than English.
        return .known(Language(code: code, region: region))
    }

    /// The locale the environment names, read in POSIX's order: `LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// the first that is set and not empty. Nil when none is.
    public static func environmentLocale(_ environment: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }

    /// The language `text` (a tag or a locale name) names, English for one the program does not
    /// speak, and the notice that says so (nil when it speaks it, or the text is empty).
    public static func resolve(_ text: String?) -> (language: Language, notice: String?) {
        switch read(text ?? "") {
        case .unset: return (.english, nil)
        case .known(let language): return (language, nil)
        case .unknown(let tag):
            let names = all.map(\.code.rawValue).joined(separator: ", ")
            return (.english, english.text("notice.unknownLanguage", ("tag", TerminalText.printable(tag)), ("list", names)))
        }
    }

    /// The tag the sources are asked in for this language: its own territory, else the one
    /// the bundled city names and AccuWeather list first for it.
    public var sourceTag: String {
        if let region { return "\(code.rawValue)-\(region.lowercased())" }
        let territory = switch code {
        case .en: "us"
        case .de: "de"
        case .fr: "fr"
        case .es: "es"
        case .it: "it"
        case .pt: "br"
        case .ru: "ru"
        case .ja: "jp"
        case .zh: "cn"
        }
        return "\(code.rawValue)-\(territory)"
    }
}
