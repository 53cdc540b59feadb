import Foundation
import WeatherHTTP
import WeatherModels
import WeatherSource

/// Open-Meteo as the app's `WeatherService`: the bundled top cities in one request per refresh.
/// The 5-day and hourly forecasts that request brought go with the feed and are kept, so opening a
/// city's detail after a refresh costs no call; before one (a feed restored from the archive) a
/// city's forecast is one request.
public final class OpenMeteoService: WeatherService, @unchecked Sendable {
    private let client: OpenMeteoClient
    private let lock = NSLock()
    /// Guarded by `lock`: refreshes and forecast requests run on background tasks.
    private var forecasts: [String: ForecastResponse] = [:]

    public init(client: OpenMeteoClient) {
        self.client = client
    }

    public func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        let feed = try await client.conditions(for: OpenMeteoTopCities.first(count), language: language)
        let brought = Self.forecasts(of: feed)
        lock.withLock { forecasts = brought }
        return TopCitiesResponse(cities: feed.cities, rateLimitRemaining: nil, forecasts: brought)
    }

    public func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse {
        if let kept = lock.withLock({ forecasts[cityKey] }) { return kept }
        guard let city = OpenMeteoTopCities.all.first(where: { $0.key == cityKey }) else {
            throw .unexpectedResponse(host: client.host, detail: "no bundled city with key \(cityKey)")
        }
        let feed = try await client.conditions(for: [city], language: language)
        guard let forecast = Self.forecasts(of: feed)[cityKey] else {
            throw .unexpectedResponse(host: client.host, detail: "no forecast for \(city.englishName)")
        }
        lock.withLock { forecasts[cityKey] = forecast }
        return forecast
    }

    /// Each city's days and hours from one answer.
    static func forecasts(of feed: OpenMeteoFeed) -> [String: ForecastResponse] {
        feed.dailyForecasts.reduce(into: [:]) { out, entry in
            out[entry.key] = ForecastResponse(forecast: entry.value, rateLimitRemaining: nil, hourly: feed.hourlyForecasts[entry.key])
        }
    }
}
