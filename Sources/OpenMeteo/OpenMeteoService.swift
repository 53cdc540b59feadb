import Foundation
import WeatherHTTP
import WeatherModels
import WeatherSource

/// Open-Meteo as the app's `WeatherService`: the bundled top cities in one request per refresh.
/// The 5-day forecasts that request brought are kept, so opening a city's detail after a refresh
/// costs no call; before one (a feed restored from the archive) a city's forecast is one request.
public final class OpenMeteoService: WeatherService, @unchecked Sendable {
    private let client: OpenMeteoClient
    private let lock = NSLock()
    /// Guarded by `lock`: refreshes and forecast requests run on background tasks.
    private var forecasts: [String: DailyForecastResponse] = [:]

    public init(client: OpenMeteoClient) {
        self.client = client
    }

    public func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        let feed = try await client.conditions(for: OpenMeteoTopCities.first(count), language: language)
        lock.withLock { forecasts = feed.dailyForecasts }
        return TopCitiesResponse(cities: feed.cities, rateLimitRemaining: nil)
    }

    public func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse {
        if let kept = lock.withLock({ forecasts[cityKey] }) {
            return ForecastResponse(forecast: kept, rateLimitRemaining: nil)
        }
        guard let city = OpenMeteoTopCities.all.first(where: { $0.key == cityKey }) else {
            throw .unexpectedResponse(host: client.host, detail: "no bundled city with key \(cityKey)")
        }
        let feed = try await client.conditions(for: [city], language: language)
        guard let forecast = feed.dailyForecasts[cityKey] else {
            throw .unexpectedResponse(host: client.host, detail: "no forecast for \(city.englishName)")
        }
        lock.withLock { forecasts[cityKey] = forecast }
        return ForecastResponse(forecast: forecast, rateLimitRemaining: nil)
    }
}
