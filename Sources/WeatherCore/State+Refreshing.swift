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

    /// What one refresh of the list's weather costs now, by the source's counting.
    public var weatherRefreshCalls: Double {
        guard !config.demo else { return 0 }
        return config.refreshCost.calls(places: request.count, own: ownCityCount)
    }

    /// What the air's request for the listed places costs against this source's budget.
    public var airRefreshCalls: Double {
        config.demo ? 0 : config.airCallsPerPlace * Double(request.count + ownCityCount)
    }

    private var ownCityCount: Int { FeedPolicy.ownCities(config: config, pinned: pinned).count }

    /// What the next automatic refresh costs: the weather's, and the air's when it is due by then.
    public var refreshCalls: Double { refreshCalls(at: refreshPlan.next ?? now) }

    /// What a refresh at `date` costs: the weather's, and the air's when it goes with it.
    func refreshCalls(at date: Date) -> Double {
        weatherRefreshCalls + (airQualityRestored && isAirQualityDue(at: date) ? airRefreshCalls : 0)
    }

    /// When the next automatic refresh goes, and why then; `.offline` when none will.
    public var refreshPlan: RefreshSchedule.Plan {
        RefreshSchedule.plan(RefreshSchedule.Input(
            now: now, lastRefresh: feed?.fetchedAt, refreshAfter: config.refreshAfter,
            dailyBudget: dailyBudget.map(Double.init), spentToday: autoRefresh.spentToday, costPerRefresh: weatherRefreshCalls,
            dayEnd: CallDay(containing: now).end, failures: autoRefresh.failures, lastFailure: autoRefresh.lastFailure,
            holdUntil: autoRefresh.holdUntil, offline: FeedPolicy.fetchBlocked(config: config) != nil, airCost: airRefreshCalls
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
        guard let budget = dailyBudget, autoRefresh.spentToday + refreshCalls(at: now) > Double(budget) else { return }
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
