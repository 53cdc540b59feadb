import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// The notices' reducer on its own: it needs nothing of the state around it but the clock.
@Suite struct NoticesStateTests {
    @Test func aNewNoticeIsKeptAtTheClockGivenAndAKeyClearsOnlyTheStatusLine() {
        var notices = NoticesState()
        notices.tell("disk full", at: Make.t0)
        notices.tell("disk full", at: Make.t0 + 60)  // the same text still shown: kept once, at its first time
        #expect(notices.reduce(.moveDown, at: Make.t0 + 90) == false)
        #expect(notices.notice == nil)
        #expect(notices.messages == [Message(time: Make.t0, text: "disk full")])
    }

    /// Which overlay is open is the front end's; a key it answered alone is this child's alone,
    /// and `q` and `Esc` are never taken here.
    @Test func aKeyTheFrontEndAnsweredIsTakenHereAndClearsTheNotice() {
        var notices = NoticesState()
        notices.tell("disk full", at: Make.t0)
        let taken = notices.reduce(.dismissNotice, at: Make.t0 + 1)
        #expect(taken && notices.notice == nil && notices.messages.map(\.text) == ["disk full"])
        let takenAgain = notices.reduce(.dismissNotice, at: Make.t0 + 2)
        #expect(takenAgain, "with no notice, still nothing else's")
        let quit = notices.reduce(.quit, at: Make.t0), esc = notices.reduce(.closeDetail, at: Make.t0)
        #expect(!quit && !esc)
    }
}
