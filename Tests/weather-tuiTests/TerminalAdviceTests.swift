import Testing
import TerminalKit
import EssentialsSupport
@testable import weather_tui

/// Without a usable terminal, the program says what is wrong with it and offers `--once`.
@Suite struct TerminalAdviceTests {
    @Test(arguments: [TerminalError.notATerminal, .unknownTerminal("foo"), .unknownTerminal(nil), .tooLimited("dumb"),
                      .cannotInitialize("no tty")])
    func everyTerminalFailureOffersOnce(error: TerminalError) {
        #expect(error.withAdvice().contains("--once"))
        #expect(error.withAdvice().contains(error.explanation) || error == .notATerminal)
    }

    @Test func aPipeIsSaidInPlainWords() {
        #expect(TerminalError.notATerminal.withAdvice()
            == "the interactive browser needs a terminal (standard input and output are not a terminal); use --once to print the feed (e.g. weather-tui --once --format table)")
        #expect(TerminalError.tooLimited("dumb").withAdvice()
            == "terminal type \"dumb\" cannot move the cursor, so it cannot show the browser; use --once for plain output (or TERM=xterm-256color)")
    }

    /// English is the terminal kit's own words; another language says them all in it, `--once` kept.
    @Test(arguments: [TerminalError.notATerminal, .unknownTerminal("foo"), .unknownTerminal(nil), .tooLimited("dumb"),
                      .cannotInitialize("no tty")])
    func theAdviceIsInTheLanguage(error: TerminalError) {
        #expect(error.description(in: .english) == error.explanation)
        let german = error.withAdvice(in: Language(code: .de))
        #expect(german.contains("--once") && german != error.withAdvice(), "\(german)")
        for english in ["terminal", "cannot", "unknown", "not set", "plain output"] where error != .cannotInitialize("no tty") || english != "terminal" {
            #expect(!german.contains(english), "\(german)")
        }
    }
}
