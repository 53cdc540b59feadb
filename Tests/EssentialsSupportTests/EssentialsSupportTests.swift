import EssentialsSupport
import Foundation
import Testing

/// Each replacement of a full-Foundation call checked against that call (the tests may link
/// Foundation; the program does not).
struct EssentialsSupportTests {
    /// Texts with every kind of white space at the ends and inside: ASCII, no-break, ideographic,
    /// line and paragraph separators, and none at all.
    static let spaced = ["", " ", "\t\n", "abc", "  abc  ", "\u{00A0}Zürich\u{2003}", "\u{3000}東京\u{3000}", "a b\tc",
                         "\u{2028}line\u{2029}", "\r\nCRLF\r\n", " \u{200B}zero-width\u{200B} ", "é\u{301} ", "\u{85}next\u{85}",
                         " \u{1680}ogham\u{180E}", "\u{FEFF}bom"]

    @Test(arguments: spaced)
    func trimmedAsFoundationTrims(text: String) {
        #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.unicodeScalars.map(\.value))")
        #expect(text[...].trimmed == text.trimmed)
    }

    /// `%.Nf` as `String(format:)` wrote it: halves, negative zero, huge, tiny, NaN and infinity.
    @Test func fixedAsStringFormat() {
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.05, 0.15, 0.25, 1e300, -1e300, 1e-300, .nan, .infinity, -.infinity,
                                .greatestFiniteMagnitude, .leastNonzeroMagnitude, 123_456.789, -0.0004, 9.995, 1.005]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Double(bitPattern: generator.next())) }
        for _ in 0..<2000 { values.append(Double.random(in: -1e7...1e7, using: &generator)) }
        for value in values {
            for decimals in [0, 1, 2, 5] {
                #expect(value.fixed(decimals) == String(format: "%.\(decimals)f", value), "\(value.bitPattern) \(decimals)")
            }
        }
        #expect(Double.greatestFiniteMagnitude.fixed(40) == String(format: "%.40f", Double.greatestFiniteMagnitude))
    }

    static let names = ["Reykjavík", "São Paulo", "Zürich", "Ελλάδα", "Αθήνα", "北京市", "Kraków", "İstanbul", "Ñuñoa", "Ångström",
                        "Hà Nội", "ঢাকা", "Île-de-France", "Straße", "MÜNCHEN", "Côte d’Ivoire", "Dubai", "القاهرة", "Québec"]

    /// Case and accents aside, as `range(of:options: [.caseInsensitive, .diacriticInsensitive])`:
    /// every slice of each name, written in capitals and without its accents, is found.
    @Test func searchFoldFindsWhatFoundationFinds() {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        var needles = ["reykjavik", "SAO", "zurich", "ath", "krakow", "HA NOI", "ile", "quebec", "xyz", "pau", "munchen", "ivoire", "ελλ"]
        for name in Self.names {
            let characters = Array(name)
            for start in 0..<characters.count {
                for end in (start + 1)...characters.count { needles.append(String(characters[start..<end])) }
            }
        }
        for name in Self.names {
            // Foundation finds `ß` in "São Paulo" (its `ß` folds to `ss`, then matches part of one
            // `s`): not a match a person would expect, so not one to copy.
            for needle in needles where !(needle == "ß" && name == "São Paulo") {
                let expected = name.range(of: needle, options: options) != nil
                #expect(SearchFold.contains(name, needle) == expected, "\(name) / \(needle)")
                let anchored = name.range(of: needle, options: options.union(.anchored)) != nil
                #expect(SearchFold.hasPrefix(name, needle) == anchored, "\(name) ^ \(needle)")
            }
        }
        #expect(SearchFold.contains("Reykjavík", "REYKJAVIK"))
        #expect(!SearchFold.contains("Reykjavík", "Reykjavik2"))
        #expect(SearchFold.contains("anything", ""))
    }

    @Test func caseInsensitiveOrderSortsAsFoundationDoes() {
        let words = ["berlin", "Berlin", "BERLIN", "amsterdam", "Zagreb", "zagreb", "Ürümqi", "Uzbekistan", "Côte d’Ivoire", "Cuba", "Curaçao", "Curacao", "Oslo", "oslo", "Bogotá", "Bogota", "ab", "Abc", "a"]
        for a in words {
            for b in words {
                let foundation = a.caseInsensitiveCompare(b)
                let ours = SearchFold.caseInsensitiveOrder(a, b)
                #expect((foundation == .orderedAscending) == (ours < 0), "\(a) \(b)")
                #expect((foundation == .orderedSame) == (ours == 0), "\(a) \(b)")
            }
        }
    }

    /// The lock excludes: 8 tasks adding 10,000 each to a shared counter lose no update.
    @Test func lockExcludes() async {
        final class Counter: @unchecked Sendable {
            let lock = Lock()
            var value = 0
        }
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } } }
            }
        }
        #expect(counter.value == 80_000)
    }

    @Test func explanationIsTheErrorsOwnSentence() {
        struct Described: LocalizedError { var errorDescription: String? { "it broke" } }
        struct Undescribed: LocalizedError {}
        #expect(Described().explanation == "it broke")
        #expect(Undescribed().explanation == "Undescribed()")
    }
}

/// `Double.fixed` writes a point whatever locale the program runs in: the terminal front end
/// takes the user's (`setlocale(LC_ALL, "")`), and a German one makes C's printf write a comma.
@Suite(.serialized)
struct FixedInAnyLocaleTests {
    /// A de_DE.UTF-8 locale compiled into a temporary folder (`localedef`, from the `locales`
    /// package's sources); nil where they are missing.
    static func germanLocale() throws -> locale_t? {
        let sources = "/usr/share/i18n/locales/de_DE", localedef = "/usr/bin/localedef"
        guard FileManager.default.fileExists(atPath: sources), FileManager.default.isExecutableFile(atPath: localedef) else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: localedef)
        process.arguments = ["-i", "de_DE", "-f", "UTF-8", folder.appendingPathComponent("de_DE.UTF-8").path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        setenv("LOCPATH", folder.path, 1)
        defer { unsetenv("LOCPATH") }
        return newlocale(1 << LC_NUMERIC, "de_DE.UTF-8", nil)  // LC_NUMERIC_MASK
    }

    @Test func aGermanLocaleStillGetsAPoint() throws {
        guard let german = try Self.germanLocale() else {
            Issue.record("no de_DE locale could be made here (the locales package's sources and localedef are needed)")
            return
        }
        defer { freelocale(german) }
        let previous = uselocale(german)
        defer { uselocale(previous) }
        // The locale is in force: C's printf itself writes a comma on this thread.
        let comma = withVaList([8.0]) { arguments -> String in
            var buffer = [CChar](repeating: 0, count: 32)
            _ = vsnprintf(&buffer, buffer.count, "%.1f", arguments)
            return String(cString: buffer)
        }
        #expect(comma == "8,0")
        #expect(8.0.fixed(1) == "8.0")
        #expect((-1234.5678).fixed(2) == "-1234.57")
        #expect(uselocale(nil) == german)  // and the thread's locale is given back
    }
}
