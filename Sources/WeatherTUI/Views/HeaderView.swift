#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels
import WeatherSource
import TerminalKit
import EssentialsSupport

/// The top line: program, feed size, source, when the data was fetched and how long ago, API
/// calls left. A source whose terms ask for attribution is named by it, ahead of the time.
public enum HeaderView {
    /// What the header says.
    public struct Content: Sendable {
        /// Cities the feed asked for.
        public var cityCount: Int
        /// The user's own cities listed beside them (the status line counts both).
        public var ownCityCount: Int = 0
        /// The source as the header names it (its attribution where its terms ask for one); nil for the demo.
        public var source: String?
        public var fetchedAt: Date?
        public var now: Date
        /// The user's zone, which the fetch time is shown in.
        public var timeZone: ZoneInfo
        public var isFetching: Bool
        /// Calls a refresh costs by the source's own counting (`State.refreshCalls`).
        public var refreshCalls: Double
        /// Calls the kept places' nowcasts cost each time they are asked for (at most every 30 minutes).
        public var nowcastCalls: Double = 0
        public var rateLimitRemaining: Int?
        /// When the next automatic refresh goes and why then (nil: none will).
        public var nextRefresh: RefreshSchedule.Plan?
        /// The data is older than twice `--refresh-after`.
        public var isStale: Bool = false
        /// The source's name alone, for narrow terminals (`Open-Meteo.com`); nil for the demo.
        public var shortSource: String?
        /// The language it speaks and the clock it writes times with.
        public var language: Language = .english
        public var clock: ClockStyle = .twentyFourHour
        /// Listed places with an official alert in force.
        public var placesWithAlerts: Int = 0
        /// Calls a round of official alerts costs: one for each listed place a source covers, at
        /// most once in ten minutes.
        public var alertCalls: Int = 0
    }

    /// The header for a line `width` columns wide: the program's name, then the data's age, give
    /// way when the whole does not fit (an 80-column terminal), so the time and what is under way stay.
    public static func text(_ header: Content, width: Int = .max) -> String {
        let words = header.language
        let count = header.ownCityCount > 0
            ? words.text("header.topOwn", ("n", String(header.cityCount)), ("own", String(header.ownCityCount)))
            : words.text("header.top", ("n", String(header.cityCount)))
        var parts = [count]
        if let source = header.source { parts.append(source) }
        var withAge = parts, withoutAge = parts
        if let fetched = header.fetchedAt {
            let clock = words.text("header.updated", ("time", WeatherFormat.when(fetched, now: header.now, timeZone: header.timeZone, style: header.clock)))
            withAge.append("\(clock) (\(WeatherFormat.age(of: fetched, now: header.now, in: words)))")
            withoutAge.append(clock)
        } else {
            withAge.append(words.text("header.noData"))
            withoutAge.append(words.text("header.noData"))
        }
        // Before the API count so it survives truncation on narrow terminals.
        // The narrowest form (`brief`) keeps the time of the next refresh, not why it is then.
        var essential: [String] = [], brief: [String] = []
        if header.isStale {
            essential.append(words.text("header.stale"))
            brief.append(words.text("header.stale"))
        }
        if header.isFetching {
            essential.append(words.text("header.refreshing"))
            brief.append(words.text("header.refreshing"))
        } else if let plan = header.nextRefresh {
            if let next = nextRefresh(plan, now: header.now, timeZone: header.timeZone, style: header.clock, in: words) { essential.append(next) }
            if let next = nextRefresh(plan, now: header.now, timeZone: header.timeZone, sayingWhy: false, style: header.clock, in: words) {
                brief.append(next)
            }
        }
        var tail = essential
        if let cost = refreshCost(header.refreshCalls, in: words) { tail.append(cost) }
        // The rain's cost gives way first: the weather's cost and calls left are the source's.
        var tailWithoutRain = tail
        if let cost = nowcastCost(header.nowcastCalls, in: words) { tail.append(cost) }
        if let left = header.rateLimitRemaining {
            tail.append(words.text("header.callsLeft", ("n", String(left))))
            tailWithoutRain.append(words.text("header.callsLeft", ("n", String(left))))
        }
        // What gives way when the line is too narrow: the program's name, the data's age in
        // words, the cost and calls left, why the next refresh is when it is; the time of the
        // data and of the next refresh stay.
        // Narrower still: the count and the source in fewer words, then the time and the next refresh alone.
        let listed = words.counted("count.cities", header.cityCount + header.ownCityCount)
        let narrow = [listed] + (header.shortSource.map { [$0] } ?? []) + Array(withoutAge.dropFirst(parts.count))
        // With own cities, the count in short (`51 cities`) before the cost and calls left go.
        let counted = header.ownCityCount > 0 ? [[listed] + withoutAge.dropFirst() + tail] : []

        // Official alerts, where they fit: the count and what a round of them costs, then the
        // count alone; they give way before the weather's own cost and calls left.
        var alerts: [[String]] = []
        if header.placesWithAlerts > 0 || header.alertCalls > 0 {
            let count = header.placesWithAlerts > 0 ? [words.counted("header.withAlerts", header.placesWithAlerts)] : []
            let cost = header.alertCalls > 0 ? [words.counted("header.alertsCost", header.alertCalls)] : []
            alerts = [withAge + tail + count + cost, withoutAge + tail + count + cost]
            if header.placesWithAlerts > 0 { alerts.append(withoutAge + tail + ["⚠ \(header.placesWithAlerts)"]) }
        }
        // Where the cost gives way, the count in short still comes before why the next refresh is when it is.
        let short = header.placesWithAlerts > 0 ? ["⚠ \(header.placesWithAlerts)"] : []
        // Where the rain's cost gives way, the alerts' count in short still shows.
        let withoutRain = tailWithoutRain == tail ? [] : [withoutAge + tailWithoutRain + short]
            + (header.ownCityCount > 0 ? [[listed] + withoutAge.dropFirst() + tailWithoutRain + short] : [])
        let shortAlerts = short.isEmpty ? [] : [withoutAge + essential + short, withoutAge + brief + short]
        let candidates = alerts + [["weather-tui"] + withAge + tail, withAge + tail, withoutAge + tail] + counted + withoutRain + shortAlerts
            + [withoutAge + essential, withoutAge + brief, narrow + brief, Array(withoutAge.dropFirst(parts.count)) + brief]
        let lines = candidates.map { " " + $0.joined(separator: " · ") }
        return lines.first { DisplayWidth.width(of: $0) <= width } ?? lines[lines.count - 1]
    }

