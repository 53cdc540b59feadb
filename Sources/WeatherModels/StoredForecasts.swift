#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A city's 5-day forecast, its coming hours when the source sent them, and when they were fetched.
public struct StoredForecast: Codable, Equatable, Sendable {
    public var fetchedAt: Date
    public var forecast: DailyForecastResponse
    /// Optional: archives written before the hours were kept have none, and a source may fail to send them.
    public var hourly: HourlyForecastResponse?
    /// The place's conditions as the detail's own request brought them, with what only the detail
    /// shows (Open-Meteo's gusts, UV index and visibility, which the list's request leaves out to
    /// weigh one call a place). Optional: archives written before have none, AccuWeather sends none.
    public var current: CityWeather?

    public init(fetchedAt: Date, forecast: DailyForecastResponse, hourly: HourlyForecastResponse? = nil, current: CityWeather? = nil) {
        self.fetchedAt = fetchedAt
        self.forecast = forecast
        self.hourly = hourly
        self.current = current
    }
}

/// The forecasts kept in `Forecasts.plist`, by city key.
public struct StoredForecasts: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var byCityKey: [String: StoredForecast]

    public init(schemaVersion: Int = StoredForecasts.currentSchemaVersion, byCityKey: [String: StoredForecast] = [:]) {
        self.schemaVersion = schemaVersion
        self.byCityKey = byCityKey
    }
}
