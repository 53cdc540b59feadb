import WeatherSource
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import PlistArchive
import WeatherStore
import EssentialsSupport
import WeatherModels

/// Where the live air comes from: Open-Meteo's air-quality client, whichever source gives the
/// weather (WeatherCore knows no client; the executable passes it in).
public typealias AirQualityService = @Sendable ([AirQualityPlace]) async throws(ServiceError) -> [String: AirQuality]
/// Where the live nowcasts come from: Open-Meteo's 15-minute forecast, whichever source gives the weather.
public typealias NowcastService = @Sendable ([AirQualityPlace]) async throws(ServiceError) -> [String: Nowcast]

/// The world outside the reducer, as `@Sendable` closures: live ones over the network and the
/// archive files, demo ones over the bundled data, and whatever a test needs.
public struct AppEnvironment: Sendable {
    public var now: @Sendable () -> Date
    public var loadArchive: @Sendable () -> Result<WeatherFeed, ArchiveError>
    /// The saved feed without its details, read in a fraction of the time the whole feed takes:
    /// the first frame's list; the whole feed follows in the background. Nil: the first frame
    /// waits for the whole feed.
    public var previewArchive: (@Sendable () -> Result<WeatherFeed, ArchiveError>)?
    /// One refresh: the top cities of the request and the own cities given.
    public var fetchFeed: @Sendable (FeedRequest, [PinnedCity]) async -> Result<FeedPayload, FeedError>
    /// Only these places (a `--city` run's), to join the saved feed.
    public var fetchPlaces: @Sendable ([PinnedCity], _ language: String) async -> Result<PlacesPayload, FeedError> = { _, _ in .failure(.noAPIKey) }
    /// Archives a refreshed feed over the saved one.
    public var saveFeed: @Sendable (WeatherFeed) throws(ArchiveError) -> Void
    public var fetchForecast: @Sendable (_ cityKey: String, _ language: String) async -> Result<ForecastPayload, FeedError>
    /// Several places' forecasts in as few requests as the source allows (`--once --forecast`),
    /// by key; `own` are the own cities among them.
    public var fetchForecasts: @Sendable (_ cityKeys: [String], _ own: [PinnedCity], _ language: String) async
        -> Result<[String: ForecastPayload], FeedError> = { _, _, _ in .failure(.noAPIKey) }
    /// The saved forecasts. Nil: this run keeps none (`--once`, which prints none): none is read,
    /// and none saved, since the reducer saves forecasts only once the saved ones are in.
    /// A file that could not be used is said in `notice`.
    public var loadForecasts: (@Sendable () -> (forecasts: StoredForecasts, notice: FileNotice?))?
    public var saveForecasts: @Sendable (StoredForecasts) throws(ArchiveError) -> Void
    /// The remembered settings and, when some of them could not be read, what was dropped.
    public var loadSettings: @Sendable () -> (settings: AppSettings?, notice: FileNotice?)
    /// Writes the given fields of the settings over the saved ones.
    public var saveSettings: @Sendable (AppSettings, Set<AppSettings.Field>) throws(ArchiveError) -> Void
    /// The pinned and own cities, and what the user is told when their file could not be used.
    public var loadPins: @Sendable () -> (pins: [PinnedCity], notice: FileNotice?)
    /// Makes a change to the saved cities; returns them as saved. When another copy of the
    /// program holds the file (`.busy`), the change is kept and made with the next one.
    public var changePins: @Sendable (PinChange) throws(ArchiveError) -> [PinnedCity]
    /// Saves the changes to the cities that another copy's lock kept back (at quit).
    public var saveKeptPins: @Sendable () throws(ArchiveError) -> Void = {}
    /// A place search by name, in a language.
    public var searchPlaces: @Sendable (_ text: String, _ language: String) async -> Result<[PlaceMatch], FeedError>
    /// Calls each source was sent today by every run of the program (the ledger; docs/spec.md §4),
    /// and why a damaged ledger was set aside, the one time it is found.
    public var callsToday: @Sendable () -> (calls: [WeatherProvider: Double], notice: FileNotice?) = { ([:], nil) }
    /// The holds every run of the program met that are still in force (`Holds.txt`), and why the
    /// file was not used, if it was not.
    public var sharedHolds: @Sendable () -> (holds: [WeatherProvider: SourceGate.Hold], notice: FileNotice?) = { ([:], nil) }
    /// Keeps a source's hold for every run (a file that cannot be written keeps it for this run alone).
    public var keepHold: @Sendable (WeatherProvider, SourceGate.Hold) -> Void = { _, _ in }
    /// Where the live clients count their answered calls; the store connects its mailbox to it
    /// (CallMeter.swift). None: nothing counts calls (the demo, tests).
    public var callMeter: CallMeter?
    /// Adds calls to the ledger, blocking (locked, atomic, `fsync`ed), and gives back those another
    /// copy's lock kept from it, and why; `lastTry`: the lock is tried once, not waited for.
    public var writeCalls: @Sendable (_ calls: [WeatherProvider: Double], _ lastTry: Bool) -> (kept: [WeatherProvider: Double], notice: FileNotice?) = { _, _ in ([:], nil) }
    /// The current air of the places, by key (Open-Meteo's, whichever source gives the weather).
    public var fetchAirQuality: @Sendable ([AirQualityPlace]) async -> Result<[String: AirQuality], FeedError> = { _ in .success([:]) }
    /// The saved air. Nil: this run shows no air (`--once`): none is read, and so none fetched.
    /// A file that could not be used is said in `notice`.
    public var loadAirQuality: (@Sendable () -> (air: StoredAirQuality?, notice: FileNotice?))?
    public var saveAirQuality: @Sendable (StoredAirQuality) throws(ArchiveError) -> Void = { _ in }
    /// The kept places' rain in the coming quarter hours, by key (Open-Meteo's, whichever source
    /// gives the weather).
    public var fetchNowcasts: @Sendable ([AirQualityPlace]) async -> Result<[String: Nowcast], FeedError> = { _ in .success([:]) }
    /// The saved nowcasts. Nil: this run has none: none is read, and so none fetched.
    public var loadNowcasts: (@Sendable () -> (nowcasts: StoredNowcasts?, notice: FileNotice?))?
    public var saveNowcasts: @Sendable (StoredNowcasts) throws(ArchiveError) -> Void = { _ in }
    /// One place's alerts from its source (AppEnvironment+Alerts.swift).
    public var fetchAlerts: @Sendable (AlertRequest) async -> Result<AlertsAnswer, FeedError> = { _ in .failure(.network(.cancelled)) }
    /// The saved alerts. Nil: this run asks for none (tests, the demo): none is read, and so none fetched.
    public var loadAlerts: (@Sendable () -> (alerts: StoredAlerts, notice: FileNotice?))?
    public var saveAlerts: @Sendable (StoredAlerts) throws(ArchiveError) -> Void = { _ in }

