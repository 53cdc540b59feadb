import Foundation
import Testing
@testable import WeatherCore
@testable import WeatherTUI
import TerminalKit
import BrowserTestSupport

/// Without braille (docs/spec.md §5): on the Linux console the map's land and the chart's line are
/// half blocks and the symbols its font lacks have stand-ins; under `--ascii` every glyph the
/// program draws is ASCII. The places' own names are theirs, in whatever script they are written.
@Suite struct GlyphSetTests {
    /// What the Linux console's fonts show beyond ASCII: box lines, blocks, arrows and a few Latin-1 marks.
    static let consoleFont = Set("│─┌┐└┘┤┬├┴┼═▀▄█°·×•µ←↑→↓".unicodeScalars)

    /// A scalar of a place's name: a letter of some script, a combining mark, or a joiner; never
    /// one of the glyphs the program draws itself (`µ` is a letter too).
    static func isOfAName(_ scalar: Unicode.Scalar) -> Bool {
        guard !GlyphSet.standIns.contains(where: { $0.glyph == scalar }) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.properties.isAlphabetic || scalar == "\u{200D}" || scalar == "\u{200C}"
        }
    }

    /// Every non-ASCII scalar of `buffer` that is no letter of a name and that `allowed` does not hold.
    static func strangers(in buffer: ScreenBuffer, allowed: Set<Unicode.Scalar> = []) -> [String] {
        var out: [String] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where !buffer[x, y].isContinuation {
                for scalar in buffer.grapheme(x: x, y: y).unicodeScalars where !scalar.isASCII && !isOfAName(scalar) && !allowed.contains(scalar) {
                    out.append("\(scalar) (U+\(String(scalar.value, radix: 16, uppercase: true))) at \(x + 1),\(y + 1)")
                }
            }
        }
        return out
    }

    static func screens(_ glyphs: GlyphSet) throws -> [(String, ScreenBuffer)] {
        try GoldenScreenTests.cases.map { golden in
            var browser = ScriptedBrowser(size: golden.size, refreshFails: golden.screen == .offline, forecasts: golden.screen.forecasts)
            try browser.press(golden.screen.keys)
            return (golden.name, BrowserView.render(browser.state, screen: browser.screen, size: golden.size, glyphs: glyphs))
        }
    }

    /// Under `--ascii`, every cell of every golden screen (list, detail, chart, map, help, add a
    /// city, offline…) is ASCII but the letters of the places' names.
    @Test func underASCIIEveryGoldenScreenIsASCII() throws {
        for (name, screen) in try Self.screens(.ascii) {
            let strangers = Self.strangers(in: screen)
            #expect(strangers.isEmpty, "\(name): \(strangers.prefix(5))")
        }
    }

    /// On the Linux console, no braille and no glyph its fonts lack.
    @Test func onTheConsoleEveryGlyphIsTheFonts() throws {
        for (name, screen) in try Self.screens(.console) {
            let strangers = Self.strangers(in: screen, allowed: Self.consoleFont)
            #expect(strangers.isEmpty, "\(name): \(strangers.prefix(5))")
        }
    }

    /// The screens hold the glyphs the sets stand in for: without them the two tests above would
    /// pass on anything.
    @Test func theScreensDrawBrailleAndSymbols() throws {
        let glyphs = try Self.screens(.unicode).reduce(into: Set<Unicode.Scalar>()) { set, screen in
            for cell in screen.1.cells { set.insert(cell.scalar) }
        }
        #expect(glyphs.contains { (0x2801...0x28FF).contains($0.value) }, "braille")
        for glyph in "☾☀●◉°·━│┤└┬↑↓⏎".unicodeScalars { #expect(glyphs.contains(glyph), "\(glyph)") }
    }

    /// A braille cell keeps its shape at half its height: its upper dots, its lower, or both.
    @Test func brailleBecomesHalfBlocksOrDots() {
        let cases: [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar)] = [
            ("⣿", "█", ":"), ("⠉", "▀", "'"), ("⠛", "▀", "'"), ("⣀", "▄", "."), ("⠤", "▄", "."), ("⡇", "█", ":"), ("\u{2800}", " ", " "),
        ]
        for (braille, console, ascii) in cases {
            #expect(GlyphSet.console.standIn(for: braille) == console, "\(braille)")
            #expect(GlyphSet.ascii.standIn(for: braille) == ascii, "\(braille)")
        }
        #expect(GlyphSet.unicode.standIn(for: "⣿") == nil)
    }

    /// A stand-in takes the glyph's one column: nothing after it on the row moves.
    @Test func everyStandInIsOneColumnAndOfItsSet() {
        for entry in GlyphSet.standIns {
            #expect(ScreenBuffer.columns(of: Character(entry.glyph)) == 1, "\(entry.glyph)")
            #expect(entry.ascii.isASCII, "\(entry.glyph) → \(entry.ascii)")
            #expect(entry.console.isASCII || Self.consoleFont.contains(entry.console), "\(entry.glyph) → \(entry.console)")
        }
        #expect(Set(GlyphSet.standIns.map(\.glyph)).count == GlyphSet.standIns.count, "each glyph once")
    }

    /// `--ascii` wins; a Linux console (by `TERM`) gets its font's set; any other terminal every glyph.
    @Test func theSetIsChosenByTheOptionAndTheTerminal() {
        #expect(GlyphSet.chosen(ascii: false, term: "linux") == .console)
        #expect(GlyphSet.chosen(ascii: false, term: "linux-16color") == .console)
        #expect(GlyphSet.chosen(ascii: true, term: "linux") == .ascii)
        #expect(GlyphSet.chosen(ascii: true, term: "xterm-256color") == .ascii)
        #expect(GlyphSet.chosen(ascii: false, term: "xterm-256color") == .unicode)
        #expect(GlyphSet.chosen(ascii: false, term: "linuxish") == .unicode)
        #expect(GlyphSet.chosen(ascii: false, term: nil) == .unicode)
    }
}
