import Testing
import TerminalKit

@Suite("TerminalNotification: the bytes a terminal gets")
struct TerminalNotificationTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func osc777CarriesTitleAndBody() {
        let note = TerminalNotification(title: "weather-tui", body: "Reykjavík: rain from 14:30")
        #expect(Self.text(note.bytes(.osc777, inTmux: false)) == "\u{1B}]777;notify;weather-tui;Reykjavík: rain from 14:30\u{1B}\\")
    }

    @Test func osc9CarriesTheBodyAlone() {
        let note = TerminalNotification(title: "weather-tui", body: "Oslo: rain now")
        #expect(Self.text(note.bytes(.osc9, inTmux: false)) == "\u{1B}]9;Oslo: rain now\u{1B}\\")
    }

    @Test func insideTmuxTheSequencePassesThroughWithEachEscDoubled() {
        let note = TerminalNotification(title: "t", body: "b")
        #expect(Self.text(note.bytes(.osc777, inTmux: true)) == "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;t;b\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test func noControlByteOrSeparatorFromOutsideGetsInside() {
        let hostile = TerminalNotification(title: "a;b\u{07}", body: "x\u{1B}]2;owned\u{07}\u{9B}31m\ny;z")
        let bytes = hostile.bytes(.osc777, inTmux: false)
        let inside = bytes.dropFirst(2).dropLast(2)  // between `ESC ]` and `ESC \`
        #expect(!inside.contains { $0 < 0x20 || $0 == 0x7F }, "no C0 control, no DEL")
        #expect(!Self.text(Array(inside)).unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "no C1 control")
        #expect(Self.text(Array(inside)).split(separator: ";").count == 4, "777, notify, title, body: no field more")
    }

    @Test func theDialectFollowsTheTerminalAndTmuxItsVariable() {
        #expect(TerminalNotification.Dialect.of(environment: ["TERM_PROGRAM": "iTerm.app"]) == .osc9)
        #expect(TerminalNotification.Dialect.of(environment: ["WT_SESSION": "1"]) == .osc9)
        #expect(TerminalNotification.Dialect.of(environment: ["TERM": "foot"]) == .osc777)
        #expect(TerminalNotification.inTmux(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!TerminalNotification.inTmux(environment: ["TMUX": ""]))
        #expect(!TerminalNotification.inTmux(environment: [:]))
    }

    @Test func theInMemoryBackendKeepsTheBytesItWasGiven() {
        let backend = InMemoryBackend()
        backend.inTmux = true
        backend.notify(TerminalNotification(title: "t", body: "b"))
        #expect(backend.notificationBytes == [TerminalNotification(title: "t", body: "b").bytes(.osc777, inTmux: true)])
    }
}