    public init(
        now: @escaping @Sendable () -> Date,
        loadArchive: @escaping @Sendable () -> Result<WeatherFeed, ArchiveError>,
        previewArchive: (@Sendable () -> Result<WeatherFeed, ArchiveError>)? = nil,
        fetchFeed: @escaping @Sendable (FeedRequest, [PinnedCity]) async -> Result<FeedPayload, FeedError>,
        saveFeed: @escaping @Sendable (WeatherFeed) throws(ArchiveError) -> Void = { _ in },
        fetchForecast: @escaping @Sendable (String, String) async -> Result<ForecastPayload, FeedError>,
        loadForecasts: (@Sendable () -> (forecasts: StoredForecasts, notice: FileNotice?))?,
        saveForecasts: @escaping @Sendable (StoredForecasts) throws(ArchiveError) -> Void,
        loadSettings: @escaping @Sendable () -> (settings: AppSettings?, notice: FileNotice?),
        saveSettings: @escaping @Sendable (AppSettings, Set<AppSettings.Field>) throws(ArchiveError) -> Void,
        loadPins: @escaping @Sendable () -> (pins: [PinnedCity], notice: FileNotice?),
        changePins: @escaping @Sendable (PinChange) throws(ArchiveError) -> [PinnedCity],
        searchPlaces: @escaping @Sendable (String, String) async -> Result<[PlaceMatch], FeedError> = { _, _ in .success([]) }
    ) {
        self.now = now
        self.loadArchive = loadArchive
        self.previewArchive = previewArchive
        self.fetchFeed = fetchFeed
        self.saveFeed = saveFeed
        self.fetchForecast = fetchForecast
        self.loadForecasts = loadForecasts
        self.saveForecasts = saveForecasts
        self.loadSettings = loadSettings
        self.saveSettings = saveSettings
        self.loadPins = loadPins
        self.changePins = changePins
        self.searchPlaces = searchPlaces
    }

