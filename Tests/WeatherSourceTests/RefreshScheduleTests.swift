import Foundation
import Testing
import WeatherModels
import WeatherSource

@Suite("RefreshSchedule: when the next automatic refresh goes")
struct RefreshScheduleTests {
    /// 2026-11-27 00:00 UTC.
    static let midnight = Date(timeIntervalSince1970: 1_795_737_600)
    static let minute: TimeInterval = 60

    static func input(
        at offset: TimeInterval, last: TimeInterval?, budget: Double? = 5_000, spent: Double = 0, cost: Double = 150,
        failures: Int = 0, lastFailure: TimeInterval? = nil, hold: TimeInterval? = nil, offline: Bool = false
    ) -> RefreshSchedule.Input {
        let now = midnight.addingTimeInterval(offset)
        return RefreshSchedule.Input(
            now: now, lastRefresh: last.map { midnight.addingTimeInterval($0) }, refreshAfter: 30 * minute,
            dailyBudget: budget, spentToday: spent, costPerRefresh: cost, dayEnd: CallDay(containing: now).end,
            failures: failures, lastFailure: lastFailure.map { midnight.addingTimeInterval($0) },
            holdUntil: hold.map { midnight.addingTimeInterval($0) }, offline: offline
        )
    }

    @Test func noDataIsFetchedAtOnce() {
        let plan = RefreshSchedule.plan(Self.input(at: 600, last: nil))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(600), reason: .due))
    }

    @Test func fiftyPlacesRefreshEveryThirtyMinutes() {
        let plan = RefreshSchedule.plan(Self.input(at: 600, last: 0, cost: 50))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(30 * Self.minute), reason: .due))
    }

    @Test func oneHundredFiftyPlacesAreStretchedToFitTheDay() throws {
        // 5,000 ÷ 150 = 33 refreshes left for the day: 86,400 s ÷ 33 apart.
        let plan = RefreshSchedule.plan(Self.input(at: 60, last: 0))
        #expect(plan.reason == .stretched)
        let next = try #require(plan.next)
        #expect(abs(next.timeIntervalSince(Self.midnight) - 86_400.0 / 33) < 0.001)
    }

    @Test func aSpentBudgetWaitsForTheSourcesNextDay() {
        let plan = RefreshSchedule.plan(Self.input(at: 3_600, last: 0, spent: 4_900))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(86_400), reason: .budgetSpent))
    }

    @Test func aStretchedWaitEndsWithTheDay() {
        // One refresh's worth left at 20:00: it is spread over the four hours left.
        let plan = RefreshSchedule.plan(Self.input(at: 20 * 3_600, last: 20 * 3_600, spent: 4_800))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(86_400), reason: .stretched))
    }

    @Test func aSpentBudgetWaitsForTheNextDayButNotBeforeRefreshAfter() {
        // Data fetched at 23:50 is kept for `--refresh-after`, new day or not.
        let plan = RefreshSchedule.plan(Self.input(at: 86_400 - 600, last: 86_400 - 600, spent: 4_900))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(86_400 - 600 + 30 * Self.minute), reason: .budgetSpent))
    }

    @Test func failuresWaitLongerEachTimeAndNeverLoop() {
        #expect(RefreshSchedule.retryDelay(failures: 1) == 60)
        #expect(RefreshSchedule.retryDelay(failures: 2) == 120)
        #expect(RefreshSchedule.retryDelay(failures: 3) == 240)
        #expect(RefreshSchedule.retryDelay(failures: 100) == RefreshSchedule.longestRetryDelay)
        // Data 40 minutes old is due, but the third failure a minute ago waits four minutes.
        let plan = RefreshSchedule.plan(Self.input(at: 2_400, last: 0, cost: 50, failures: 3, lastFailure: 2_340))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(2_340 + 240), reason: .retrying(failures: 3)))
    }

    @Test func aLimitHoldsEveryRequestUntilItEnds() {
        let plan = RefreshSchedule.plan(Self.input(at: 2_400, last: 0, cost: 50, hold: 2_520))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(2_520), reason: .limited))
        // A hold already past changes nothing.
        #expect(RefreshSchedule.plan(Self.input(at: 2_400, last: 0, cost: 50, hold: 60)).reason == .due)
    }

    @Test func offlineHasNoAutomaticRefresh() {
        #expect(RefreshSchedule.plan(Self.input(at: 2_400, last: 0, offline: true)) == .init(next: nil, reason: .offline))
    }

    @Test func aClockSetBackCountsTheAgeFromNow() {
        // The feed says it was fetched at 05:00, the clock now says 04:00.
        let plan = RefreshSchedule.plan(Self.input(at: 4 * 3_600, last: 5 * 3_600, cost: 50))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(4 * 3_600 + 30 * Self.minute), reason: .due))
    }

    @Test func withoutABudgetOnlyRefreshAfterSpaces() {
        let plan = RefreshSchedule.plan(Self.input(at: 60, last: 0, budget: nil, spent: 1e9, cost: 300))
        #expect(plan == .init(next: Self.midnight.addingTimeInterval(30 * Self.minute), reason: .due))
    }

    // MARK: - The simulated day (issue #33's goal)

    /// What a day of the browser open plus `--once` every minute from a status bar spends, both
    /// sharing the saved feed's time and the ledger, each asking the schedule when it may fetch.
    struct Day {
        var total = 0.0
        var busiestMinute = 0.0
        var longestGap: TimeInterval = 0
        var refreshes = 0
        /// Refreshes that brought the air too, and the shortest time between two of them.
        var airRefreshes = 0
        var shortestAirGap: TimeInterval = .infinity
    }

    /// `airCallsPerPlace`: the air goes with the first refresh that finds it an hour old, as the
    /// browser's reducer sends it (State+AirQuality.swift), and the schedule counts it.
    static func simulateDay(places: Int, callsPerPlace: Double, airCallsPerPlace: Double = 0, budget: Double = 5_000) -> Day {
        let cost = Double(places) * callsPerPlace, airCost = Double(places) * airCallsPerPlace
        var day = Day()
        var perMinute: [Int: Double] = [:]
        var last: Date?
        var lastAir: Date?
        var refreshesWithoutAir = 1  // as State counts them: the air goes with one refresh in two at most
        var browserWake = midnight
        // Ten-second steps: `--once` runs on each whole minute, the browser wakes when its plan says.
        for step in 0..<(86_400 / 10) {
            let now = midnight.addingTimeInterval(TimeInterval(step * 10))
            let onceRuns = step % 6 == 0
            guard onceRuns || now >= browserWake else { continue }
            let input = RefreshSchedule.Input(
                now: now, lastRefresh: last, refreshAfter: 30 * minute, dailyBudget: budget, spentToday: day.total,
                costPerRefresh: cost, dayEnd: CallDay(containing: now).end, airCost: airCost
            )
            let plan = RefreshSchedule.plan(input)
            if let next = plan.next, next <= now {
                if let last { day.longestGap = max(day.longestGap, now.timeIntervalSince(last)) }
                last = now
                day.total += cost
                day.refreshes += 1
                perMinute[step / 6, default: 0] += cost
                let airDue = lastAir.map {
                    now.timeIntervalSince($0) >= RefreshSchedule.airInterval && refreshesWithoutAir >= RefreshSchedule.refreshesPerAirAtLeast - 1
                } ?? true
                if airCost > 0, !airDue { refreshesWithoutAir += 1 }
                if airCost > 0, airDue {
                    if let lastAir { day.shortestAirGap = min(day.shortestAirGap, now.timeIntervalSince(lastAir)) }
                    lastAir = now
                    refreshesWithoutAir = 0
                    day.total += airCost
                    day.airRefreshes += 1
                    perMinute[step / 6, default: 0] += airCost
                }
            }
            let after = RefreshSchedule.plan(RefreshSchedule.Input(
                now: now, lastRefresh: last, refreshAfter: 30 * minute, dailyBudget: budget, spentToday: day.total,
                costPerRefresh: cost, dayEnd: CallDay(containing: now).end, airCost: airCost
            ))
            browserWake = after.next ?? .distantFuture
        }
        day.busiestMinute = perMinute.values.max() ?? 0
        return day
    }

    @Test func aDayAtOneHundredFiftyPlacesStaysWithinFiveThousandCallsAndAnHourApart() {
        let day = Self.simulateDay(places: 150, callsPerPlace: 1)
        #expect(day.total <= 5_000)
        #expect(day.busiestMinute <= 600)
        #expect(day.longestGap <= 60 * Self.minute)
        // The figures of docs/performance.md: every 45 minutes, 32 refreshes, 4,800 calls.
        #expect(day.refreshes == 32 && day.total == 4_800 && day.longestGap == 45 * Self.minute)
    }

    // MARK: - Weather and air together (issue #34's goal)

    @Test func theAirsShareOfARefreshIsOneRequestInAsManyAsSpanAnHourAndTwoAtLeast() {
        let input = Self.input(at: 0, last: nil, budget: 5_000, spent: 0, cost: 150)
        var withAir = input
        withAir.airCost = 150
        #expect(RefreshSchedule.averageCost(input, spacing: 30 * Self.minute) == 150, "no air, no share")
        #expect(RefreshSchedule.averageCost(withAir, spacing: 30 * Self.minute) == 225, "every other refresh")
        #expect(RefreshSchedule.averageCost(withAir, spacing: 20 * Self.minute) == 200, "every third")
        #expect(RefreshSchedule.averageCost(withAir, spacing: 60 * Self.minute) == 225, "an hour apart: still every other refresh")
        #expect(RefreshSchedule.averageCost(withAir, spacing: 90 * Self.minute) == 225, "less often than the weather")
    }

    @Test func aDayAtOneHundredFiftyPlacesWeatherAndAirTogetherStaysWithinFiveThousandCalls() {
        let day = Self.simulateDay(places: 150, callsPerPlace: 1, airCallsPerPlace: 1)
        #expect(day.total <= 5_000)
        #expect(day.busiestMinute <= 600)
        #expect(day.shortestAirGap >= RefreshSchedule.airInterval, "the air at most hourly")
        #expect(day.airRefreshes * 2 <= day.refreshes + 1, "the air less often than the weather")
        // The figures of docs/spec.md: 21 refreshes (every 69 minutes on average, the longest gap
        // 89), 11 of them with the air: 4,800 calls.
        #expect(day.refreshes == 21 && day.airRefreshes == 11 && day.total == 4_800 && day.longestGap < 90 * Self.minute)
    }

    @Test func aDayAtFiftyPlacesKeepsThirtyMinutesWithTheAirHourly() {
        let day = Self.simulateDay(places: 50, callsPerPlace: 1, airCallsPerPlace: 1)
        #expect(day.refreshes == 48 && day.longestGap == 30 * Self.minute)
        #expect(day.airRefreshes == 24 && day.shortestAirGap == 60 * Self.minute)
        #expect(day.total == 3_600)
    }

    @Test func withoutTheAirTheScheduleIsAsBefore() {
        #expect(Self.simulateDay(places: 150, callsPerPlace: 1, airCallsPerPlace: 0).refreshes == 32)
    }

    @Test func aDayAtFiftyPlacesRefreshesEveryThirtyMinutes() {
        let day = Self.simulateDay(places: 50, callsPerPlace: 1.3)
        #expect(day.refreshes == 48)
        #expect(day.longestGap == 30 * Self.minute)
        #expect(abs(day.total - 3_120) < 1e-6)
    }

    @Test func aDayAtTheListsThirteenVariablesStaysAnHourApart() {
        // 13 current variables weigh 1.3 calls a place: 195 a refresh of 150 places.
        let day = Self.simulateDay(places: 150, callsPerPlace: 1.3)
        #expect(day.total <= 5_000)
        #expect(day.busiestMinute <= 600)
        #expect(day.longestGap <= 60 * Self.minute)
        #expect(day.refreshes == 24 && abs(day.total - 4_680) < 1e-6)
    }

    @Test func aDayAtTwoCallsAPlaceWouldStretchPastAnHour() {
        // The list's request before #33 (20 variables) weighs 2 calls a place: the budget then
        // holds only 15 refreshes of 150 places, 96 minutes apart.
        let day = Self.simulateDay(places: 150, callsPerPlace: 2)
        #expect(day.total <= 5_000)
        #expect(day.longestGap > 60 * Self.minute)
        #expect(day.refreshes == 15 && day.total == 4_500 && day.longestGap == 96 * Self.minute)
    }
}
