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

    /// Which overlay is open is the front end's; a key it answered alone is this child's alone,
    /// and `q` and `Esc` are never taken here.
    @Test func aKeyTheFrontEndAnsweredIsTakenHereAndClearsTheNotice() {
        var overlays = OverlaysState()
        overlays.tell("disk full", at: Make.t0)
        let taken = overlays.reduce(.dismissNotice, at: Make.t0 + 1)
        #expect(taken && overlays.notice == nil && overlays.messages.map(\.text) == ["disk full"])
        let takenAgain = overlays.reduce(.dismissNotice, at: Make.t0 + 2)
        #expect(takenAgain, "with no notice, still nothing else's")
        let quit = overlays.reduce(.quit, at: Make.t0), esc = overlays.reduce(.closeDetail, at: Make.t0)
        #expect(!quit && !esc)
    }
}