    /// The live environment, over the app's files and a source: the feed restored, refreshed and
    /// archived through `loader`, forecasts from `service` kept in `files.forecasts`, settings and
    /// pins in their files. Which client and which folders is the executable's choice.
    /// A change another copy's lock keeps from the settings or the pins is kept and made with
    /// the next one (settings are saved at quit; the pins' kept changes too: `saveKeptPins`).
    public static func live(loader: FeedLoader, files: AppFiles, now: @escaping @Sendable () -> Date = { Date() }) -> AppEnvironment {
        let service = loader.service
        let keptSettings = KeptChanges<AppSettings>(), keptPins = KeptChanges<[PinnedCity]>()
        var environment = AppEnvironment(
            now: now,
            loadArchive: { loader.restore() },
            previewArchive: { loader.restore(WeatherFeedSummary.self).map(WeatherFeed.init) },
            fetchFeed: { request, own in await loader.refresh(request, own: own) },
            saveFeed: { feed throws(ArchiveError) in try loader.save(feed) },
            fetchForecast: { key, language in
                guard let service else { return .failure(.noAPIKey) }
                return await fetchForecasts(from: service, cityKey: key, language: language, now: now)
            },
            loadForecasts: { files.loadForecasts() },
            saveForecasts: { value throws(ArchiveError) in try files.forecasts.save(value) },
            loadSettings: { files.loadSettings() },
            saveSettings: { value, fields throws(ArchiveError) in
                try keptSettings.save({ $0 = $0.taking(fields, from: value) }) { (wait, change) throws(ArchiveError) -> AppSettings in
                    try files.settings.update(default: AppSettings(), waiting: wait, change)
                }
            },
            loadPins: { files.loadPins() },
            changePins: { change throws(ArchiveError) in
                try keptPins.save({ $0 = change.applied(to: $0) }) { (wait, change) throws(ArchiveError) in
                    try files.pins.update(waiting: wait, change)
                }
            },
            searchPlaces: { text, language in await loader.searchPlaces(text, language: language) }
        )
        environment.fetchPlaces = { own, language in await loader.refreshPlaces(own, language: language) }
        environment.fetchForecasts = { keys, own, language in
            guard let service else { return .failure(.noAPIKey) }
            do throws(ServiceError) {
                let answers = try await service.forecasts(cityKeys: keys, own: own, language: language)
                let fetchedAt = now()
                return .success(answers.mapValues { answer in
                    ForecastPayload(forecast: StoredForecast(fetchedAt: fetchedAt, forecast: answer.forecast, hourly: answer.hourly, current: answer.current),
                                    rateLimitRemaining: answer.rateLimitRemaining)
                })
            } catch {
                return .failure(.network(error))
            }
        }
        environment.saveKeptPins = { () throws(ArchiveError) in
            guard !keptPins.isEmpty else { return }
            try keptPins.save(nil) { (wait, change) throws(ArchiveError) in try files.pins.update(waiting: wait, change) }
        }
        return environment
    }

    /// This environment showing the air `fetch` brings, kept in `files.airQuality` (the browser's;
    /// `--once` shows none).
    public func showingAir(_ fetch: @escaping AirQualityService, files: AppFiles) -> AppEnvironment {
        var environment = self
        environment.fetchAirQuality = { places in
            do throws(ServiceError) {
                return .success(try await fetch(places))
            } catch {
                return .failure(.network(error))
            }
        }
        environment.loadAirQuality = { files.loadAirQuality() }
        environment.saveAirQuality = { value throws(ArchiveError) in try files.airQuality.save(value) }
        return environment
    }

    /// This environment with the kept places' nowcasts `fetch` brings, kept in `files.nowcasts`
    /// (the browser and `--once` share them).
    public func showingNowcasts(_ fetch: @escaping NowcastService, files: AppFiles) -> AppEnvironment {
        var environment = self
        environment.fetchNowcasts = { places in
            do throws(ServiceError) {
                return .success(try await fetch(places))
            } catch {
                return .failure(.network(error))
            }
        }
        environment.loadNowcasts = { files.loadNowcasts() }
        environment.saveNowcasts = { value throws(ArchiveError) in try files.nowcasts.save(value) }
        return environment
    }

    /// A city's days and, where the source has a call of their own for them, its hours: the days
    /// decide success; hours that fail leave the days shown and say why.
    static func fetchForecasts(from service: any WeatherService, cityKey key: String, language: String,
                               now: @Sendable () -> Date) async -> Result<ForecastPayload, FeedError> {
        let daily: ForecastResponse
        do throws(ServiceError) {
            daily = try await service.dailyForecast(cityKey: key, language: language)
        } catch {
            return .failure(.network(error))
        }
        var hourly = daily.hourly
        var rateLimit = daily.rateLimitRemaining
        var hourlyProblem: String?
        do throws(ServiceError) {
            if let answer = try await service.hourlyForecast(cityKey: key, language: language) {
                hourly = answer.hourly
                rateLimit = answer.rateLimitRemaining ?? rateLimit
            }
        } catch {
            let words = Language.resolve(language).language
            hourlyProblem = words.text("forecast.hourlyFailed", ("why", FeedError.network(error).description(in: words)))
        }
        return .success(ForecastPayload(forecast: StoredForecast(fetchedAt: now(), forecast: daily.forecast, hourly: hourly, current: daily.current),
                                        rateLimitRemaining: rateLimit, hourlyProblem: hourlyProblem))
    }
}
