import Foundation
import Testing
import PlistArchive
import WeatherModels
@testable import WeatherCore

/// Quitting while a request hangs: the store cancels what is in flight instead of waiting for a
/// server's answer or the request's deadline.
@Suite struct StoreShutDownTests {
    /// A fetch that answers only after a minute, or at once when its task is cancelled (as the
    /// live transport does: tested against a never-answering loopback server in WeatherHTTPTests).
    static func hangingEnvironment(started: Counter, cancelled: Counter) -> AppEnvironment {
        var env = AppEnvironment.demo(now: { Make.t0 })
        @Sendable func hang() async {
            started.increment()
            do { try await Task.sleep(for: .seconds(3600)) } catch { cancelled.increment() }
        }
        env.fetchFeed = { _, _ in
            await hang()
            return .failure(.network(.cancelled))
        }
        env.fetchForecast = { _, _ in
            await hang()
            return .failure(.network(.cancelled))
        }
        return env
    }

    /// The requests hang for an hour unless cancelled: `shutDown` returning at all is the proof
    /// that it waits for none of them, and each then sees its cancellation (the time limit only
    /// turns a hang into a failure).
    @Test(.timeLimit(.minutes(1))) func shutDownCancelsARefreshAndAForecastInFlightAndReturnsAtOnce() async throws {
        let started = Counter(), cancelled = Counter()
        let store = try Store(config: AppConfig(demo: true), environment: Self.hangingEnvironment(started: started, cancelled: cancelled))
        store.start()  // the demo's start-up fetch hangs
        while started.value == 0 { try await Task.sleep(for: .milliseconds(5)) }  // in flight
        #expect(store.state.isFetching)
        await store.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(!store.hasRunningEffects)
        // Cancelled, not left to hang: each request in flight ends.
        while cancelled.value < started.value { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// Saves are not requests: one under way when the user quits is finished, not cut.
    @Test func shutDownLetsASaveFinish() async throws {
        let saved = Counter()
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.saveForecasts = { _ in
            Thread.sleep(forTimeInterval: 0.05)
            saved.increment()
        }
        let store = try Store(config: AppConfig(demo: true), environment: env)
        store.start()
        await store.settle()
        store.send(.openDetail)  // the demo's forecast: fetched, then saved in the background
        await store.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(saved.value == 1)
    }
}

extension StoreShutDownTests {
    /// With `--config-dir` a file, the save on the way out fails; the notice the program prints
    /// after the terminal is handed back says so (an earlier notice was cleared by the key).
    @Test func aSaveThatFailsOnTheWayOutLeavesItsNotice() async throws {
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.saveSettings = { _, _ throws(ArchiveError) in throw ArchiveError.io(underlying: "/x is not a folder") }
        let store = try Store(config: AppConfig(demo: true), environment: env)
        store.start()
        await store.settle()
        store.send(.toggleUnits)  // fails too: said in the status line
        await store.settle()
        #expect(store.state.notice != nil)
        store.send(.quit)
        await store.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(store.state.notice?.hasPrefix("could not save settings") == true)
    }
}

/// A thread-safe count for closures the store runs in the background.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
