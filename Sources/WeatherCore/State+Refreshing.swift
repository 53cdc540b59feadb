#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels
import WeatherSource

/// What the browser knows to refresh by itself within the source's limits (docs/spec.md §4
/// "Refreshing by itself"): the when is `RefreshSchedule`'s, a pure function of these and the state.
public struct AutoRefresh: Equatable, Sendable {
    /// Refreshes failed in a row since the last good one, and when the last was tried.
    public var failures = 0
    public var lastFailure: Date?
    /// No request to the source before then (a 429's `Retry-After` or reason).
    public var holdUntil: Date?
    /// Calls every run of the program sent the source today, as the ledger last said.
    public var spentToday: Double = 0
    /// `settings.plist`'s `dailyCalls`, which a person may write there.
    public var savedDailyCalls: Int?
    /// Whether the ledger is being read before a refresh that fell due.
    public var checking = false

    public init() {}
}

extension State {
    /// The calls a day automatic refreshes may spend: `--daily-calls`, else the settings file's,
    /// else the source's default (none for the demo, which costs nothing).
    public var dailyBudget: Int? {
        config.demo ? nil : config.provider.dailyCalls(option: config.dailyCalls, settings: autoRefresh.savedDailyCalls)
    }

    /// What one refresh of the list costs now, by the source's counting.
    public var refreshCalls: Double {
        guard !config.demo else { return 0 }
        let own = FeedPolicy.ownCities(config: config, pinned: pinned).count
        return config.refreshCost.calls(places: request.count, own: own)
    }

    /// When the next automatic refresh goes, and why then; `.offline` when none will.
    public var refreshPlan: RefreshSchedule.Plan {
        RefreshSchedule.plan(RefreshSchedule.Input(
            now: now, lastRefresh: feed?.fetchedAt, refreshAfter: config.refreshAfter,
            dailyBudget: dailyBudget.map(Double.init), spentToday: autoRefresh.spentToday, costPerRefresh: refreshCalls,
            dayEnd: CallDay(containing: now).end, failures: autoRefresh.failures, lastFailure: autoRefresh.lastFailure,
            holdUntil: autoRefresh.holdUntil, offline: FeedPolicy.fetchBlocked(config: config) != nil
        ))
    }

    /// Whether the data shown is older than twice `--refresh-after` (marked stale on screen).
    public var isStale: Bool {
        guard let fetched = feed?.fetchedAt, source != .demo else { return false }
        return now.timeIntervalSince(fetched) > 2 * config.refreshAfter
    }

    /// At a tick: when a refresh has fallen due, the ledger is read first (other runs of the
    /// program may have spent today's calls), then `ledgerRead` decides.
    mutating func refreshIfDue() -> [Effect] {
        guard !isFetching, !autoRefresh.checking, let next = refreshPlan.next, now >= next else { return [] }
        autoRefresh.checking = true
        return [.readLedger]
    }

    /// The ledger's count arrived: refresh now if the plan, with it, still says so.
    mutating func ledgerRead(_ calls: Double) -> [Effect] {
        let wasChecking = autoRefresh.checking
        autoRefresh.checking = false
        autoRefresh.spentToday = calls
        guard wasChecking, let next = refreshPlan.next, now >= next else { return [] }
        return startFetch(userAsked: false)
    }

    /// `r` always refreshes; past the day's budget it says so.
    mutating func noteBudget() {
        guard let budget = dailyBudget, autoRefresh.spentToday + refreshCalls > Double(budget) else { return }
        notice = "past today's budget of \(budget) calls (\(Int(autoRefresh.spentToday.rounded())) spent): refreshing as asked"
    }

    /// A refresh ended: a good one clears the failures, a failed one counts and may hold the source.
    mutating func noteRefreshEnded(_ error: FeedError?) {
        guard let error else {
            autoRefresh.failures = 0
            autoRefresh.lastFailure = nil
            return
        }
        guard error != .network(.cancelled) else { return }
        autoRefresh.failures += 1
        autoRefresh.lastFailure = now
        if case .network(let service) = error, let until = service.holdUntil { autoRefresh.holdUntil = until }
    }
}
