import BrowserTestSupport
import Foundation
import Testing
import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// The store's wakes are the program's timers, on a clock the test moves: the minute's tick on
/// the minute, an automatic refresh at the instant it falls due, a clock set back ticking at once.
@Suite struct TerminalAppWakeTests {
    /// 30 s past a minute (1_789_999_980 is a multiple of 60).
    static let start = Date(timeIntervalSince1970: 1_789_999_980 + 30)

    /// A store whose environment reads `clock`, with a feed fetched `age` seconds before `start`;
    /// nothing is read in the background at start, so only the clock and the keys move it.
    private func store(clock: ManualClock, age: TimeInterval) throws -> Store {
        let feed = WeatherFeed(fetchedAt: Self.start.addingTimeInterval(-age), request: FeedRequest(count: 50, language: "en-us"),
                               cities: [ViewFixtures.make(key: "1", name: "Lima", country: "Peru")])
        var env = StoreDriverTests.environment(feed: feed)
        env.now = { clock.now }
        env.loadForecasts = nil
        return try Store(config: AppConfig(refreshAfter: 3600), environment: env)
    }

    private func backend(_ clock: ManualClock, idleWaits: Int) -> InMemoryBackend {
        let backend = InMemoryBackend()
        backend.clock = clock
        backend.idleReadsBeforeTermination = idleWaits
        return backend
    }

    @Test func theMinutesTickComesOnTheMinute() async throws {
        let clock = ManualClock(Self.start)
        let store = try store(clock: clock, age: 300)
        let backend = backend(clock, idleWaits: 2)
        _ = try await TerminalApp(driver: StoreDriver(store: store), backend: backend).runOffThePool()
        #expect(backend.waits == [30_000, 60_000, 60_000], "to the minute, then a minute at a time")
        #expect(store.state.now == Self.start + 90, "the second tick, on its minute")
        #expect(backend.frames.first?.line(0).contains("(5 min ago)") == true)
        #expect(backend.lastFrame?.line(0).contains("(6 min ago)") == true, "fetched 6.5 min before the second tick")
    }

    @Test func anAutomaticRefreshGoesAtTheInstantItFallsDue() async throws {
        let clock = ManualClock(Self.start)
        // Fetched 3590 s ago with --refresh-after 3600: due in 10 s, before the minute.
        let store = try store(clock: clock, age: 3590)
        let backend = backend(clock, idleWaits: 1)
        // The instant the state was at when it began the refresh (its reading of the shared files).
        var began: Date?
        backend.stopWhen = { _ in
            if began == nil, store.state.autoRefresh.checking == .automatic { began = store.state.now }
            return false
        }
        _ = try await TerminalApp(driver: StoreDriver(store: store), backend: backend).runOffThePool()
        #expect(backend.waits.first == 10_000, "until the refresh, not the minute")
        #expect(began == Self.start + 10)
        await store.settle()
    }

    /// A clock set back (by hand, NTP after a suspend) ticks at once: the ages and the header's
    /// time must not freeze until the clock is past the last tick again.
    @Test func aClockSetBackTicksAtOnce() async throws {
        let clock = ManualClock(Self.start)
        let store = try store(clock: clock, age: 300)
        let backend = backend(clock, idleWaits: 1)
        backend.stopWhen = { _ in
            if backend.frames.count == 1 { clock.advance(by: -3600) }
            return false
        }
        _ = try await TerminalApp(driver: StoreDriver(store: store), backend: backend).runOffThePool()
        // The wait ran its 30 s on the clock set back: far from the minute it was for.
        #expect(store.state.now == Self.start - 3600 + 30)
        #expect(backend.waits.count == 2)
        #expect(store.state.wakes[.minute] == Self.start - 3600 + 30 + 60, "asked again on the new clock")
    }

}
