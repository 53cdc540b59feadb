import Testing
@testable import EssentialsSupport

@Suite struct DisplayWidthTests {
    static let samples: [(String, Int)] = [
        ("Tokyo", 5), ("東京", 4), ("Москва", 6), ("서울", 4), ("القاهرة", 7), ("กรุงเทพมหานคร", 12),
        ("ঢাকা", 4), ("e\u{301}", 1), ("☀", 1), ("☀️", 2), ("🌧", 1), ("⛅", 2), ("😀", 2), ("São Paulo", 9), ("", 0),
    ]

    @Test(arguments: samples)
    func widthIsWhatATerminalDraws(text: String, columns: Int) {
        #expect(DisplayWidth.width(of: text) == columns)
    }

    /// Checked against glibc's wcwidth (what ncurses uses) scalar by scalar, and emoji by presentation.
    static let moreSamples: [(String, Int, String)] = [
        ("العربية", 7, "Arabic letters are one column each"),
        ("☁", 1, "cloud, text presentation"),
        ("☁\u{FE0E}", 1, "cloud with VS15 (text)"),
        ("☁\u{FE0F}", 2, "cloud with VS16 (emoji)"),
        ("กรุงเทพฯ", 7, "Thai: the vowel mark above ร takes no column"),
        ("ｱ", 1, "halfwidth katakana"),
        ("Ａ", 2, "fullwidth Latin"),
        ("カタカナ", 8, "katakana"),
        ("\u{1100}\u{1161}\u{11A8}", 2, "Hangul syllable from conjoining jamo"),
        ("👨\u{200D}👩\u{200D}👧", 2, "ZWJ family sequence"),
        ("👍🏽", 2, "emoji with a skin-tone modifier"),
        ("🇯🇵", 2, "flag from regional indicators"),
        ("1\u{FE0F}\u{20E3}", 2, "keycap"),
        ("a\u{200B}b", 2, "zero-width space"),
        ("\u{7}\t", 0, "control characters"),
    ]

    @Test(arguments: moreSamples)
    func moreScripts(text: String, columns: Int, what: String) {
        #expect(DisplayWidth.width(of: text) == columns, "\(what)")
    }

    @Test func aStringIsTheSumOfItsGraphemes() {
        let text = "Tokyo 東京 ☀️ Москва é"
        #expect(DisplayWidth.width(of: text) == text.reduce(0) { $0 + DisplayWidth.width(of: $1) })
        #expect(DisplayWidth.width(of: text) == 5 + 1 + 4 + 1 + 2 + 1 + 6 + 1 + 1)
    }

    /// Text below U+0300 ("26.4°C", "Zürich") is counted a column a scalar without the grapheme
    /// walk; every scalar there, controls and the soft hyphen among them, and the combining marks
    /// just above must measure as the walk measures them.
    @Test func latinTextMeasuresAsItsGraphemes() {
        for value in UInt32(0)..<0x400 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["\(scalar)", "Zu\(scalar)rich 26.4°C", "°\(scalar)"] {
                #expect(DisplayWidth.width(of: text) == text.reduce(0) { $0 + DisplayWidth.width(of: $1) }, "U+\(String(value, radix: 16))")
            }
        }
        #expect(DisplayWidth.width(of: "Kraków −3.5°C") == 13)
    }

    /// The fast table (`fastWidth`) is a second copy of the width rule, kept for speed: every
    /// scalar it answers must be a grapheme of its own (the callers skip the grapheme walk for it)
    /// and take the columns the full rule gives it alone. A range added to or changed in the table
    /// that the rule does not share fails here, naming the scalar.
    @Test func fastTableAgreesWithTheFullRule() {
        var disagreements: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let columns = DisplayWidth.fastWidth(value), let scalar = Unicode.Scalar(value) else { continue }
            let name = "U+\(String(value, radix: 16, uppercase: true))"
            let ruled = DisplayWidth.width(of: Character(scalar))
            if columns != ruled { disagreements.append("\(name): table \(columns), rule \(ruled)") }
            if "a\(scalar)a".count != 3 || "\(scalar)\(scalar)".count != 2 { disagreements.append("\(name): joins a neighbour") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagree, first: \(disagreements.prefix(10))")
    }

    @Test func truncationCountsColumnsNotCharacters() {
        #expect(DisplayWidth.truncate("Москва", to: 4) == "Мос…")
        #expect(DisplayWidth.truncate("東京", to: 3) == "東…")
        #expect(DisplayWidth.truncate("東京", to: 2) == "…")  // the wide 東 does not fit beside the ellipsis
        #expect(DisplayWidth.truncate("e\u{301}te\u{301}", to: 3) == "e\u{301}te\u{301}")  // 3 columns: fits
        #expect(DisplayWidth.pad("東京", to: 5) == "東京 ")
        #expect(DisplayWidth.pad("東京都", to: 5) == "東京…")
        #expect(DisplayWidth.padLeft("7.2°C", to: 7) == "  7.2°C")
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.truncate("東京都庁", to: 4) == "東…")
        #expect(DisplayWidth.width(of: DisplayWidth.truncate("東京都庁", to: 4)) == 3)
        #expect(DisplayWidth.truncate("Tokyo", to: 5) == "Tokyo")
        #expect(DisplayWidth.truncate("Tokyo", to: 0) == "")
    }

    @Test func padFillsToExactlyTheColumns() {
        for text in ["東京", "Москва", "Athens", "กรุงเทพมหานคร", "A very long city name"] {
            #expect(DisplayWidth.width(of: DisplayWidth.pad(text, to: 12)) == 12)
            #expect(DisplayWidth.width(of: DisplayWidth.padLeft(text, to: 12)) == 12)
        }
    }

    @Test func truncatingTheHeadKeepsTheEnd() {
        #expect(DisplayWidth.truncateHead("Reykjavík", to: 20) == "Reykjavík")
        #expect(DisplayWidth.truncateHead("Reykjavík", to: 5) == "…avík")
        #expect(DisplayWidth.truncateHead("東京東京", to: 4) == "…京")  // never half a wide character
        #expect(DisplayWidth.truncateHead("abc", to: 0) == "")
    }
}
