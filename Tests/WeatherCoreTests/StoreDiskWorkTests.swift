import Foundation
import Synchronization
import Testing
import EssentialsSupport
import WeatherModels
@testable import WeatherCore

/// Disk work never holds a thread a request needs: with every restore stuck on the disk, an answer
/// still reaches the mailbox, not when the disk lets go (#41 item 5). The concurrency pool has a
/// thread a core; disk work that blocks one of them leaves the requests the others.
@Suite struct StoreDiskWorkTests {
    /// A disk that does not answer until `open()`. Its readers stay busy rather than asleep:
    /// libdispatch adds a thread to a pool whose every thread sleeps, once a second, which turns a
    /// stall into a delay of seconds; a busy pool gets none, so the test sees the stall itself.
    final class StuckDisk: Sendable {
        private let isOpen = Atomic<Bool>(false)

        func wait() {
            while !isOpen.load(ordering: .acquiring) { sched_yield() }
        }

        func open() { isOpen.store(true, ordering: .releasing) }
    }

    /// The saved feed's list read at once (the first frame's), then its details, the forecasts and
    /// the air each read from the stuck disk; a refresh answered at once.
    static func environment(disk: StuckDisk, answer: FeedPayload) -> AppEnvironment {
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.previewArchive = { .success(Make.feed(at: Make.t0)) }
        env.loadArchive = {
            disk.wait()
            return .success(Make.feed(at: Make.t0))
        }
        env.loadForecasts = {
            disk.wait()
            return (StoredForecasts(), nil)
        }
        env.loadAirQuality = {
            disk.wait()
            return (nil, nil)
        }
        env.fetchFeed = { _, _ in .success(answer) }
        return env
    }

    @Test func anAnswerReachesTheLoopWhileEveryRestoreIsStuckOnTheDisk() async throws {
        let disk = StuckDisk()
        let answer = FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: 7)
        let environment = Self.environment(disk: disk, answer: answer)
        // Three restores a store: enough stores for more stuck restores than the pool has threads.
        let storeCount = ProcessInfo.processInfo.activeProcessorCount / 3 + 1
        // The loop's side runs on a thread of its own, as the browser's does: not on the pool it watches.
        let (stores, answered) = await DedicatedThread.run(with: ()) { _ in
            var stores: [Store] = []
            for _ in 0..<storeCount {
                guard let store = try? Store(config: AppConfig(refreshAfter: 1800, demo: true), environment: environment) else { continue }
                store.start()  // its restores are under way (stuck) before the refresh is asked
                stores.append(store)
            }
            stores.last?.send(.refresh)
            let answered = stores.last.map { Self.appliesFeed($0, waitingAtMost: .seconds(120)) } ?? false
            disk.open()
            return (stores, answered)
        }
        #expect(stores.count == storeCount)
        #expect(answered, "the refresh's answer waited for the disk")
        for store in stores { await store.settle() }
    }

    /// Each refreshed feed's save sticks on the disk; the next store's answer still arrives.
    @Test func anAnswerReachesTheLoopWhileEarlierSavesAreStuckOnTheDisk() async throws {
        let disk = StuckDisk()
        let answer = FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: 7)
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.fetchFeed = { _, _ in .success(answer) }
        env.saveFeed = { _ in disk.wait() }
        let environment = env
        // One more store than the pool has threads, each refreshing after the one before it saves.
        let storeCount = ProcessInfo.processInfo.activeProcessorCount + 1
        let (stores, answers) = await DedicatedThread.run(with: ()) { _ in
            var stores: [Store] = [], answers = 0
            for _ in 0..<storeCount {
                guard let store = try? Store(config: AppConfig(refreshAfter: 1800, demo: true), environment: environment) else { continue }
                stores.append(store)
                store.send(.refresh)
                guard Self.appliesFeed(store, waitingAtMost: .seconds(120)) else { break }
                answers += 1  // and its save is under way (stuck)
            }
            disk.open()
            return (stores, answers)
        }
        #expect(answers == storeCount, "an answer waited for the saves before it")
        for store in stores { await store.settle() }
    }

    /// Whether `store` receives and applies `.feedLoaded`, waiting for its mailbox as the loop
    /// does. The bound only turns a stall into a failure; it measures nothing.
    static func appliesFeed(_ store: Store, waitingAtMost bound: Duration) -> Bool {
        let clock = ContinuousClock(), end = clock.now + bound
        var applied = false
        while !applied, clock.now < end {
            var mailbox = pollfd(fd: store.mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&mailbox, 1, 1000)
            store.processPendingResults { action, _ in
                if case .feedLoaded = action { applied = true }
            }
        }
        return applied
    }
}
