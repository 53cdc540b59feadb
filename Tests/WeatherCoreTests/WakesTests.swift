import Foundation
import Testing
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// The state asks to be woken (`Effect.wake`) on the minute, at the instant an automatic refresh
/// falls due and at a hold's end; the store hands its wakes to the front end's scheduler.
@Suite struct WakesTests {
    /// Loaded with a feed fetched at `Make.t0` (a minute on the clock), due again 1800 s later.
    static func state(now: Date) -> State { AutoRefreshTests.state(now: now) }

    @Test func theNextTickIsTheNextMultipleOfTheIntervalOnTheClock() {
        #expect(State.nextTick(after: Make.t0) == Make.t0 + 60, "on a minute: the next one")
        #expect(State.nextTick(after: Make.t0 + 59.9) == Make.t0 + 60)
        #expect(State.nextTick(after: Make.t0 + 15, every: 15) == Make.t0 + 30)
    }

    /// The old loop's `wakeTime`: the minute, or sooner the instant a refresh falls due; a due
    /// time already reached waits for the minute (a wake in the past would come again and again).
    @Test func theRefreshIsWokenAtItsInstantWhileItIsAhead() {
        let state = Self.state(now: Make.t0 + 1790)
        #expect(state.wakes == [.minute: Make.t0 + 1800, .refresh: Make.t0 + 1800])
        let early = Self.state(now: Make.t0 + 60)
        #expect(early.wakes == [.minute: Make.t0 + 120, .refresh: Make.t0 + 1800])
        let reached = Self.state(now: Make.t0 + 1800)
        #expect(reached.wakes == [.minute: Make.t0 + 1860], "due now: the tick has gone to it")
        let past = Self.state(now: Make.t0 + 1830)
        #expect(past.wakes[.refresh] == nil)
    }

    @Test func aHoldsEndIsWoken() {
        var state = Self.state(now: Make.t0 + 60)
        _ = state.reduce(.ledgerRead(calls: [:], holds: [.openMeteo: SourceGate.Hold(until: Make.t0 + 90, reason: "rate limited")]))
        #expect(state.wakes[.holdEnds] == Make.t0 + 90)
        _ = state.reduce(.tick(Make.t0 + 90))
        #expect(state.wakes[.holdEnds] == nil, "over")
    }

    @Test func onlyWhatChangedIsAskedAgain() {
        let state = Self.state(now: Make.t0 + 60)
        #expect(state.wakeEffects(asked: [:]) == [.wake(.minute, at: Make.t0 + 120), .wake(.refresh, at: Make.t0 + 1800)])
        #expect(state.wakeEffects(asked: state.wakes).isEmpty)
        #expect(state.wakeEffects(asked: [.minute: Make.t0 + 60, .refresh: Make.t0 + 1800, .holdEnds: Make.t0 + 90])
            == [.wake(.minute, at: Make.t0 + 120), .cancel(.wake(.holdEnds))])
    }

    /// What the scheduler was asked, in order.
    final class Recorder {
        var asked: [Effect] = []
        var scheduler: WakeScheduler {
            WakeScheduler(schedule: { self.asked.append(.wake($0, at: $1)) }, cancel: { self.asked.append(.cancel(.wake($0))) })
        }
    }

    private func store(now: Date) throws -> Store {
        let env = AppEnvironment(
            now: { now }, loadArchive: { .failure(.missing) }, fetchFeed: { _, _ in .failure(.offlineMode) },
            fetchForecast: { _, _ in .failure(.offlineMode) }, loadForecasts: nil, saveForecasts: { _ in },
            loadSettings: { (nil, nil) }, saveSettings: { _, _ in }, loadPins: { ([], nil) }, changePins: { $0.applied(to: []) }
        )
        return try Store(config: AutoRefreshTests.config, environment: env)
    }

    /// Wakes asked before there is a scheduler are handed to it when it comes; a tick moves the
    /// minute's; one past the refresh's instant cancels it (its reading of the ledger is under way).
    @Test func theStoreHandsItsWakesToTheScheduler() async throws {
        let store = try store(now: Make.t0 + 60)
        store.send(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil))))
        let recorder = Recorder()
        store.scheduler = recorder.scheduler
        #expect(recorder.asked == [.wake(.minute, at: Make.t0 + 120), .wake(.refresh, at: Make.t0 + 1800)])
        recorder.asked = []
        store.woke([.minute], now: Make.t0 + 120)
        #expect(recorder.asked == [.wake(.minute, at: Make.t0 + 180)], "the minute again; the refresh stands")
        recorder.asked = []
        store.send(.tick(Make.t0 + 1801))
        #expect(recorder.asked == [.wake(.minute, at: Make.t0 + 1860), .cancel(.wake(.refresh))])
        await store.settle()
    }

    /// A wake that came is asked again even at the same instant: the program forgot it.
    @Test func aWakeThatCameIsAskedAgain() async throws {
        let store = try store(now: Make.t0 + 60)
        store.send(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil))))
        let recorder = Recorder()
        store.scheduler = recorder.scheduler
        recorder.asked = []
        // The clock set back: every timer came at once, the refresh's still ahead.
        store.woke([.minute, .refresh], now: Make.t0 + 30)
        #expect(recorder.asked == [.wake(.minute, at: Make.t0 + 60), .wake(.refresh, at: Make.t0 + 1800)])
        await store.settle()
    }

    /// `--once` has no scheduler: its wakes wait for nothing, and `settle` does not wait for them.
    @Test func settleDoesNotWaitForWakes() async throws {
        let store = try store(now: Make.t0 + 60)
        store.send(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil))))
        #expect(store.wakesAsked[.refresh] == Make.t0 + 1800)
        await store.settle()
        #expect(!store.hasRunningEffects)
    }
}
