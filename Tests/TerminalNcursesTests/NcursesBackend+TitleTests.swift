import Foundation
import Glibc
import TerminalKit
@testable import TerminalNcurses
import Testing

/// `--title`'s bytes (docs/spec.md §2): the terminal's own title pushed on its stack before the
/// first, OSC 2 with no control byte inside, nothing for the same title again, the stack popped at
/// the end. In `NcursesBackendTests`' serialized suite: ncurses keeps global state.
extension NcursesBackendTests {
    /// Everything a started terminal wrote while `body` ran and it stopped.
    static func bytes(_ body: (NcursesBackend) -> Void) throws -> String {
        let out = try #require(tmpfile())
        defer { fclose(out) }
        let inp = try #require(fopen("/dev/null", "r"))
        defer { fclose(inp) }
        let backend = NcursesBackend(output: out, input: inp, terminalName: "xterm-256color", palette: Palette())
        try backend.start()
        body(backend)
        backend.stop()
        fflush(out)
        let length = ftell(out)
        rewind(out)
        var bytes = [UInt8](repeating: 0, count: max(0, length))
        _ = fread(&bytes, 1, bytes.count, out)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aTitleIsPushedSetOnceAndPoppedAtTheEnd() throws {
        let written = try Self.bytes { backend in
            backend.setTitle("☂ 12° Reykjavík")
            backend.setTitle("☂ 12° Reykjavík")
            backend.setTitle("☂ 13° Reykjavík")
        }
        let push = "\u{1b}[22;0t", pop = "\u{1b}[23;0t"
        let first = "\u{1b}]2;☂ 12° Reykjavík\u{07}", second = "\u{1b}]2;☂ 13° Reykjavík\u{07}"
        #expect(written.components(separatedBy: push).count == 2, "pushed once")
        #expect(written.components(separatedBy: first).count == 2, "the same title is sent once")
        #expect(written.contains(push + first))
        let pushed = try #require(written.range(of: push)), sent = try #require(written.range(of: second)),
            popped = try #require(written.range(of: pop))
        #expect(pushed.upperBound <= sent.lowerBound && sent.upperBound <= popped.lowerBound)
        #expect(written.components(separatedBy: pop).count == 2, "popped once")
    }

    /// (xterm-256color's own alternate screen pushes and pops title and icon, `CSI 22;0;0 t`:
    /// ncurses sends that whatever the program does; these are the program's own.)
    @Test func withoutATitleTheTerminalsOwnIsLeftAlone() throws {
        let written = try Self.bytes { _ in }
        #expect(!written.contains("\u{1b}[22;0t"))
        #expect(!written.contains("\u{1b}[23;0t"))
        #expect(!written.contains("\u{1b}]2;"))
    }

    /// A name from a server with an escape, a bell and an 8-bit controls inside cannot end the
    /// sequence or start another: each is U+FFFD, and the only controls are the sequence's own.
    @Test func aTitleHoldsNoControlByte() throws {
        let written = try Self.bytes { $0.setTitle("☂ 12° Evil\u{07}\u{1b}]2;owned\u{1b}\\\u{9b}31m\nTown") }
        let start = try #require(written.range(of: "\u{1b}]2;"))
        let rest = written[start.upperBound...]
        let end = try #require(rest.firstIndex(of: "\u{07}"))
        let title = rest[..<end]
        #expect(title == "☂ 12° Evil\u{FFFD}\u{FFFD}]2;owned\u{FFFD}\\\u{FFFD}31m\u{FFFD}Town")
        #expect(!title.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
