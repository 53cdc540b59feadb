import Foundation
import Testing
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// A new official alert at a kept place gets one word through the terminal with `--notify`
/// (#44 "A word when it matters"), never again while it lasts, and none without `--notify`.
@Suite struct AlertNotificationsTests {
    typealias A = AlertsReducerTests

    /// Denver kept (pinned), every covered place asked; notifications as given.
    static func keepingDenver(notify: Bool) -> State {
        var state = A.asking()
        state.pinned = [PinnedCity(key: A.denver.key, name: "Denver", latitude: 39.7392, longitude: -104.9903)]
        state.nowcast.notify = notify
        return state
    }

    static func notifications(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .notify(let note) = $0 { note.body } else { nil } }
    }

    static func storm(at state: inout State, askedAt: Date = Make.t0) -> [Effect] {
        state.reduce(.alertsLoaded(A.request(A.denver, .nws), .success(AlertsAnswer(alerts: [A.storm()], freshUntil: askedAt + 600)), askedAt: askedAt))
    }

    @Test func aNewAlertAtAKeptPlaceIsToldOnceWhileItLasts() {
        var state = Self.keepingDenver(notify: true)
        #expect(Self.notifications(Self.storm(at: &state)) == ["Denver: Winter Storm Warning"])
        // The same alert on the next answer, and the minute's tick: nothing more.
        #expect(Self.notifications(state.reduce(.tick(Make.t0 + 660))).isEmpty)
        #expect(Self.notifications(Self.storm(at: &state, askedAt: Make.t0 + 660)).isEmpty)
        #expect(Self.notifications(state.reduce(.tick(Make.t0 + 720))).isEmpty)
        // An answer dated ahead of the clock leaves the place's alerts unknown for a while; known
        // again, the same alert is not new.
        #expect(Self.notifications(Self.storm(at: &state, askedAt: Make.t0 + 1_500)).isEmpty)
        #expect(Self.notifications(state.reduce(.tick(Make.t0 + 1_560))).isEmpty)
    }

    @Test func aPlaceNotKeptOrNotificationsOffAreNotTold() {
        var off = Self.keepingDenver(notify: false)
        #expect(Self.notifications(Self.storm(at: &off)).isEmpty)
        var notKept = A.asking()
        notKept.nowcast.notify = true
        #expect(Self.notifications(Self.storm(at: &notKept)).isEmpty)
    }
}
