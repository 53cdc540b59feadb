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

    public init(fetchedAt: Date, forecast: DailyForecastResponse, hourly: HourlyForecastResponse? = nil) {
        self.fetchedAt = fetchedAt
        self.forecast = forecast
        self.hourly = hourly
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
