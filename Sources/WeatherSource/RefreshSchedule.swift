#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When the next automatic refresh may go, and why then (docs/spec.md §4 "Refreshing by itself"):
/// a pure function of what the browser and `--once` both know, so every run of the program on
/// the machine spaces its refreshes alike and a whole day fits the budget.
public enum RefreshSchedule {
    /// Everything the decision depends on; times are instants, durations seconds.
    public struct Input: Equatable, Sendable {
        public var now: Date
        /// When the shown data was fetched; nil when there is none.
        public var lastRefresh: Date?
        /// `--refresh-after`: data younger than this is not fetched again.
        public var refreshAfter: TimeInterval
        /// Calls a day the automatic refreshes may spend (`--daily-calls`); nil: no budget.
        public var dailyBudget: Double?
        /// Calls the ledger says were sent to the source today, by every run of the program.
        public var spentToday: Double
        /// What one refresh costs (`CallCost`).
        public var costPerRefresh: Double
        /// When the ledger's day ends (the source's day: see `LedgerDay`).
        public var dayEnd: Date
        /// Automatic refreshes failed in a row since the last good one.
        public var failures: Int
        /// When the last failed refresh was tried.
        public var lastFailure: Date?
        /// The earliest instant the source said it may be asked again (a 429).
        public var holdUntil: Date?
        /// `--offline`: nothing is ever fetched by itself.
        public var offline: Bool
        /// What the air's request costs against this budget (`CallCost`): it goes with a refresh
        /// that finds the kept air `airInterval` old, so with one refresh in several when they
        /// are close together.
        public var airCost: Double

        public init(
            now: Date, lastRefresh: Date?, refreshAfter: TimeInterval, dailyBudget: Double?, spentToday: Double,
            costPerRefresh: Double, dayEnd: Date, failures: Int = 0, lastFailure: Date? = nil, holdUntil: Date? = nil,
            offline: Bool = false, airCost: Double = 0
        ) {
            self.now = now
            self.lastRefresh = lastRefresh
            self.refreshAfter = refreshAfter
            self.dailyBudget = dailyBudget
            self.spentToday = spentToday
            self.costPerRefresh = costPerRefresh
            self.dayEnd = dayEnd
            self.failures = failures
            self.lastFailure = lastFailure
            self.holdUntil = holdUntil
            self.offline = offline
            self.airCost = airCost
        }
    }

    /// Why the next refresh is when it is; the header words it (`next 14:30`, `limit until 14:32`).
    public enum Reason: Equatable, Sendable {
        /// The data reaches `--refresh-after`'s age then.
        case due
        /// Later than `--refresh-after` so the rest of the day fits the budget.
        case stretched
        /// Automatic refreshes failed this many times in a row: the delay grows with each.
        case retrying(failures: Int)
        /// The source said no request before then (a 429).
        case limited
        /// Today's budget is spent: the next refresh waits for the source's next day.
        case budgetSpent
        /// `--offline`: no automatic refresh.
        case offline
    }

    public struct Plan: Equatable, Sendable {
        /// The instant of the next automatic refresh; nil when there is none.
        public var next: Date?
        public var reason: Reason

        public init(next: Date?, reason: Reason) {
            self.next = next
            self.reason = reason
        }
    }

    /// The first retry's delay after a failed automatic refresh; each further failure doubles it.
    public static let firstRetryDelay: TimeInterval = 60
    /// The longest delay between retries.
    public static let longestRetryDelay: TimeInterval = 30 * 60
    /// Air changes slowly: the kept air is fetched again once it is this old, with a refresh.
    public static let airInterval: TimeInterval = 3600
    /// And less often than the weather: with one refresh in this many at most.
    public static let refreshesPerAirAtLeast = 2

