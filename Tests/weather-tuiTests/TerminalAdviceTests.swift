import Testing
import TerminalKit
@testable import weather_tui

/// Without a usable terminal, the program says what is wrong with it and offers `--once`.
@Suite struct TerminalAdviceTests {
    @Test(arguments: [TerminalError.notATerminal, .unknownTerminal("foo"), .unknownTerminal(nil), .tooLimited("dumb"),
                      .cannotInitialize("no tty")])
    func everyTerminalFailureOffersOnce(error: TerminalError) {
        #expect(error.withAdvice.contains("--once"))
        #expect(error.withAdvice.contains(error.explanation) || error == .notATerminal)
    }

    @Test func aPipeIsSaidInPlainWords() {
        #expect(TerminalError.notATerminal.withAdvice
            == "the interactive browser needs a terminal (standard input and output are not a terminal); use --once to print the feed (e.g. weather-tui --once --format table)")
        #expect(TerminalError.tooLimited("dumb").withAdvice
            == "terminal type \"dumb\" cannot move the cursor, so it cannot show the browser; use --once for plain output (or TERM=xterm-256color)")
    }
}
