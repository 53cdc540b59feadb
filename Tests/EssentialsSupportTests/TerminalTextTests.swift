import EssentialsSupport
import Testing

/// The one rule by which text from outside becomes terminal output.
@Suite struct TerminalTextTests {
    /// Every scalar a terminal acts on, or that turns the line around, is replaced; nothing else.
    @Test func whatIsReplaced() {
        let replaced: [UInt32] = Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)
            + Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F, 0x061C]
        for value in replaced {
            let scalar = Unicode.Scalar(value)!
            #expect(!TerminalText.isInert(scalar), "U+\(String(value, radix: 16))")
            #expect(TerminalText.printable(String(scalar)) == "\u{FFFD}", "U+\(String(value, radix: 16))")
        }
        for kept in ["a", " ", "~", "\u{A0}", "é", "e\u{301}", "東京", "👩‍👩‍👧‍👦", "\u{200D}", "\u{FFFD}", "\u{2029}", "\u{2028}"] {
            #expect(TerminalText.printable(kept) == kept)
        }
    }

    @Test func escapeSequencesLoseTheirIntroducer() {
        let text = "Paris\u{1B}]2;pwned\u{07}\u{1B}[41m\u{9B}2J\u{0}"
        #expect(TerminalText.printable(text) == "Paris\u{FFFD}]2;pwned\u{FFFD}\u{FFFD}[41m\u{FFFD}2J\u{FFFD}")
    }

    @Test func lineBreaksAndTabsAsEachCallerNeeds() {
        let text = "a\tb\nc\r\nd\u{1B}"
        #expect(TerminalText.printable(text, breaks: .replace) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d\u{FFFD}")
        #expect(TerminalText.printable(text, breaks: .space) == "a b c  d\u{FFFD}")
        #expect(TerminalText.printable(text, breaks: .keep) == "a\tb\nc\u{FFFD}\nd\u{FFFD}")
    }
}
