import Testing
@testable import EssentialsSupport

@Suite struct LanguageTests {
    @Test func readsLocaleNamesAndTags() {
        #expect(Language.read("de_DE.UTF-8") == .known(Language(code: .de, region: "DE")))
        #expect(Language.read("de_DE.UTF-8@euro") == .known(Language(code: .de, region: "DE")))
        #expect(Language.read("ja-jp") == .known(Language(code: .ja, region: "JP")))
        #expect(Language.read("ru") == .known(Language(code: .ru)))
        #expect(Language.read("C") == .known(.english))
        #expect(Language.read("C.UTF-8") == .known(.english))
        #expect(Language.read("POSIX") == .known(.english))
        #expect(Language.read("") == .unset)
        #expect(Language.read("nl_NL.UTF-8") == .unknown(tag: "nl-nl"))
        #expect(Language.read("klingon") == .unknown(tag: "klingon"))
    }

    @Test func environmentInPOSIXOrderWithEmptyAsUnset() {
        #expect(Language.environmentLocale(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": "ja_JP"]) == "ja_JP")
        #expect(Language.environmentLocale(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": ""]) == "fr_FR")
        #expect(Language.environmentLocale(["LANG": "de_DE.UTF-8", "LC_MESSAGES": ""]) == "de_DE.UTF-8")
        #expect(Language.environmentLocale(["LANG": ""]) == nil)
        #expect(Language.environmentLocale([:]) == nil)
        // C in a stronger variable wins over a language in a weaker one.
        #expect(Language.resolve(Language.environmentLocale(["LANG": "de_DE.UTF-8", "LC_ALL": "C"])).language == .english)
    }

    @Test func unknownFallsBackToEnglishWithOneNotice() {
        let (language, notice) = Language.resolve("nl_NL.UTF-8")
        #expect(language == .english)
        #expect(notice?.contains("nl-nl") == true)
        #expect(Language.resolve("de").notice == nil)
        #expect(Language.resolve(nil) == (.english, nil))
    }

    @Test func clockAndDecimals() {
        #expect(Language(code: .en, region: "US").usesTwelveHourClock)
        #expect(!Language(code: .en, region: "GB").usesTwelveHourClock)
        #expect(!Language.english.usesTwelveHourClock)
        #expect(!Language(code: .de, region: "DE").usesTwelveHourClock)
        #expect(Language(code: .de).decimal("-3.5") == "-3,5")
        #expect(Language(code: .ja).decimal("3.5") == "3.5")
    }

    @Test func sourceTags() {
        #expect(Language.english.sourceTag == "en-us")
        #expect(Language(code: .de, region: "AT").sourceTag == "de-at")
        #expect(Language(code: .ja).sourceTag == "ja-jp")
        #expect(Language(code: .zh).sourceTag == "zh-cn")
    }

    @Test(arguments: [(1, "one"), (0, "other"), (2, "other")])
    func englishPlural(_ n: Int, _ category: String) {
        #expect(Language.english.pluralRule.category(of: n).rawValue == category)
    }

    @Test func pluralRules() {
        let ru = Language(code: .ru).pluralRule
        #expect([1, 21, 101].map(ru.category) == [.one, .one, .one])
        #expect([2, 3, 4, 22, 104].map(ru.category) == [.few, .few, .few, .few, .few])
        #expect([0, 5, 11, 12, 14, 111, 25].map(ru.category) == Array(repeating: .many, count: 7))
        let fr = Language(code: .fr).pluralRule
        #expect([0, 1].map(fr.category) == [.one, .one])
        #expect(fr.category(of: 2) == .other)
        #expect(Language(code: .de).pluralRule.category(of: 0) == .other)
        #expect(Language(code: .ja).pluralRule.category(of: 1) == .other)
        #expect(Language(code: .zh).pluralRule.categories == [.other])
    }
}
