#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels

/// Work the reducer asks for; the `Store` runs it and sends the result back as an `Action`.
public enum Effect: Equatable, Sendable {
    /// Fetch the Top Cities feed with the user's own cities (and archive it on success).
    case fetchFeed(FeedRequest, own: [PinnedCity] = [])
    /// Search places by name (the add-a-city prompt).
    case searchPlaces(String, language: String)
    /// Fetch a city's 5-day forecast.
    case fetchForecast(cityKey: String, language: String)
    /// Keep the forecasts in `Forecasts.plist`.
    case saveForecasts(StoredForecasts)
    /// Keep the user's choices in `settings.plist`: `fields` of these settings, written over what
    /// the file holds then (another copy of the program keeps the rest).
    case saveSettings(AppSettings, fields: Set<AppSettings.Field>)
    /// Make this change to `Pinned.plist` as it is on disk then; the cities as saved come back as
    /// `.pinsLoaded` (with what another copy of the program changed meanwhile).
    case changePins(PinChange)
    /// Leave the program.
    case quit
}
