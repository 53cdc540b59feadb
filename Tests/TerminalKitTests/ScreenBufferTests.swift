import EssentialsSupport
import Testing
@testable import TerminalKit

@Suite struct ScreenBufferTests {
    @Test func drawsClippedTextAndReportsLines() {
        var b = ScreenBuffer(width: 10, height: 2)
        let end = b.draw("Hello, world", x: 2, y: 0)
        #expect(end == 10)
        #expect(b.lines == ["  Hello, w", "          "])
        b.draw("abc", x: 0, y: 1, maxWidth: 2)
        #expect(b.line(1) == "ab        ")
    }

    /// Text from the network cannot drive the terminal: C0, DEL and C1 controls never reach a
    /// cell, in the ASCII, the simple-script and the grapheme paths alike.
    @Test(arguments: ["Evil\u{1B}]0;x\u{07}", "Москва\u{1B}[2J\u{9B}1m", "東京\u{9B}2J\u{7F}", "e\u{301}\u{1B}[31m\u{85}"])
    func controlCharactersNeverReachACell(_ text: String) {
        var b = ScreenBuffer(width: 30, height: 1)
        b.draw(text, x: 0, y: 0)
        b.draw(text, x: 0, y: 0, columns: 30)
        let drawn = b.line(0).unicodeScalars
        #expect(!drawn.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(b.line(0))")
        #expect(b.line(0).contains("[") || b.line(0).contains("]") || b.line(0).contains("2J"))
    }

    /// The screen shows text from outside by the same rule as every other output (`TerminalText`):
    /// controls and bidi overrides as U+FFFD, a tab or line break as a space, in every path.
    @Test(arguments: [("Evil\u{1B}]0;x\u{07}\tz", "Evil\u{FFFD}]0;x\u{FFFD} z"),
                      ("Москва\u{1B}[2J\u{9B}1m\u{202E}", "Москва\u{FFFD}[2J\u{FFFD}1m\u{FFFD}"),
                      ("東京\u{2066}2J\u{7F}\n", "東京\u{FFFD}2J\u{FFFD} "),
                      ("e\u{301}\u{1B}[31m\u{85}\u{200F}", "e\u{301}\u{FFFD}[31m\u{FFFD}\u{FFFD}")])
    func textFromOutsideIsShownByTheOneRule(_ text: String, _ shown: String) {
        var b = ScreenBuffer(width: 30, height: 2)
        let end = b.draw(text, x: 0, y: 0)
        b.draw(text, x: 0, y: 1, columns: 30)
        let width = ScreenBuffer.columns(of: shown)
        #expect(ScreenBuffer.columns(of: text) == width)
        #expect(end == width)
        for row in 0..<2 {
            #expect(b.line(row) == shown + String(repeating: " ", count: 30 - width), "row \(row)")
        }
    }

    /// A stand-in replaces a one-column glyph in its place and style; wide graphemes and clusters,
    /// which a one-column stand-in would shift the row after, are left alone.
    @Test func substituteSwapsOneColumnGlyphsInPlace() {
        var b = ScreenBuffer(width: 12, height: 1)
        let bold = Style(bold: true)
        b.draw("☀ 東京 e\u{301}·x", x: 0, y: 0, style: bold)
        b.substitute { scalar in scalar == "☀" ? "O" : scalar == "·" ? "|" : scalar == "東" ? "?" : scalar == "e" ? "E" : nil }
        #expect(b.line(0) == "O 東京 e\u{301}|x  ")
        #expect(b[0, 0].style == bold && b[0, 0].width == 1)
        #expect(b[2, 0].width == 2 && b[3, 0].isContinuation)
    }

    @Test func wideCharacterNeverSplitAtTheRightEdge() {
        var b = ScreenBuffer(width: 5, height: 1)
        b.draw("東京都", x: 0, y: 0)
        // 東京 fill 4 columns; 都 would straddle the edge and becomes a space.
        #expect(b.line(0) == "東京 ")
        #expect(b[4, 0].character == " ")
        #expect(b[1, 0].isContinuation)
    }

