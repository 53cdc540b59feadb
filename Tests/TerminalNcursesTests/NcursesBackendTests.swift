import EssentialsSupport
import Foundation
import Glibc
import TerminalKit
@testable import TerminalNcurses
import TerminalTestSupport
import Testing

/// ncurses keeps global state: these tests run one at a time.
@Suite(.serialized) struct NcursesBackendTests {
    @Test func drawsWideTextAndReadsItBack() throws {
        try HeadlessTerminal.with { backend, _ in
            backend.resize(to: TerminalSize(columns: 40, rows: 10))
            var buffer = ScreenBuffer(width: 40, height: 10)
            buffer.draw("Tokyo", x: 0, y: 0, style: Style(bold: true, reverse: true, color: ColorSlot(rawValue: 1)))
            buffer.draw("東京", x: 1, y: 1)
            buffer.draw("Москва", x: 10, y: 1, style: Style(reverse: true))
            buffer.draw("end", x: 37, y: 9)
            buffer.draw("দিল্লি ভারত|", x: 0, y: 3)
            backend.present(buffer)
            #expect(backend.screenLine(0).hasPrefix("Tokyo"))
            let row1 = backend.screenLine(1)
            #expect(row1.hasPrefix(" 東京"))
            #expect(row1.contains("Москва"))
            #expect(backend.screenLine(9).hasSuffix("end"))
            // The Bengali clusters take as many cells in ncurses as in the buffer: the bar lines up.
            let bengali = backend.screenLine(3)
            #expect(!bengali.contains("?"))
            #expect(DisplayWidth.width(of: String(bengali.prefix { $0 != "|" })) == DisplayWidth.width(of: "দিল্লি ভারত"))
        }
    }

    /// An emoji of several scalars (☀️ with its variation selector, a family joined by ZWJ) that
    /// the C library measures otherwise than the layout is drawn as its first glyph padded to
    /// the layout's width, not as `?`: what follows it stays in its column.
    @Test func anEmojiOfSeveralScalarsIsDrawnNotQuestioned() throws {
        try HeadlessTerminal.with { backend, _ in
            backend.resize(to: TerminalSize(columns: 40, rows: 10))
            var buffer = ScreenBuffer(width: 40, height: 10)
            buffer.draw("☀️ Sunny|", x: 0, y: 0)
            buffer.draw("👨‍👩‍👧 home|", x: 0, y: 1)
            buffer.draw("a ☀️ b 👨‍👩‍👧 c|", x: 0, y: 2)
            backend.present(buffer)
            for row in 0..<3 {
                let line = backend.screenLine(row)
                #expect(!line.contains("?"), "\(line)")
                #expect(line.contains("☀") || line.contains("👨"), "\(line)")
            }
            // The bar is where the layout put it.
            for (row, text) in [(0, "☀️ Sunny"), (1, "👨‍👩‍👧 home"), (2, "a ☀️ b 👨‍👩‍👧 c")] {
                let line = backend.screenLine(row)
                let drawn = String(line.prefix { $0 != "|" })
                #expect(DisplayWidth.width(of: drawn) == DisplayWidth.width(of: text), "\(line)")
            }
        }
    }

    @Test func secondFrameWritesOnlyWhatChanged() throws {
        try HeadlessTerminal.with { backend, out in
            backend.resize(to: TerminalSize(columns: 80, rows: 24))
            var first = ScreenBuffer(width: 80, height: 24)
            for row in 0..<24 { first.draw("row \(row) with some text that fills the line a bit", x: 0, y: row) }
            backend.present(first)
            fflush(out)
            let afterFirst = ftell(out)
            var second = first
            second.draw("CHANGED", x: 0, y: 5)
            backend.present(second)
            fflush(out)
            let delta = ftell(out) - afterFirst
            #expect(delta > 0)
            #expect(delta < 60)
            #expect(backend.screenLine(5).hasPrefix("CHANGED"))
            #expect(backend.screenLine(6).hasPrefix("row 6"))
        }
    }

    /// The frame is compared once, here: the loop hands over every frame it draws, and one
    /// that shows nothing new sends the terminal nothing, not even ncurses' refresh.
    @Test func anUnchangedFrameWritesNothingAndAChangedCellIsWritten() throws {
        try HeadlessTerminal.with { backend, out in
            backend.resize(to: TerminalSize(columns: 40, rows: 10))
            var frame = ScreenBuffer(width: 40, height: 10)
            frame.draw("Tokyo 9°C", x: 0, y: 0)
            backend.present(frame)
            fflush(out)
            let afterFirst = ftell(out)
            backend.present(frame)
            fflush(out)
            #expect(ftell(out) == afterFirst, "an unchanged frame wrote \(ftell(out) - afterFirst) bytes")
            frame.draw("8", x: 6, y: 0)
            backend.present(frame)
            fflush(out)
            #expect(ftell(out) > afterFirst)
            #expect(backend.screenLine(0).hasPrefix("Tokyo 8°C"))
        }
    }

    @Test func unknownTerminalIsATypedError() {
        guard let out = tmpfile(), let inp = fopen("/dev/null", "r") else { return }
        defer { fclose(out); fclose(inp) }
        let backend = NcursesBackend(output: out, input: inp, terminalName: "no-such-terminal-xyz", palette: Palette())
        #expect(throws: TerminalError.unknownTerminal("no-such-terminal-xyz")) { try backend.start() }
    }

    @Test func aDumbTerminalIsRefusedWithAWordAboutOnce() {
        guard let out = tmpfile(), let inp = fopen("/dev/null", "r") else { return }
        defer { fclose(out); fclose(inp) }
        let backend = NcursesBackend(output: out, input: inp, terminalName: "dumb", palette: Palette())
        #expect(throws: TerminalError.tooLimited("dumb")) { try backend.start() }
    }

    @Test func noColorMeansMonochrome() throws {
        guard let out = tmpfile(), let inp = fopen("/dev/null", "r") else { return }
        defer { fclose(out); fclose(inp) }
        let mono = NcursesBackend(output: out, input: inp, terminalName: "xterm-256color", palette: Palette(), noColor: true)
        try mono.start()
        #expect(!mono.supportsColor)
        mono.stop()
        let colour = NcursesBackend(output: out, input: inp, terminalName: "xterm-256color", palette: Palette())
        try colour.start()
        #expect(colour.supportsColor)
        colour.stop()
        let vt100 = NcursesBackend(output: out, input: inp, terminalName: "vt100", palette: Palette())
        try vt100.start()
        #expect(!vt100.supportsColor)
        vt100.stop()
    }

    /// The terminal's words name only the terminal: the program's other modes are its own to offer.
    @Test func errorsSayWhatIsWrongWithTheTerminal() {
        let all: [TerminalError] = [.notATerminal, .unknownTerminal("foo"), .unknownTerminal(nil), .tooLimited("dumb"), .cannotInitialize("no tty")]
        for error in all { #expect(!error.localizedDescription.contains("--once"), "\(error)") }
        #expect(TerminalError.unknownTerminal("foo").localizedDescription.contains("\"foo\""))
        #expect(TerminalError.unknownTerminal(nil).localizedDescription.contains("TERM is not set"))
    }

    @Test func keyCodesMapToEvents() {
        #expect(NcursesBackend.map(character: 106) == .character("j"))
        #expect(NcursesBackend.map(character: 0x6771) == .character("東"))
        #expect(NcursesBackend.map(character: 3) == .control("c"))
        #expect(NcursesBackend.map(character: 13) == .enter)
        #expect(NcursesBackend.map(character: 27) == .escape)
        #expect(NcursesBackend.map(character: 127) == .backspace)
    }
}
