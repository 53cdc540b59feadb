import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// The overlays' reducer on its own: it needs nothing of the state around it but the clock.
@Suite struct OverlaysStateTests {
    @Test func aNewNoticeIsKeptAtTheClockGivenAndAKeyClearsOnlyTheStatusLine() {
        var overlays = OverlaysState()
        overlays.tell("disk full", at: Make.t0)
        overlays.tell("disk full", at: Make.t0 + 60)  // the same text still shown: kept once, at its first time
        #expect(overlays.reduce(.moveDown, at: Make.t0 + 90) == false)
        #expect(overlays.notice == nil)
        #expect(overlays.messages == [Message(time: Make.t0, text: "disk full")])
    }

    @Test func helpAndMessagesAreOneAtATimeAndEscOrQCloseTheOneOpen() {
        var overlays = OverlaysState()
        #expect(overlays.reduce(.toggleHelp, at: Make.t0) && overlays.showHelp)
        #expect(overlays.reduce(.toggleMessages, at: Make.t0) && overlays.showMessages && !overlays.showHelp)
        #expect(overlays.reduce(.quit, at: Make.t0) && !overlays.shown)
        #expect(overlays.reduce(.quit, at: Make.t0) == false, "with none open, q is the program's")
        _ = overlays.reduce(.toggleHelp, at: Make.t0)
        #expect(overlays.reduce(.closeDetail, at: Make.t0) && !overlays.shown)
        #expect(overlays.reduce(.closeDetail, at: Make.t0) == false, "with none open, Esc is the screen's")
        _ = overlays.reduce(.toggleHelp, at: Make.t0)
        #expect(overlays.reduce(.startFilter, at: Make.t0) == false && !overlays.shown, "/ closes it and goes on to the list")
    }
}