    @Test func wideCharacterNeverSplitAtAColumnBoundary() {
        var b = ScreenBuffer(width: 8, height: 1)
        b.draw("Москва", x: 0, y: 0, maxWidth: 3)
        b.draw("東京", x: 3, y: 0, maxWidth: 3)
        #expect(b.line(0) == "Мос東   ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var b = ScreenBuffer(width: 6, height: 1)
        b.draw("東京", x: 0, y: 0)
        b.draw("x", x: 1, y: 0)
        #expect(b.line(0) == " x京  ")
        b.draw("y", x: 2, y: 0)
        #expect(b.line(0) == " xy   ")
        #expect(!b[3, 0].isContinuation)
    }

    @Test func paddedDrawTruncatesByDisplayWidth() {
        var b = ScreenBuffer(width: 12, height: 1)
        b.draw("東京東京東京", x: 0, y: 0, columns: 7)
        #expect(b.line(0).hasPrefix("東京東"))
        #expect(!b[6, 0].isContinuation)
        b.draw("7.2°C", x: 7, y: 0, columns: 5, alignRight: true)
        #expect(b.line(0).hasSuffix("7.2°C"))
        #expect(DisplayWidth.width(of: b.line(0)) == 12)
    }

    @Test func diffFindsOnlyChangedRunsAndJoinsSmallGaps() {
        var a = ScreenBuffer(width: 20, height: 3)
        a.draw("row one", x: 0, y: 0)
        a.draw("row two", x: 0, y: 1)
        var b = a
        b.draw("X", x: 1, y: 1)
        b.draw("Y", x: 3, y: 1)
        b.draw("Z", x: 15, y: 1)
        let runs = b.changedRuns(since: a)
        #expect(runs == [CellRun(y: 1, x: 1, count: 3), CellRun(y: 1, x: 15, count: 1)])
        #expect(b.changedCells(since: a).count == 3)
        #expect(b.changedRuns(since: nil).count == 3)
    }

    @Test func diffWidensRunsToWholeWideCharacters() {
        var a = ScreenBuffer(width: 6, height: 1)
        a.draw("東京", x: 0, y: 0)
        var b = a
        b.draw("京", x: 2, y: 0, style: Style(reverse: true))
        let runs = b.changedRuns(since: a)
        #expect(runs == [CellRun(y: 0, x: 2, count: 2)])
    }

    @Test func graphemesOfSeveralScalarsSurviveAndDiff() {
        var a = ScreenBuffer(width: 8, height: 1)
        a.draw("e\u{301}🇯🇵x", x: 0, y: 0)
        #expect(a.line(0) == "e\u{301}🇯🇵x    ")
        #expect(a.grapheme(x: 1, y: 0) == "🇯🇵")
        var b = a
        b.draw("🇫🇷", x: 1, y: 0)
        #expect(b.changedRuns(since: a) == [CellRun(y: 0, x: 1, count: 2)])
        b.draw("ab", x: 1, y: 0)
        #expect(b.line(0) == "e\u{301}abx    ")
        #expect(b.grapheme(x: 1, y: 0) == "a")
    }

    @Test func clustersWiderThanTwoColumnsKeepTheirCells() {
        // दि = द + spacing vowel sign: 2 columns; ल्ली = ल + virama + ल + ी: 3 columns (as wcwidth sums them).
        var b = ScreenBuffer(width: 10, height: 1)
        let end = b.draw("दिल्ली|", x: 0, y: 0)
        #expect(end == 6)
        #expect(b.line(0) == "दिल्ली|    ")
        #expect(b[2, 0].width == 3 && b[3, 0].isContinuation && b[4, 0].isContinuation)
        b.draw("x", x: 3, y: 0)
        #expect(b.line(0) == "दि x |    ")
        var narrow = ScreenBuffer(width: 4, height: 1)
        narrow.draw("दिल्ली", x: 0, y: 0)
        #expect(narrow.line(0) == "दि  ")
    }
}
