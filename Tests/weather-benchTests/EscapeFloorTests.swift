import BrowserTestSupport
import Foundation
import Glibc
import TerminalKit
import TerminalNcurses
import TerminalTestSupport
import Testing
@testable import weather_bench
import WeatherTUI

/// The floor's sums on frames small enough to count by hand.
@Suite struct EscapeFloorTests {
    let floor = EscapeFloor(colors: 256)

    @Test func aWordOnABlankScreenIsOneMoveAndItsBytes() {
        let old = ScreenBuffer(width: 10, height: 3)
        var new = old
        new.draw("ab", x: 2, y: 1)
        #expect(floor.bytes(from: old, to: new) == 6 + 2)  // ESC[2;3H ab
        #expect(floor.bytes(from: new, to: new) == 0)
        // Over a frame of another size: the screen cleared, then the word.
        #expect(floor.bytes(from: ScreenBuffer(width: 4, height: 2), to: new) == 4 + 6 + 2)  // ESC[2J ESC[2;3H ab
    }

    @Test func stylesCostTheirShortestSGR() {
        let old = ScreenBuffer(width: 10, height: 1)
        var new = old
        new.draw("x", x: 0, y: 0, style: .sectionTitle)
        new.draw("y", x: 5, y: 0)
        // ESC[H, ESC[1m x, ESC[4C (or four blanks again), ESC[m y
        #expect(floor.bytes(from: old, to: new) == 3 + 4 + 1 + 4 + 3 + 1)
        var coloured = old
        coloured.draw("z", x: 0, y: 0, style: Style(bold: true, reverse: true, role: .mild))
        // ESC[1;7;38;5;114m: 256-colour 114; on 8 colours ESC[1;7;32m.
        #expect(floor.bytes(from: old, to: coloured) == 3 + 15 + 1)
        #expect(EscapeFloor(colors: 8).bytes(from: old, to: coloured) == 3 + 9 + 1)
        #expect(EscapeFloor(colors: 0).bytes(from: old, to: coloured) == 3 + 6 + 1)
    }

    @Test func repeatsAndBlanksAreSentShort() {
        let old = ScreenBuffer(width: 30, height: 2)
        var rule = old
        rule.draw(String(repeating: "=", count: 20), x: 0, y: 0)
        #expect(floor.bytes(from: old, to: rule) == 3 + 1 + 5)  // ESC[H = ESC[19b
        // Erasing the rule: ESC[H, then ESC[J, nothing being left below; with a word after it on
        // the row, ECH; with one before it, ESC[K; with one under it, ESC[K too.
        #expect(floor.bytes(from: rule, to: old) == 3 + 3)
        var ruleAndWord = rule
        ruleAndWord.draw("end", x: 25, y: 0)
        var word = old
        word.draw("end", x: 25, y: 0)
        #expect(floor.bytes(from: ruleAndWord, to: word) == 7 + 3)  // ESC[1;20H ESC[1K
        var wordRuleWord = ruleAndWord
        wordRuleWord.draw("go", x: 0, y: 0)
        var twoWords = word
        twoWords.draw("go", x: 0, y: 0)
        #expect(floor.bytes(from: wordRuleWord, to: twoWords) == 6 + 5)  // ESC[1;3H ESC[23X
        var shifted = old
        shifted.draw(String(repeating: "=", count: 20), x: 5, y: 0)
        shifted.draw("x", x: 0, y: 1)
        var onlyX = old
        onlyX.draw("x", x: 0, y: 1)
        #expect(floor.bytes(from: shifted, to: onlyX) == 6 + 3)  // ESC[1;6H ESC[K
        // A blank whose colour changed looks the same: nothing to send.
        var tinted = old
        tinted.draw("  ", x: 4, y: 1, style: Style(role: .land))
        #expect(floor.bytes(from: old, to: tinted) == 0)
        // Reversed blanks do show.
        var bar = old
        bar.draw("  ", x: 0, y: 1, style: .selected)
        #expect(floor.bytes(from: old, to: bar) > 0)
    }

    @Test func movesTakeTheShortestWay() {
        let frame = ScreenBuffer(width: 200, height: 60)
        #expect(floor.moveCost(from: nil, toX: 121, y: 30, in: frame) == 9)       // ESC[31;122H
        #expect(floor.moveCost(from: (5, 3), toX: 5, y: 4, in: frame) == 1)       // LF
        #expect(floor.moveCost(from: (50, 3), toX: 0, y: 3, in: frame) == 1)      // CR
        #expect(floor.moveCost(from: (10, 3), toX: 12, y: 3, in: frame) == 2)     // the two blanks again
        #expect(floor.moveCost(from: (0, 3), toX: 16, y: 3, in: frame) == 2)      // two tabs
        #expect(floor.moveCost(from: (0, 3), toX: 100, y: 40, in: frame) == 9)    // ESC[41;101H
    }
}

/// The floor is a floor: for every frame of a browsing session, on terminals of 256, 8 and no
/// colours, ncurses writes at least as many bytes. A writer under it would mean the model misses a
/// shorter way, and every ratio against it would flatter the writer.
///
/// ncurses keeps global state: run one at a time.
@Suite(.serialized) struct EscapeFloorNcursesTests {
    @Test(arguments: [("xterm-256color", false), ("xterm", false), ("xterm-256color", true)])
    func ncursesNeverWritesLessThanTheFloor(terminal: String, noColor: Bool) throws {
        // A session through every screen: list, detail, map, sorting, units, filter, help, paging, pins, adding a city.
        let keys: [KeyEvent] = [.character("j"), .character("j"), .enter, .escape, .character("m"), .character("j"),
                                .character("j"), .character("k"), .character("G"), .enter, .escape, .character("m"),
                                .character("s"), .character("I"), .character("u"), .character("/"), .character("b"),
                                .escape, .character("?"), .escape, .pageDown, .pageDown, .character("g"), .character("p"),
                                .character("a")] + "Paris".map { KeyEvent.character($0) } + [.enter, .down, .enter]
        for size in [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 140, rows: 40), TerminalSize(columns: 200, rows: 60)] {
            try HeadlessTerminal.with(terminal: terminal, palette: ColorRole.palette, noColor: noColor) { backend, out in
                backend.resize(to: size)
                let floor = EscapeFloor(colors: backend.colorCount)
                var browser = ScriptedBrowser(size: size, refreshFails: false)
                var previous = BrowserView.render(browser.state, screen: browser.screen, size: size)
                backend.present(previous)
                fflush(out)
                var frames = 0
                for key in keys {
                    try browser.press([key])
                    let frame = BrowserView.render(browser.state, screen: browser.screen, size: size)
                    let before = ftell(out)
                    backend.present(frame)
                    fflush(out)
                    let written = ftell(out) - before
                    let least = floor.bytes(from: previous, to: frame)
                    #expect(written >= least, "\(key) at \(size.columns)×\(size.rows) on \(terminal): ncurses \(written) B, floor \(least) B")
                    if least > 0 { frames += 1 }
                    previous = frame
                }
                #expect(frames >= keys.count - 2, "most keys change the screen")
            }
        }
    }
}
