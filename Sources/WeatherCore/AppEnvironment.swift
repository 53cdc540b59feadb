import AccuWeather
import Foundation
import WeatherHTTP
import PlistArchive
import WeatherStore
import WeatherModels

/// The world outside the reducer, as `@Sendable` closures: live ones over the network and the
/// archive files, demo ones over the bundled data, and whatever a test needs.
public struct AppEnvironment: Sendable {
    public var now: @Sendable () -> Date
    public var loadArchive: @Sendable () -> Result<WeatherFeed, ArchiveError>
    public var fetchFeed: @Sendable (FeedRequest) async -> Result<FeedPayload, FeedError>
    public var fetchForecast: @Sendable (_ cityKey: String, _ language: String) async -> Result<ForecastPayload, FeedError>
    public var loadForecasts: @Sendable () -> StoredForecasts
    public var saveForecasts: @Sendable (StoredForecasts) throws(ArchiveError) -> Void
    public var loadSettings: @Sendable () -> AppSettings?
    public var saveSettings: @Sendable (AppSettings) throws(ArchiveError) -> Void
    public var loadPins: @Sendable () -> [PinnedCity]
    public var savePins: @Sendable ([PinnedCity]) throws(ArchiveError) -> Void

    public init(
        now: @escaping @Sendable () -> Date,
        loadArchive: @escaping @Sendable () -> Result<WeatherFeed, ArchiveError>,
        fetchFeed: @escaping @Sendable (FeedRequest) async -> Result<FeedPayload, FeedError>,
        fetchForecast: @escaping @Sendable (String, String) async -> Result<ForecastPayload, FeedError>,
        loadForecasts: @escaping @Sendable () -> StoredForecasts,
        saveForecasts: @escaping @Sendable (StoredForecasts) throws(ArchiveError) -> Void,
        loadSettings: @escaping @Sendable () -> AppSettings?,
        saveSettings: @escaping @Sendable (AppSettings) throws(ArchiveError) -> Void,
        loadPins: @escaping @Sendable () -> [PinnedCity],
        savePins: @escaping @Sendable ([PinnedCity]) throws(ArchiveError) -> Void
    ) {
        self.now = now
        self.loadArchive = loadArchive
        self.fetchFeed = fetchFeed
        self.fetchForecast = fetchForecast
        self.loadForecasts = loadForecasts
        self.saveForecasts = saveForecasts
        self.loadSettings = loadSettings
        self.saveSettings = saveSettings
        self.loadPins = loadPins
        self.savePins = savePins
    }

    /// The real thing: AccuWeather (when there is a key) and the archives in the two folders.
    public static func live(service: (any WeatherService)?, cacheDirectory: URL, configDirectory: URL,
                            now: @escaping @Sendable () -> Date = { Date() }) -> AppEnvironment {
        let loader = FeedLoader(service: service, archive: WeatherFeedArchive(directory: cacheDirectory), now: now)
        let forecasts = Cache<StoredForecasts>(name: "Forecasts.plist", directory: cacheDirectory)
        var env = preferences(configDirectory: configDirectory, now: now)
        env.loadArchive = { loader.restore() }
        env.fetchFeed = { request in await loader.refresh(request) }
        env.fetchForecast = { key, language in
            guard let service else { return .failure(.noAPIKey) }
            do throws(ServiceError) {
                let response = try await service.dailyForecast(cityKey: key, language: language)
                return .success(ForecastPayload(forecast: StoredForecast(fetchedAt: now(), forecast: response.forecast),
                                                rateLimitRemaining: response.rateLimitRemaining))
            } catch {
                return .failure(.network(error))
            }
        }
        env.loadForecasts = { forecasts.fetch() ?? StoredForecasts() }
        env.saveForecasts = { value throws(ArchiveError) in try forecasts.save(value) }
        return env
    }

    /// Settings and pins in the config folder; everything else inert (no archive, no network).
    static func preferences(configDirectory: URL, now: @escaping @Sendable () -> Date) -> AppEnvironment {
        let settings = SettingsStore<AppSettings>(url: configDirectory.appendingPathComponent("settings.plist"))
        let pins = PinnedCityStore(directory: configDirectory)
        return AppEnvironment(
            now: now,
            loadArchive: { .failure(.missing) },
            fetchFeed: { _ in .failure(.noAPIKey) },
            fetchForecast: { _, _ in .failure(.noAPIKey) },
            loadForecasts: { StoredForecasts() },
            saveForecasts: { _ in },
            loadSettings: { try? settings.load(default: AppSettings()).value },
            saveSettings: { value throws(ArchiveError) in try settings.save(value) },
            loadPins: { (try? pins.load()) ?? [] },
            savePins: { value throws(ArchiveError) in try pins.save(value) }
        )
    }
}