    /// The next automatic refresh in words: `next 14:30`, `next 15:10 (budget)`, `retry 14:32`,
    /// `limit until 14:32`, `budget spent until 00:00`; nil when none will go.
    /// Without `sayingWhy`, a stretched refresh is `next 15:10` alone.
    static func nextRefresh(_ plan: RefreshSchedule.Plan, now: Date, timeZone: ZoneInfo, sayingWhy: Bool = true,
                            style: ClockStyle = .twentyFourHour, in words: Language = .english) -> String? {
        guard let next = plan.next else { return nil }
        let at = next.timeIntervalSince(now) < 86_400 ? WeatherFormat.clock(max(next, now), timeZone: timeZone, style: style)
            : WeatherFormat.dateTime(next, timeZone: timeZone, style: style)
        let time = ("time", at)
        switch plan.reason {
        case .due: return words.text("header.next", time)
        case .stretched: return words.text(sayingWhy ? "header.nextBudget" : "header.next", time)
        case .retrying: return words.text("header.retry", time)
        case .limited: return words.text("header.limit", time)
        case .budgetSpent: return words.text("header.budgetSpent", time)
        case .offline: return nil
        }
    }

    /// `refresh: 4 calls`, `refresh: 195 calls` where a refresh costs more than one call
    /// (AccuWeather with own cities, Open-Meteo by its places: docs/spec.md §4); nil where it costs one.
    static func refreshCost(_ calls: Double, in words: Language = .english) -> String? {
        guard calls > 1 else { return nil }
        let whole = calls.rounded()
        return words.text("header.refreshCost", ("n", abs(calls - whole) < 0.05 ? String(Int(whole)) : words.decimal(calls.fixed(1))))
    }

    /// `rain: 5 calls/30 min`: what the kept places' nowcasts cost at most every half hour; nil for none.
    /// Whole calls (a nowcast costs one a place by Open-Meteo's rule; a part is counted as one), in
    /// the language's plural: `rain: 1 call/30 min`.
    static func nowcastCost(_ calls: Double, in words: Language = .english) -> String? {
        guard calls > 0, calls.isFinite else { return nil }
        return words.counted("header.nowcastCost", Int(min(calls, 1e9).rounded(.up)))
    }

    public static func draw(_ header: Content, into buffer: inout ScreenBuffer, rect: Rect) {
        buffer.draw(text(header, width: rect.width), x: rect.x, y: rect.y, columns: rect.width, style: .header)
    }
}

extension HeaderView.Content {
    /// What of `state` the header shows.
    public init(_ state: State) {
        cityCount = state.feed?.request.count ?? state.request.count
        // The own cities the feed brought beside the top ones that are still the user's, as the list shows them.
        if let feed = state.feed, let places = feed.placeKeys, !places.isEmpty {
            let own = Set(places).intersection(state.pinned.lazy.filter(\.isOwn).map(\.key))
            ownCityCount = feed.cities.reduce(0) { $0 + (own.contains($1.key) ? 1 : 0) }
        }
        source = state.config.demo ? nil : state.config.provider.attribution ?? state.config.provider.displayName
        shortSource = state.config.demo ? nil : state.config.provider.shortName
        fetchedAt = state.feed?.fetchedAt
        now = state.now
        timeZone = state.config.timeZone
        isFetching = state.isFetching
        // No refresh goes under --offline or without a key: none has a cost to name.
        refreshCalls = FeedPolicy.fetchBlocked(config: state.config) == nil ? state.refreshCalls : 0
        nowcastCalls = state.nowcastRefreshCalls
        rateLimitRemaining = state.rateLimitRemaining
        nextRefresh = state.refreshPlan
        isStale = state.isStale
        language = state.language
        clock = state.clock
        placesWithAlerts = state.alertsState.highest.count
        alertCalls = state.alertCallsPerRound
    }
}
