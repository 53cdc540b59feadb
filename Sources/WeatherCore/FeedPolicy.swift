#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource

/// What to fetch and when, decided once for the browser and `--once`: the request from the
/// command line over the remembered settings, the units, whether a saved feed is stale, and why
/// no fetch may run.
public enum FeedPolicy {
    /// The request of this run: flags first, then the remembered settings when they are valid
    /// (a hand-edited count the sources do not serve, or an empty language, falls back), else the defaults.
    public static func request(config: AppConfig, saved: AppSettings?) -> FeedRequest {
        let savedCount = saved.map(\.count).flatMap { FeedRequest.servedCounts.contains($0) ? $0 : nil }
        return FeedRequest(count: config.count ?? savedCount ?? FeedRequest.standard.count,
                           language: chosenLanguage(config: config, saved: saved) ?? FeedRequest.standard.language)
    }

    /// The language tag of this run, when something names one: the flag, else the remembered
    /// choice, else the environment's locale (`de_DE.UTF-8` as `de-de`). Nil: nothing does, or the
    /// locale is `C`, `POSIX` or `en` (English, the standard request's).
    public static func chosenLanguage(config: AppConfig, saved: AppSettings?) -> String? {
        if let flag = config.language { return flag }
        if let remembered = saved?.chosenLanguage { return remembered }
        switch Language.read(config.environmentLocale ?? "") {
        case .unset: return nil
        case .known(let language): return language == .english ? nil : language.sourceTag
        case .unknown(let tag): return tag
        }
    }

    /// The clock of this run: the flag, else the remembered one, else the convention of the
    /// environment's locale (`en_US`: 12-hour), else 24-hour. A language tag alone (`--language
    /// en-us`, what earlier releases asked the sources in) names no clock.
    public static func clock(config: AppConfig, saved: AppSettings?) -> ClockStyle {
        if let clock = config.clock ?? saved?.clock { return clock }
        guard case .known(let language) = Language.read(config.environmentLocale ?? "") else { return .twentyFourHour }
        return language.usesTwelveHourClock ? .twelveHour : .twentyFourHour
    }

    /// The units of this run: the flag, else the remembered ones, else metric.
    public static func units(config: AppConfig, saved: AppSettings?) -> TemperatureUnit {
        config.units ?? saved?.units ?? .metric
    }

    /// How far ahead of this clock a saved time may be and still count as just saved: clocks are
    /// set back by seconds now and then (NTP). Further ahead, it was saved before the clock was set
    /// back a long way (or the file is damaged), and how old it is cannot be known.
    public static let clockSlack: TimeInterval = 60

    /// How old something saved at `date` is at `now`, in seconds; nil when that cannot be known:
    /// `date` is ahead of the clock by more than `clockSlack`, or is no time at all (NaN). What
    /// has no known age is never fresh, so it is fetched again rather than trusted for ever.
    public static func age(of date: Date, now: Date) -> TimeInterval? {
        let age = now.timeIntervalSince(date)
        return age >= -clockSlack ? max(0, age) : nil  // NaN fails the comparison
    }

    /// Whether a saved feed should be replaced: older than `refreshAfter` or of no known age,
    /// asked for differently, or without one of the cities `wanted` (an own city added since, a
    /// `--city` place).
    public static func isStale(_ feed: some FetchedFeed, request: FeedRequest, refreshAfter: TimeInterval, now: Date,
                               wanted: [String] = []) -> Bool {
        guard let age = age(of: feed.fetchedAt, now: now), age <= refreshAfter, feed.request == request else { return true }
        guard !wanted.isEmpty else { return false }
        let held = Set(feed.cityKeys)
        return wanted.contains { !held.contains($0) }
    }

    /// What one refresh of this run costs in requests: the feed's and the own cities' (none in the demo).

    /// The own cities among `pinned` a refresh of this run includes: those its source can fetch
    /// (all of them in the demo, which makes their weather up).
    public static func ownCities(config: AppConfig, pinned: [PinnedCity]) -> [PinnedCity] {
        config.demo ? pinned.filter(\.isOwn) : config.provider.ownCities(pinned)
    }

    /// The own cities among `pinned` that a list of the `listed` keys lacks because this run's
    /// source cannot fetch them (a place Open-Meteo's search found, under AccuWeather, which
    /// needs its own location key). A top city made one's own is listed whenever the top
    /// cities hold it; the demo fetches every place.
    public static func unlistedOwnCities(config: AppConfig, pinned: [PinnedCity], listed: Set<String>) -> [PinnedCity] {
        guard !config.demo else { return [] }
        return pinned.filter { city in
            !listed.contains(city.key) && (city.place.map { !config.provider.canFetch($0) } ?? false)
        }
    }

    /// What the user reads about `unlisted` (non-empty) own cities: which, why, and what to do
    /// (`a`, add a city, in the browser: `inBrowser` says whether the user is there; `keys` names
    /// it), in `language`.
    public static func describe(unlisted: [PinnedCity], provider: WeatherProvider, inBrowser: Bool, keys: KeyNames = .standard,
                                in language: Language = .english) -> String {
        let names = unlisted.map { $0.place?.label ?? $0.name }.joined(separator: "; ")
        return language.text("own.unlisted", ("names", names), ("source", provider.displayName)) + "; "
            + language.counted(inBrowser ? "own.pressA" : "own.findInBrowser", unlisted.count, ("key", keys.name(of: .addCity(.start))))
    }

    /// How much older than its feed a city's observation may be before the detail dates it.
    public static let observationDatedAfter: TimeInterval = 2 * 3600

    /// When `city` was observed, if that is well before `feed` was fetched: an own city whose
    /// call failed keeps an earlier refresh's weather, a station may stop reporting. Nil otherwise.
    public static func outdatedObservation(of city: CityWeather, in feed: WeatherFeed) -> Date? {
        guard let epoch = city.epochTime else { return nil }
        let observed = Date(timeIntervalSince1970: TimeInterval(epoch))
        return feed.fetchedAt.timeIntervalSince(observed) > observationDatedAfter ? observed : nil
    }

    /// Why this run may not fetch at all (`--offline`, or a source that needs a key it lacks); nil when it may.
    public static func fetchBlocked(config: AppConfig) -> FeedError? {
        if config.offline { return .offlineMode }
        if !config.demo && config.provider.needsKey && !config.hasAPIKey { return .noAPIKey }
        return nil
    }
}
