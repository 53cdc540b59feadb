#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why the interactive interface could not start; the CLI maps these to exit status 2.
public enum TerminalError: Error, Equatable, Sendable, LocalizedError {
    /// Standard output (or input) is not a terminal, e.g. `weather-tui | cat`.
    case notATerminal
    /// `TERM` is unset or names a terminal the terminfo database does not know.
    case unknownTerminal(String?)
    /// The terminal cannot address the cursor (`TERM=dumb`).
    case tooLimited(String)
    /// ncurses refused to start for another reason.
    case cannotInitialize(String)

    public var errorDescription: String? {
        switch self {
        case .notATerminal:
            return "the interactive browser needs a terminal; use --once to print the feed (e.g. weather-tui --once --format table)"
        case .unknownTerminal(let name?):
            return "unknown terminal type \"\(name)\" (TERM); try TERM=xterm-256color, or use --once for plain output"
        case .unknownTerminal(nil):
            return "TERM is not set; set it (e.g. TERM=xterm-256color) or use --once for plain output"
        case .tooLimited(let name):
            return "terminal type \"\(name)\" cannot move the cursor, so it cannot show the browser; use --once for plain output (or TERM=xterm-256color)"
        case .cannotInitialize(let why):
            return "cannot start the terminal interface: \(why); use --once for plain output"
        }
    }
}
