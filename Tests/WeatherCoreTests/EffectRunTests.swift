import Foundation
import Testing
import PlistArchive
import EssentialsSupport
import WeatherModels
@testable import WeatherCore

/// Effects run under an id, end in an action the loop applies in order, and can be cancelled by
/// id: a cancelled run stops (its request is cancelled) and its result is never applied.
@Suite struct EffectRunTests {
    static let oslo = PlaceMatch(id: "om:3143244", name: "Oslo", country: "Norway", countryCode: "NO", latitude: 59.9, longitude: 10.7)

    /// A search that waits until it is cancelled, counting the cancellations it saw, and then
    /// answers anyway (as a late answer would): the store must not apply it.
    static func stuckSearch(cancelled: Counter) -> AppEnvironment {
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.searchPlaces = { _, _ in
            try? await Task.sleep(for: .seconds(3600))
            if Task.isCancelled { cancelled.increment() }
            return .success([EffectRunTests.oslo])
        }
        return env
    }

    /// Whether a letter reaches `mailbox` (waited for in `poll(2)`, on a thread of its own: the
    /// cancelled run posts on the pool). A run that is never cancelled posts nothing for an hour.
    static func letterArrives(_ mailbox: Mailbox) async -> Bool {
        let descriptor = mailbox.fileDescriptor
        return await DedicatedThread.run {
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&watched, 1, 3_600_000) == 1
        }
    }

    @Test func escLeavesASearchAndCancelsItsRequest() async throws {
        let cancelled = Counter()
        let test = try TestStore(config: AppConfig(refreshAfter: 1800, demo: true, provider: .openMeteo),
                                 environment: Self.stuckSearch(cancelled: cancelled))
        test.send(.addCity(.start)) { $0.placeEditing.search = PlaceSearch() }
        test.send(.addCity(.input("Oslo"))) { $0.placeEditing.search?.text = "Oslo" }
        test.send(.addCity(.submit)) { $0.placeEditing.search?.phase = .searching }
        #expect(test.store.hasRunningEffects)
        test.send(.addCity(.cancel)) { $0.placeEditing.search = nil }
        #expect(!test.store.hasRunningEffects, "the run is over for the store at once")
        // The stuck search answers only once cancelled (its sleep is an hour's), and its run then
        // posts that late answer (Oslo): the mailbox becomes readable when it has.
        #expect(await Self.letterArrives(test.store.mailbox), "the request itself was cancelled, not left to hang")
        #expect(cancelled.value == 1)
        // The late answer never reaches the state: nothing is left to receive.
        await test.finish()
    }

    /// The change a demo refresh's answer (the five test cities, 7 calls left) makes.
    static func shown(_ payload: FeedPayload) -> (inout State) -> Void {
        return {
            $0.isFetching = false
            $0.feed = payload.feed
            $0.source = .demo
            $0.rateLimitRemaining = 7
            $0.list.visibleCities = ReducerTests.cities("2", "4", "5", "3", "1")  // by name
            $0.list.selectedKey = "2"
            $0.air.weatherRefreshesWithoutAir = 2  // a refresh without the air
        }
    }

    /// A refresh through the real store: the key's change, then the effect's answer and its change,
    /// each named whole.
    @Test func aRefreshSendsItsAnswerBackAsTheNextAction() async throws {
        let payload = FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: 7)
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.fetchFeed = { _, _ in .success(payload) }
        let test = try TestStore(config: AppConfig(refreshAfter: 1800, demo: true), environment: env)
        test.send(.refresh) { $0.autoRefresh.checking = .asked }
        await test.receive(.ledgerRead(calls: [:], pins: [], at: Make.t0)) {
            $0.autoRefresh.checking = nil
            $0.isFetching = true
        }
        await test.receive(.feedLoaded(.success(payload)), Self.shown(payload))
        #expect(test.expected.feed == payload.feed)
        await test.finish()
    }

    /// A refreshed feed reaches the state before the disk: its save runs after the answer is
    /// applied (the `fsync` is not on the way to the screen), and a save that fails is said.
    @Test func aRefreshedFeedIsAppliedBeforeItsSaveAndAFailedSaveIsSaid() async throws {
        let payload = FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: 7)
        let saves = Counter()
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.fetchFeed = { _, _ in .success(payload) }
        env.saveFeed = { _ throws(ArchiveError) in
            saves.increment()
            throw .io(underlying: "read-only folder")
        }
        let test = try TestStore(config: AppConfig(refreshAfter: 1800, demo: true), environment: env)
        test.send(.refresh) { $0.autoRefresh.checking = .asked }
        await test.receive(.ledgerRead(calls: [:], pins: [], at: Make.t0)) {
            $0.autoRefresh.checking = nil
            $0.isFetching = true
        }
        await test.receive(.feedLoaded(.success(payload)), Self.shown(payload))
        let said = "could not save the feed: \(ArchiveError.io(underlying: "read-only folder").explanation)"
        await test.receive(.saveFailed(said)) { $0.notice = said }  // and so in the messages
        #expect(saves.value == 1)
        await test.finish()
    }

    /// Quitting cancels every request in flight; a save already asked for still lands.
    @Test func quitCancelsEveryRequestInFlight() async throws {
        let started = Counter()
        let store = try Store(config: AppConfig(demo: true), environment: StoreShutDownTests.hangingEnvironment(started: started, cancelled: Counter()))
        store.send(.refresh)
        store.send(.moveDown)
        store.send(.openDetail)
        #expect(store.hasRunningEffects)
        store.send(.quit)
        #expect(store.runningIDs.allSatisfy { !$0.isRequest }, "no request outlives q (the settings' save does)")
        await store.settle()
        #expect(store.state.isQuitting)
    }

    /// Letters posted from many threads at once all arrive, none torn, each poster's in its order.
    @Test func theMailboxKeepsEveryLetterFromConcurrentSenders() async throws {
        let mailbox = try Mailbox()
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask {
                    for index in 0..<500 { mailbox.post(.moveBy(sender * 1000 + index)) }
                }
            }
        }
        var got: [Int] = []
        for letter in mailbox.receive() {
            if case .moveBy(let n)? = letter.action { got.append(n) }
        }
        #expect(got.count == 4000)
        for sender in 0..<8 {
            let mine = got.filter { $0 / 1000 == sender }
            #expect(mine == Array(sender * 1000..<sender * 1000 + 500))
        }
        #expect(mailbox.receive().isEmpty)
    }
}
