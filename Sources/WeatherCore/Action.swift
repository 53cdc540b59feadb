#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherStore
import WeatherModels
import WeatherSource

/// Everything that can happen: a user's intent or a finished piece of background work.
public enum Action: Equatable, Sendable {
    // Moving (a page is `moveBy` the rows the front end's list shows)
    case moveUp, moveDown, first, last
    // Screens
    case openDetail, closeDetail
    /// `m`: the world map ⇄ the list.
    case toggleMap
    /// `v`: the map's next layer, or the map itself when the list is on screen.
    case cycleMapLayer
    // Filter (`/` … Enter keeps, Esc clears)
    case startFilter, filterInput(String), filterBackspace, commitFilter, cancelFilter
    // List
    case cycleSort, invertSort, toggleUnits, togglePin
    /// `H`: the selected own or pinned place becomes home (on home: no place is).
    case toggleHome
    /// `K` / `J`: the selected own place moves up or down among the own places.
    case moveOwnCity(up: Bool)
    case refresh
    /// This many cities down the list (negative: up), held to its ends: the wheel's rows, or a
    /// page or half a page of the rows the front end's list shows (the core knows no rows).
    case moveBy(Int)
    /// A click on a row (or a map marker): that city.
    case select(key: String)
    /// A click on a column title: sort by it, or invert when it is the one sorted by.
    case sortBy(SortField)
    /// `w`: the next listed place with an official alert in force (State+Alerts.swift).
    case nextPlaceWithAlerts
    /// A key the front end answers alone (`?` and `!` open or close an overlay, which is the
    /// front end's): like every key, it clears the one-time notice, which is the core's.
    case dismissNotice
    /// `q`: quits (an open overlay takes `q` first: the front end closes it instead).
    case quit
    /// Ctrl-C, SIGTERM, SIGHUP: quits from anywhere.
    case interrupt
    case tick(Date)
    // Results
    case archiveRestored(Result<WeatherFeed, ArchiveError>)
    /// The whole saved feed, after a first frame drawn from its preview.
    case archiveDetailsRestored(Result<WeatherFeed, ArchiveError>)
    case feedLoaded(Result<FeedPayload, FeedError>)
    /// Places fetched alone (`Effect.fetchPlaces`), to join the feed.
    case placesLoaded(Result<PlacesPayload, FeedError>)
    case forecastLoaded(cityKey: String, Result<ForecastPayload, FeedError>)
    /// `--once --forecast`: these places' forecasts are to be printed (State+PrintedForecasts.swift).
    case forecastsWanted([String])
    /// The forecasts of these places, fetched in one request (`Effect.fetchForecasts`).
    case forecastsLoaded(cityKeys: [String], Result<[String: ForecastPayload], FeedError>)
    /// The saved forecasts, and why their file was not used, if it was not (said once).
    case forecastsRestored(StoredForecasts, notice: String? = nil)
    /// The listed places' air, fetched (State+AirQuality.swift).
    case airQualityLoaded(Result<StoredAirQuality, FeedError>)
    /// The saved air (`AirQuality.plist`), if any, and why the file was not used, if it was not (said once).
    case airQualityRestored(StoredAirQuality?, notice: String? = nil)
    /// The kept places' rain in the coming quarter hours, and the notifications (NowcastState.swift).
    case nowcast(NowcastAction)
    /// The saved alerts (`Alerts.plist`), and why the file was not used, if it was not (said once).
    case alertsRestored(StoredAlerts, notice: String? = nil)
    /// One place's alerts from its source, and when they were asked for (AlertsState.swift).
    case alertsLoaded(AlertRequest, Result<AlertsAnswer, FeedError>, askedAt: Date)
    /// The remembered settings, if any, and what could not be kept of them (said once).
    case settingsLoaded(AppSettings?, notice: FileNotice? = nil)
    /// The pinned and own cities as saved, and why `Pinned.plist` was not used, if it was not (said once).
    case pinsLoaded([PinnedCity], notice: String? = nil)
    /// The answer to the oldest change asked of `Pinned.plist` (`Effect.changePins`): the cities
    /// as the file holds them after it, or nil and why the change could not be made there.
    case pinsChanged([PinnedCity]?, failure: String? = nil)
    /// The calls every run of the program sent each source today, as the ledger says, the places
    /// as `Pinned.plist` holds them when read before a refresh (another copy may have changed
    /// them), what could not be kept of a damaged ledger (said once), and the clock's time then
    /// (a key's refresh is decided by it, not by the last minute's tick).
    /// `holds`: the sources' holds other runs met (`Holds.txt`).
    case ledgerRead(calls: [WeatherProvider: Double], pins: [PinnedCity]? = nil, notice: String? = nil, at: Date? = nil,
                    holds: [WeatherProvider: SourceGate.Hold] = [:])
    /// The calls of answered requests, and the ledger's writes of them (State+Ledger.swift).
    case ledger(LedgerAction)
    /// A save failed; the user is told once, nothing else changes.
    case saveFailed(String)
    /// `a`: the add-a-city prompt and its search (State+Places.swift).
    case addCity(AddCityAction)
    /// `d`: removing an own city (State+Places.swift).
    case removeCity(RemoveCityAction)
}

/// A successful feed fetch: the feed, the rate limit, and why it could not be saved, if it could not
/// (a read-only cache folder must not cost the user the data just fetched).
public struct FeedPayload: Equatable, Sendable {
    public var feed: WeatherFeed
    public var rateLimitRemaining: Int?
    /// Forecasts the same fetch brought at no extra cost (Open-Meteo, the demo), by city key.
    public var forecasts: [String: StoredForecast]
    /// Which own cities this refresh could not bring and why (the rest of it stands).
    public var ownProblem: String?

    public init(feed: WeatherFeed, rateLimitRemaining: Int?, forecasts: [String: StoredForecast] = [:],
                ownProblem: String? = nil) {
        self.feed = feed
        self.rateLimitRemaining = rateLimitRemaining
        self.forecasts = forecasts
        self.ownProblem = ownProblem
    }
}

/// Places fetched alone: their conditions, when, and which of them could not be brought.
public struct PlacesPayload: Equatable, Sendable {
    public var cities: [CityWeather]
    public var fetchedAt: Date
    /// The language their names were asked in.
    public var language: String
    public var rateLimitRemaining: Int?
    public var ownProblem: String?

    public init(cities: [CityWeather], fetchedAt: Date, language: String, rateLimitRemaining: Int? = nil, ownProblem: String? = nil) {
        self.cities = cities
        self.fetchedAt = fetchedAt
        self.language = language
        self.rateLimitRemaining = rateLimitRemaining
        self.ownProblem = ownProblem
    }
}

/// A successful forecast fetch.
public struct ForecastPayload: Equatable, Sendable {
    public var forecast: StoredForecast
    public var rateLimitRemaining: Int?
    /// Why the coming hours are missing when the days came but the hours' own call failed.
    public var hourlyProblem: String?

    public init(forecast: StoredForecast, rateLimitRemaining: Int?, hourlyProblem: String? = nil) {
        self.forecast = forecast
        self.rateLimitRemaining = rateLimitRemaining
        self.hourlyProblem = hourlyProblem
    }
}
