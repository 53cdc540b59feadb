import Testing
@testable import EssentialsSupport

/// Every catalogue holds English's entries, with the same placeholders, and each counted entry
/// in exactly its language's plural forms.
@Suite struct CatalogueTests {
    /// A counted entry's key without its plural category; nil for an entry that is not counted.
    static func countedKey(_ key: String) -> String? {
        key.firstIndex(of: Catalogue.pluralMark).map { String(key[..<$0]) }
    }

    @Test(arguments: Language.Code.allCases)
    func sameKeysAsEnglish(_ code: Language.Code) {
        let english = Catalogue.english.entries, other = Catalogue.of(code).entries
        let plain = { (entries: [String: String]) in Set(entries.keys.filter { Self.countedKey($0) == nil }) }
        #expect(plain(other).subtracting(plain(english)).sorted() == [], "keys English does not have")
        #expect(plain(english).subtracting(plain(other)).sorted() == [], "keys \(code) lacks")
        let counted = Set(english.keys.compactMap(Self.countedKey))
        let forms = Set(Language(code: code).pluralRule.categories.map(\.rawValue))
        for key in counted {
            let written = Set(other.keys.filter { Self.countedKey($0) == key }.map { String($0.split(separator: Catalogue.pluralMark)[1]) })
            #expect(written == forms, "\(code): \(key)'s forms")
        }
        #expect(Set(other.keys.compactMap(Self.countedKey)) == counted)
    }

    @Test(arguments: Language.Code.allCases)
    func samePlaceholdersAsEnglish(_ code: Language.Code) {
        let english = Catalogue.english.entries
        for (key, text) in Catalogue.of(code).entries {
            let reference = english[key] ?? Self.countedKey(key).flatMap { english["\($0)#other"] }
            guard let reference else { continue }  // sameKeysAsEnglish names it
            #expect(Set(Catalogue.placeholders(in: text)) == Set(Catalogue.placeholders(in: reference)), "\(code): \(key)")
        }
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
