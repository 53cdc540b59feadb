import Foundation

/// A city's 5-day forecast and when it was fetched.
public struct StoredForecast: Codable, Equatable, Sendable {
    public var fetchedAt: Date
    public var forecast: DailyForecastResponse

    public init(fetchedAt: Date, forecast: DailyForecastResponse) {
        self.fetchedAt = fetchedAt
        self.forecast = forecast
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
