#if canImport(Glibc)
import Glibc
#endif
import TerminalKit
import TerminalNcurses

/// A started ncurses terminal that writes to a temporary file and reads nothing: what it draws can
/// be read back (`NcursesBackend.screenLine`) and the bytes it sends counted (`ftell` on the file).
public enum HeadlessTerminal {
    /// The temporary files could not be opened.
    public struct NoFiles: Error {}

    /// Runs `body` with a started terminal of type `terminal` and its output file, and stops it after.
    public static func with(terminal: String = "xterm-256color", palette: Palette = Palette(), noColor: Bool = false,
                            _ body: (NcursesBackend, UnsafeMutablePointer<FILE>) throws -> Void) throws {
        guard let out = tmpfile() else { throw NoFiles() }
        defer { fclose(out) }
        guard let inp = fopen("/dev/null", "r") else { throw NoFiles() }
        defer { fclose(inp) }
        let backend = NcursesBackend(output: out, input: inp, terminalName: terminal, palette: palette, noColor: noColor)
        try backend.start()
        defer { backend.stop() }
        try body(backend, out)
    }
}