    /// The next automatic refresh for `input`. Never before `holdUntil`, never more often than
    /// `refreshAfter`, and spaced so the calls left of today's budget last until the day ends.
    public static func plan(_ input: Input) -> Plan {
        if input.offline { return Plan(next: nil, reason: .offline) }
        var plan = spaced(input)
        if input.failures > 0, plan.reason != .budgetSpent {
            // A failed refresh is tried again after its delay, even over data not yet due (a
            // failed `r`: the user asked for newer data), and never sooner.
            let retry = (input.lastFailure ?? input.now).addingTimeInterval(retryDelay(failures: input.failures))
            plan = Plan(next: retry, reason: .retrying(failures: input.failures))
        }
        if let hold = input.holdUntil, hold > (plan.next ?? .distantPast) {
            plan = Plan(next: hold, reason: .limited)
        }
        return plan
    }

    /// The delay before retrying after `failures` failed refreshes in a row: 1, 2, 4 … minutes,
    /// at most `longestRetryDelay`.
    public static func retryDelay(failures: Int) -> TimeInterval {
        guard failures > 0 else { return 0 }
        let doublings = min(failures - 1, 16)
        return min(firstRetryDelay * Double(1 << doublings), longestRetryDelay)
    }

    /// The shortest spacing that lets the calls left today last until the day ends: the rest of
    /// the day shared among the refreshes the budget still pays for.
    public static func spacing(refreshAfter: TimeInterval, budgetLeft: Double?, costPerRefresh: Double, from start: Date, dayEnd: Date) -> TimeInterval {
        guard let budgetLeft, costPerRefresh > 0 else { return refreshAfter }
        let refreshesLeft = (budgetLeft / costPerRefresh).rounded(.down)
        guard refreshesLeft >= 1 else { return .infinity }
        return max(refreshAfter, dayEnd.timeIntervalSince(start) / refreshesLeft)
    }

    /// What a refresh costs on average when refreshes are `spacing` apart: the weather's each time,
    /// the air's with one refresh in as many as it takes to span `airInterval`, two at least.
    public static func averageCost(_ input: Input, spacing: TimeInterval) -> Double {
        guard input.airCost > 0 else { return input.costPerRefresh }
        let refreshesPerAir = max(Double(refreshesPerAirAtLeast), (airInterval / spacing).rounded(.up))
        return input.costPerRefresh + input.airCost / refreshesPerAir
    }

    /// The spacing from `last` that pays for the weather and the air until the day ends. The air's
    /// share grows as refreshes spread out (it goes with more of them), so the spacing is widened
    /// until it pays for that share too: each pass only widens it, and the share takes few values.
    static func spacing(_ input: Input, budgetLeft: Double?, from last: Date) -> TimeInterval {
        func paying(_ cost: Double) -> TimeInterval {
            spacing(refreshAfter: input.refreshAfter, budgetLeft: budgetLeft, costPerRefresh: cost, from: last, dayEnd: input.dayEnd)
        }
        var interval = paying(input.costPerRefresh)
        for _ in 0..<8 {
            let wider = paying(averageCost(input, spacing: interval))
            guard wider > interval else { break }
            interval = wider
        }
        return interval
    }

    private static func spaced(_ input: Input) -> Plan {
        let budgetLeft = input.dailyBudget.map { $0 - input.spentToday }
        // A clock set back makes the last refresh look later than now: count its age from now.
        let last = input.lastRefresh.map { min($0, input.now) }
        if let budgetLeft, budgetLeft < input.costPerRefresh {
            // The new day brings a new budget, though data younger than `--refresh-after` waits.
            let fresh = last.map { $0.addingTimeInterval(input.refreshAfter) } ?? input.dayEnd
            return Plan(next: max(input.dayEnd, fresh), reason: .budgetSpent)
        }
        guard let last else { return Plan(next: input.now, reason: .due) }
        let interval = spacing(input, budgetLeft: budgetLeft, from: last)
        guard interval > input.refreshAfter else { return Plan(next: last.addingTimeInterval(interval), reason: .due) }
        // The new day brings a new budget: a stretched wait ends with the day, though never
        // sooner than `--refresh-after`.
        let next = max(min(last.addingTimeInterval(interval), input.dayEnd), last.addingTimeInterval(input.refreshAfter))
        return Plan(next: next, reason: .stretched)
    }
}
