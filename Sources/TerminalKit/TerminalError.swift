#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a full-screen interface could not start, in words of the terminal alone: what to do
/// instead (another mode of the program) is the program's to say.
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
            return "standard input and output are not a terminal"
        case .unknownTerminal(let name?):
            return "unknown terminal type \"\(name)\" (TERM); try TERM=xterm-256color"
        case .unknownTerminal(nil):
            return "TERM is not set; set it (e.g. TERM=xterm-256color)"
        case .tooLimited(let name):
            return "terminal type \"\(name)\" cannot move the cursor"
        case .cannotInitialize(let why):
            return "cannot start the terminal interface: \(why)"
        }
    }
}
