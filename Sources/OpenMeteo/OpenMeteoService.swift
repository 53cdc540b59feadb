#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

/// Open-Meteo as the app's `WeatherService`: the bundled top cities in one request per refresh.
/// The 5-day and hourly forecasts that request brought go with the feed and are kept, so opening a
/// city's detail after a refresh costs no call; before one (a feed restored from the archive) a
/// city's forecast is one request.
public final class OpenMeteoService: WeatherService, @unchecked Sendable {
    private let client: OpenMeteoClient
    private let lock = Lock()
    /// Guarded by `lock`: refreshes and forecast requests run on background tasks.
    private var forecasts: [String: ForecastResponse] = [:]
    /// The own cities of the last refresh, so a forecast of one can be asked for by key. Guarded by `lock`.
    private var places: [String: TopCity] = [:]

    public init(client: OpenMeteoClient) {
        self.client = client
    }

    public func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        try await topCities(count: count, language: language, own: [])
    }

    /// The own cities ride in the same request as the top cities: no call more.
    public func topCities(count: Int, language: String, own: [PinnedCity]) async throws(ServiceError) -> TopCitiesResponse {
        let top = OpenMeteoTopCities.first(count)
        let topKeys = Set(top.map(\.key))
        // An own city that is a top city is listed under the top city's key already.
        let ownCities = own.filter { !topKeys.contains($0.key) }.compactMap { city in
            city.place.map { TopCity(place: $0, key: city.key) }
        }
        let feed = try await client.conditions(for: top + ownCities, language: language)
        let brought = Self.forecasts(of: feed)
        lock.withLock {
            forecasts = brought
            places = Dictionary(ownCities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return TopCitiesResponse(cities: Array(feed.cities.prefix(top.count)), rateLimitRemaining: nil,
                                 ownCities: Array(feed.cities.dropFirst(top.count)), forecasts: brought)
    }

    public func searchPlaces(_ text: String, language: String) async throws(ServiceError) -> [PlaceMatch] {
        try await client.searchPlaces(text, language: language)
    }

    public func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse {
        if let kept = lock.withLock({ forecasts[cityKey] }) { return kept }
        guard let city = OpenMeteoTopCities.all.first(where: { $0.key == cityKey }) ?? lock.withLock({ places[cityKey] }) else {
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
