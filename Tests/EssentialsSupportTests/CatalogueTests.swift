import Testing
@testable import EssentialsSupport

/// Every catalogue holds English's entries, with the same placeholders, and each counted entry
/// in exactly its language's plural forms.
@Suite struct CatalogueTests {
    /// A counted entry's key without its plural category; nil for an entry that is not counted.
    static func countedKey(_ key: String) -> String? {
        key.firstIndex(of: Catalogue.pluralMark).map { String(key[..<$0]) }
    }

    /// What is wrong with `catalogue` as `code`'s, held to English: keys it lacks or English does
    /// not have, counted entries not in the language's forms, placeholders not English's.
    static func problems(of catalogue: Catalogue, as code: Language.Code) -> [String] {
        let english = Catalogue.english.entries, other = catalogue.entries
        var problems: [String] = []
        let plain = { (entries: [String: String]) in Set(entries.keys.filter { Self.countedKey($0) == nil }) }
        problems += plain(other).subtracting(plain(english)).sorted().map { "\(code): \($0) is not English's" }
        problems += plain(english).subtracting(plain(other)).sorted().map { "\(code): lacks \($0)" }
        let counted = Set(english.keys.compactMap(Self.countedKey))
        let forms = Set(Language(code: code).pluralRule.categories.map(\.rawValue))
        for key in counted.union(other.keys.compactMap(Self.countedKey)).sorted() {
            let written = Set(other.keys.filter { Self.countedKey($0) == key }.map { String($0.split(separator: Catalogue.pluralMark)[1]) })
            if !counted.contains(key) { problems.append("\(code): counted \(key) is not English's") }
            if written != forms { problems.append("\(code): \(key) has forms \(written.sorted()), not \(forms.sorted())") }
        }
        for (key, text) in other {
            guard let reference = english[key] ?? Self.countedKey(key).flatMap({ english["\($0)#other"] }) else { continue }
            if Set(Catalogue.placeholders(in: text)) != Set(Catalogue.placeholders(in: reference)) {
                problems.append("\(code): \(key)'s placeholders are not English's")
            }
        }
        return problems
    }

    @Test(arguments: Language.Code.allCases)
    func heldToEnglish(_ code: Language.Code) {
        #expect(Self.problems(of: Catalogue.of(code), as: code) == [])
    }

    /// The check above can fail: a catalogue with a key missing, one too many, a placeholder
    /// renamed and a plural form missing is caught on each.
    @Test func aBrokenCatalogueIsCaught() {
        var entries = Catalogue.russian.entries
        entries["hint.move"] = nil
        entries["hint.extra"] = "лишнее"
        entries["status.position"] = "город {m} из {total}"
        entries["count.cities#few"] = nil
        let problems = Self.problems(of: Catalogue(entries), as: .ru)
        #expect(problems.contains("ru: lacks hint.move"))
        #expect(problems.contains("ru: hint.extra is not English's"))
        #expect(problems.contains("ru: status.position's placeholders are not English's"))
        #expect(problems.contains { $0.hasPrefix("ru: count.cities has forms") })
    }

    @Test func fillsPlaceholders() {
        #expect(Language(code: .de).text("status.position", ("n", "3"), ("total", "50")) == "Stadt 3 von 50")
        #expect(Language.english.text("wmo.unknown", ("code", "42")) == "Weather code 42")
    }

    @Test func unknownKeyIsItself() {
        #expect(Language(code: .ja).text("no.such.key") == "no.such.key")
    }

    @Test func countedFormsFollowTheRule() {
        let ru = Language(code: .ru)
        #expect(ru.counted("count.cities", 1) == "1 город")
        #expect(ru.counted("count.cities", 3) == "3 города")
        #expect(ru.counted("count.cities", 5) == "5 городов")
        #expect(ru.counted("count.cities", 21) == "21 город")
        #expect(Language(code: .fr).counted("count.cities", 0) == "0 ville")
        #expect(Language.english.counted("count.cities", 0) == "0 cities")
        #expect(Language(code: .ja).counted("count.cities", 1) == "1 都市")
    }
}
