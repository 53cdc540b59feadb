import Foundation
import Testing
import WeatherHTTP
import WeatherModels
import WeatherSource
import WeatherStore
@testable import WeatherCore

/// The browser refreshes by itself (docs/spec.md §4 "Refreshing by itself"): at a tick past the
/// plan's time it reads the ledger, then refreshes if still due; failures back off; a 429 holds.
@Suite struct AutoRefreshTests {
    /// Open-Meteo at one call a place: 50 calls a refresh.
    static let config: AppConfig = {
        var config = AppConfig(refreshAfter: 1800, provider: .openMeteo)
        config.refreshCost = RefreshCost(fixed: 0, perPlace: 1, perOwnCity: 1)
        return config
    }()

    /// Loaded with a feed fetched at `Make.t0`, the clock at `now`.
    static func state(now: Date) -> State {
        var state = State(config: config, now: Make.t0)
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil))))
        _ = state.reduce(.tick(now))
        return state
    }

    @Test func aTickBeforeTheDueTimeDoesNothing() {
        var state = Self.state(now: Make.t0 + 60)
        #expect(state.refreshPlan == RefreshSchedule.Plan(next: Make.t0 + 1800, reason: .due))
        #expect(state.reduce(.tick(Make.t0 + 1799)).isEmpty)
    }

    @Test func aTickPastTheDueTimeReadsTheLedgerThenRefreshes() {
        var state = Self.state(now: Make.t0 + 60)
        #expect(state.reduce(.tick(Make.t0 + 1800)) == [.readLedger])
        #expect(state.reduce(.tick(Make.t0 + 1801)).isEmpty, "one reading at a time")
        let effects = state.reduce(.ledgerRead(calls: [.openMeteo: 100]))
        #expect(effects.count == 1)
        guard case .fetchFeed? = effects.first else { Issue.record("no refresh: \(effects)"); return }
        #expect(state.isFetching)
    }

    /// Other runs of the program spent the day's budget: the refresh waits for the next day.
    @Test func aLedgerPastTheBudgetHoldsTheRefresh() {
        var state = Self.state(now: Make.t0 + 60)
        _ = state.reduce(.tick(Make.t0 + 1800))
        #expect(state.reduce(.ledgerRead(calls: [.openMeteo: 4_990])).isEmpty)
        #expect(state.refreshPlan.reason == .budgetSpent)
        #expect(!state.isFetching)
    }

    @Test func aFailedRefreshIsRetriedLaterAndLaterNeverInALoop() {
        var state = Self.state(now: Make.t0 + 1800)
        _ = state.reduce(.refresh)
        _ = state.reduce(.ledgerRead(calls: [:]))
        _ = state.reduce(.feedLoaded(.failure(.network(.unreachable(host: "h")))))
        let first = state.refreshPlan
        #expect(first.reason == .retrying(failures: 1))
        #expect(first.next == Make.t0 + 1800 + 60)
        #expect(state.reduce(.tick(Make.t0 + 1830)).isEmpty, "not before the retry")
        _ = state.reduce(.tick(Make.t0 + 1860))
        _ = state.reduce(.ledgerRead(calls: [.openMeteo: 0]))
        _ = state.reduce(.feedLoaded(.failure(.network(.unreachable(host: "h")))))
        #expect(state.refreshPlan.next == Make.t0 + 1860 + 120, "the delay doubles")
    }

    @Test func a429HoldsEveryRequestUntilItsTime() {
        var state = Self.state(now: Make.t0 + 1800)
        _ = state.reduce(.refresh)
        _ = state.reduce(.ledgerRead(calls: [:]))
        let until = Make.t0 + 1800 + 120
        _ = state.reduce(.feedLoaded(.failure(.network(.rateLimited(reason: "Minutely API request limit exceeded", status: 429, until: until)))))
        #expect(state.refreshPlan == RefreshSchedule.Plan(next: until, reason: .limited))
        #expect(state.reduce(.tick(until - 1)).isEmpty)
    }

    @Test func rPastTheBudgetRefreshesAndSaysSo() {
        var state = State(config: Self.config, now: Make.t0)
        _ = state.reduce(.ledgerRead(calls: [.openMeteo: 4_990]))
        #expect(state.reduce(.refresh) == [.readLedger], "r reads the shared files first")
        let effects = state.reduce(.ledgerRead(calls: [.openMeteo: 4_990]))
        #expect(effects.count == 1)
        #expect(state.notice?.hasPrefix("past today's budget of 5000 calls") == true)
    }

    @Test func offlineNeverRefreshesByItself() {
        var state = State(config: AppConfig(refreshAfter: 60, offline: true), now: Make.t0)
        #expect(state.refreshPlan.next == nil)
        #expect(state.reduce(.tick(Make.t0 + 86_400)).isEmpty)
    }
}

extension AutoRefreshTests {
    /// A damaged ledger, set aside when it is read, is said once in the status line and in `!`.
    @Test func aDamagedLedgerIsSaid() {
        var state = Self.state(now: Make.t0 + 60)
        _ = state.reduce(.ledgerRead(calls: [.openMeteo: 0], notice: "Calls.txt could not be read and was moved aside"))
        #expect(state.notice == "Calls.txt could not be read and was moved aside")
        #expect(state.notices.messages.first?.text == "Calls.txt could not be read and was moved aside")
    }

    /// The store reads the ledger as it starts, before any request adds to it.
    @Test func theStoreReadsTheLedgerAtStart() async throws {
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.callsToday = { ([.openMeteo: 1_234], .damaged(file: "Calls.txt", error: .corrupt(reason: "no day"), then: .callsCountFromNow)) }
        let store = try Store(config: AppConfig(demo: true), environment: env)
        store.start()
        await store.settle()
        #expect(store.state.gate(for: .openMeteo).spentToday == 1_234)
        #expect(store.state.notices.messages.contains { $0.text == "Calls.txt was unreadable (no day): moved aside to Calls.txt.corrupt; today's calls count from now" })
    }
}
