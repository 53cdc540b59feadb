#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels
import WeatherSource

/// Work the reducer asks for; the `Store` runs it and sends the result back as an `Action`.
/// Every request carries the `GatePass` its source's gate gave it, and runs under it.
public enum Effect: Equatable, Sendable {
    /// Fetch the Top Cities feed with the user's own cities.
    case fetchFeed(FeedRequest, own: [PinnedCity] = [], pass: GatePass)
    /// Fetch only these places (a `--city` run's, a place just added), to join the saved feed.
    case fetchPlaces([PinnedCity], language: String, pass: GatePass)
    /// Archive a refreshed feed (after it is shown: the disk's `fsync` is not on the way to the screen).
    case saveFeed(WeatherFeed)
    /// Search places by name (the add-a-city prompt).
    case searchPlaces(String, language: String, pass: GatePass)
    /// Fetch a city's 5-day forecast.
    case fetchForecast(cityKey: String, language: String, pass: GatePass)
    /// Fetch these places' forecasts in as few requests as the source allows (`--once --forecast`);
    /// `own` are the own cities among them, whose coordinates a source may need.
    case fetchForecasts(cityKeys: [String], own: [PinnedCity], language: String, pass: GatePass)
    /// Fetch the current air of these places (one request), whichever source gives the weather.
    case fetchAirQuality([AirQualityPlace], pass: GatePass)
    /// Keep the air in `AirQuality.plist`.
    case saveAirQuality(StoredAirQuality)
    /// Fetch the kept places' rain in the coming quarter hours (one request, Open-Meteo's).
    case fetchNowcasts([AirQualityPlace], pass: GatePass)
    /// Keep the nowcasts in `Nowcasts.plist`.
    case saveNowcasts(StoredNowcasts)
    /// Tell the user of something that matters through the terminal (`--notify`).
    case notify(DesktopNotification)
    /// Ask one place's alerts of its source, under its alerts gate's pass.
    case fetchAlerts(AlertRequest, pass: AlertPass)
    /// Ask one place's alerts of AccuWeather, under its weather gate's pass (its calls are the key's).
    case fetchAccuWeatherAlerts(AlertRequest, pass: GatePass)
    /// Join these alerts to `Alerts.plist`, for every run.
    case saveAlerts(StoredAlerts)
    /// Keep the forecasts in `Forecasts.plist`.
    case saveForecasts(StoredForecasts)
    /// Keep the user's choices in `settings.plist`: `fields` of these settings, written over what
    /// the file holds then (another copy of the program keeps the rest).
    case saveSettings(AppSettings, fields: Set<AppSettings.Field>)
    /// Make this change to `Pinned.plist` as it is on disk then, in the background and after the
    /// changes asked before it; the cities as saved come back as `.pinsChanged` (with what
    /// another copy of the program changed meanwhile).
    case changePins(PinChange)
    /// Read how many calls every run of the program sent each source today, and the places as
    /// saved (before a refresh: another copy of the program may have spent or changed them).
    case readLedger
    /// Keep a source's hold in `Holds.txt`, so every run of the program obeys it.
    case keepHold(WeatherProvider, SourceGate.Hold)
    /// Wake the app at `date` (the front end's scheduler sends `.tick` then), in place of any
    /// wake under `id`; `.cancel(.wake(id))` forgets it. Without a scheduler (`--once`) nothing waits for it.
    case wake(WakeID, at: Date)
    /// Add these calls to the ledger (`Calls.txt`), after the writes asked before, with the calls
    /// of those not yet begun (State+Ledger.swift).
    case recordCalls([WeatherProvider: Double])
    /// Stop the run of this effect in flight, if any: its result is never applied.
    case cancel(EffectID)
    /// Leave the program: every request in flight is cancelled (saves finish).
    case quit
}

/// The name of a run of background work (`Store` runs each effect under one): a second run under
/// the same id replaces the first (a new search, a newer snapshot of the forecasts), and
/// `Effect.cancel` names it.
public enum EffectID: Hashable, Sendable {
    case feed, places, search, saveFeed, saveForecasts, readLedger
    /// The settings' save; the `n`th change asked of `Pinned.plist` (each one is heard).
    case saveSettings, changePins(Int)
    /// A source's hold, kept in `Holds.txt`.
    case keepHold(WeatherProvider)
    /// The `n`th write of the ledger asked (each runs after the one before).
    case writeLedger(Int)
    case forecast(cityKey: String)
    /// The printed places' forecasts (`--once --forecast`).
    case forecasts
    /// The listed places' air, and its save.
    case air, saveAir
    /// The kept places' nowcasts, and their save.
    case nowcast, saveNowcasts
    /// Reading the saved feed's details, the saved forecasts and the saved air after the first frame (`Store.start`).
    case restoreFeedDetails, restoreForecasts, restoreAir, restoreNowcasts
    /// One place's alerts request, their save, and the saved alerts' reading.
    case alerts(cityKey: String), saveAlerts, restoreAlerts
    /// A wake asked of the scheduler (`Effect.wake`).
    case wake(WakeID)

    /// Whether it only waits on a server: quitting cancels it rather than wait for an answer.
    public var isRequest: Bool {
        switch self {
        case .feed, .places, .search, .forecast, .forecasts, .air, .nowcast, .alerts: true
        case .saveFeed, .saveForecasts, .saveAir, .saveNowcasts, .restoreFeedDetails, .restoreForecasts, .restoreAir, .restoreNowcasts, .readLedger, .keepHold, .writeLedger,
             .saveSettings, .changePins, .saveAlerts, .restoreAlerts, .wake: false
        }
    }
}

/// Why the app asks to be woken (`Effect.wake`): each is asked again as the state changes.
public enum WakeID: Hashable, Sendable, CaseIterable {
    /// The next minute on the clock: ages and the header's time move on.
    case minute
    /// The instant the automatic refresh falls due (`refreshPlan.next`).
    case refresh
    /// The end of the nearest hold a source gave.
    case holdEnds
}
