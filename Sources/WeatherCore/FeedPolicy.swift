import Foundation
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
        let savedLanguage = saved.map(\.language).flatMap { $0.isEmpty ? nil : $0 }
        return FeedRequest(count: config.count ?? savedCount ?? FeedRequest.standard.count,
                           language: config.language ?? savedLanguage ?? FeedRequest.standard.language)
    }

    /// The units of this run: the flag, else the remembered ones, else metric.
    public static func units(config: AppConfig, saved: AppSettings?) -> TemperatureUnit {
        config.units ?? saved?.units ?? .metric
    }

    /// Whether a saved feed should be replaced: older than `refreshAfter`, or asked for differently.
    public static func isStale(_ feed: some FetchedFeed, request: FeedRequest, refreshAfter: TimeInterval, now: Date) -> Bool {
        now.timeIntervalSince(feed.fetchedAt) > refreshAfter || feed.request != request
    }

    /// Why this run may not fetch at all (`--offline`, or a source that needs a key it lacks); nil when it may.
    public static func fetchBlocked(config: AppConfig) -> FeedError? {
        if config.offline { return .offlineMode }
        if !config.demo && config.provider.needsKey && !config.hasAPIKey { return .noAPIKey }
        return nil
    }
}
