#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import EssentialsSupport
import WeatherModels
import WeatherSource

/// What the browser knows to refresh by itself within the source's limits (docs/spec.md §4
/// "Refreshing by itself"): the when is `RefreshSchedule`'s, a pure function of these and the state.
public struct AutoRefresh: Equatable, Sendable {
    /// Refreshes failed in a row since the last good one, and when the last was tried.
    public var failures = 0
    public var lastFailure: Date?
    /// Whether the shared files (the ledger, the pins) are being read before a refresh: one that
    /// fell due (`automatic`) or that `r` asked for.
    public var checking: Checking?

    /// Who a refresh waiting for the shared files was asked by.
    public enum Checking: Equatable, Sendable {
        case automatic, asked
    }

    public init() {}
}

extension State {
    /// The calls a day automatic refreshes may spend: `--daily-calls`, else the settings file's,
    /// else the source's default (none for the demo, which costs nothing).
    public var dailyBudget: Int? {
        weatherGate.dailyBudget.map { Int($0) }
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

    /// What the air's request for `places` places costs by Open-Meteo's rule, against its gate.
    func airCalls(places: Int) -> Double {
        config.demo ? 0 : config.airCostPerPlace * Double(places)
    }

    private var ownCityCount: Int { FeedPolicy.ownCities(config: config, pinned: pinned).count }

    /// What the next automatic refresh costs: the weather's, and the air's when it is due by then.
    public var refreshCalls: Double { refreshCalls(at: refreshPlan.next ?? now) }

    /// What a refresh at `date` costs: the weather's, and the air's when it goes with it.
    func refreshCalls(at date: Date) -> Double {
        weatherRefreshCalls + (air.restored && air.isDue(at: date) ? airRefreshCalls : 0)
    }

    /// When the next automatic refresh goes, and why then; `.offline` when none will.
    /// The plan is read from the weather source's gate (its hold, budget and spending), so the
    /// header never promises a refresh the gate would refuse.
    public var refreshPlan: RefreshSchedule.Plan {
        let gate = weatherGate
        return RefreshSchedule.plan(RefreshSchedule.Input(
            now: now, lastRefresh: feed?.fetchedAt, refreshAfter: config.refreshAfter,
            dailyBudget: gate.dailyBudget, spentToday: gate.spentToday, costPerRefresh: weatherRefreshCalls,
            dayEnd: CallDay(containing: now).end, failures: autoRefresh.failures, lastFailure: autoRefresh.lastFailure,
            holdUntil: gate.hold(at: now)?.until, offline: FeedPolicy.fetchBlocked(config: config) != nil, airCost: airRefreshCalls
        ))
    }

    /// Whether the data shown is older than twice `--refresh-after`, or of no known age (saved
    /// ahead of the clock): marked stale on screen.
    public var isStale: Bool {
        guard let fetched = feed?.fetchedAt, source != .demo else { return false }
        guard let age = FeedPolicy.age(of: fetched, now: now) else { return true }
        return age > 2 * config.refreshAfter
    }

    /// When to be woken for the automatic refresh: the instant it falls due, while that is still
    /// ahead. One due already, or past, waits for the minute's tick (a wake at a past instant
    /// would come at once, and again after each tick, while the refresh cannot start).
    var refreshWake: Date? {
        refreshPlan.next.flatMap { $0 > now ? $0 : nil }
    }

    /// At a tick: a refresh fallen due reads the shared files first (`AutoRefresh.tick`), then
    /// `ledgerRead` decides.
    mutating func refreshIfDue() -> [Effect] {
        autoRefresh.tick(next: refreshPlan.next, now: now, fetching: isFetching) ? [.readLedger] : []
    }

    /// `r`: the shared files are read first (the places another copy added are asked for too,
    /// and the reading brings the clock's time), then the gate decides: in a hold nothing is
    /// asked, and it says until when.
    mutating func refreshAsked() -> [Effect] {
        switch autoRefresh.asked(fetching: isFetching, blocked: FeedPolicy.fetchBlocked(config: config) != nil) {
        case .underWay:
            notice = language.text("notice.refreshing")
            return []
        case .tryNow:
            return startFetch(userAsked: true)
        case .readSharedFiles:
            return [.readLedger]
        }
    }

    /// The ledger's counts (and the pins as saved) arrived: an automatic refresh goes if the plan,
    /// with them, still says so; an asked one goes through the gate.
    mutating func ledgerRead(_ calls: [WeatherProvider: Double]) -> [Effect] {
        limits.spent(calls)
        switch autoRefresh.sharedFilesRead(next: refreshPlan.next, now: now, quitting: isQuitting) {
        case .asked?:
            noteBudget()
            return startFetch(userAsked: true)
        case .automatic?:
            return startFetch(userAsked: false)
        case nil:
            return []
        }
    }

    /// `r` always refreshes; past the day's budget it says so.
    mutating func noteBudget() {
        let gate = weatherGate
        guard let budget = gate.dailyBudget, gate.spentToday + refreshCalls(at: now) > budget else { return }
        notice = language.text("notice.pastBudget", ("budget", String(Int(budget))), ("spent", String(Int(gate.spentToday.rounded()))))
    }

    /// A refresh ended: a failed one reaches the source's gate, where a limit holds it (the
    /// failures are counted by `autoRefresh`'s own reducer, AutoRefresh+Reduce.swift).
    mutating func noteRefreshEnded(_ error: FeedError?) {
        guard let error, error != .network(.cancelled) else { return }
        limits.heard(error, from: config.provider, at: now)
    }
}
