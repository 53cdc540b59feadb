#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

/// Open-Meteo as the app's `WeatherService`: the bundled top cities' current conditions in one
/// request per refresh, at most one call a place (docs/spec.md §4 "What a request costs"); a
/// city's hours and days in a request of their own when its detail opens, kept as AccuWeather's
/// forecasts are.
public final class OpenMeteoService: WeatherService, @unchecked Sendable {
    private let client: OpenMeteoClient
    private let lock = Lock()
    /// The own cities of the last refresh, so a forecast of one can be asked for by key. Guarded by `lock`.
    private var places: [String: TopCity] = [:]
    private let recordCalls: CallRecorder?

    /// `recordCalls` hears what each answered request cost: Open-Meteo counts what it served.
    public init(client: OpenMeteoClient, recordCalls: CallRecorder? = nil) {
        self.client = client
        self.recordCalls = recordCalls
    }

    public func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        try await topCities(count: count, language: language, own: [])
    }

    /// The own cities ride in the same request as the top cities: no call more. No forecast
    /// comes with it: the hours and days would make each place weigh more than one call.
    public func topCities(count: Int, language: String, own: [PinnedCity]) async throws(ServiceError) -> TopCitiesResponse {
        let top = OpenMeteoTopCities.first(count)
        let topKeys = Set(top.map(\.key))
        // An own city that is a top city is listed under the top city's key already.
        let ownCities = own.filter { !topKeys.contains($0.key) }.compactMap { city in
            city.place.map { TopCity(place: $0, key: city.key) }
        }
        let feed = try await client.conditions(for: top + ownCities, language: language)
        recordCalls?(OpenMeteoClient.cost(places: top.count + ownCities.count, withForecasts: false))
        lock.withLock {
            places = Dictionary(ownCities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return TopCitiesResponse(cities: Array(feed.cities.prefix(top.count)), rateLimitRemaining: nil,
                                 ownCities: Array(feed.cities.dropFirst(top.count)))
    }

    /// The places alone, in one request: each weighs what it weighs in the list's request.
    public func conditionsOfPlaces(_ own: [PinnedCity], language: String) async throws(ServiceError) -> TopCitiesResponse {
        let asked = own.compactMap { city in city.place.map { TopCity(place: $0, key: city.key) } }
        guard !asked.isEmpty else { return TopCitiesResponse(cities: [], rateLimitRemaining: nil) }
        let feed = try await client.conditions(for: asked, language: language)
        recordCalls?(OpenMeteoClient.cost(places: asked.count, withForecasts: false))
        lock.withLock {
            for city in asked { places[city.key] = city }
        }
        return TopCitiesResponse(cities: [], rateLimitRemaining: nil, ownCities: feed.cities)
    }

    public func searchPlaces(_ text: String, language: String) async throws(ServiceError) -> [PlaceMatch] {
        try await client.searchPlaces(text, language: language)
    }

    public func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse {
        guard let city = OpenMeteoTopCities.all.first(where: { $0.key == cityKey }) ?? lock.withLock({ places[cityKey] }) else {
            throw .unexpectedResponse(host: client.host, detail: "no bundled city with key \(cityKey)")
        }
        let feed = try await client.conditions(for: [city], language: language, withForecasts: true)
        recordCalls?(OpenMeteoClient.cost(places: 1, withForecasts: true))
        guard var forecast = Self.forecasts(of: feed)[cityKey] else {
            throw .unexpectedResponse(host: client.host, detail: "no forecast for \(city.englishName)")
        }
        forecast.current = feed.cities.first
        return forecast
    }

    /// Every place's days and hours in one request (its coordinates comma-separated, as the
    /// list's), each place weighing what a detail's request weighs: the bundled top cities by key,
    /// the own cities by the place their search found.
    public func forecasts(cityKeys: [String], own: [PinnedCity], language: String) async throws(ServiceError) -> [String: ForecastResponse] {
        let ownPlaces = Dictionary(own.compactMap { city in city.place.map { (city.key, TopCity(place: $0, key: city.key)) } },
                                   uniquingKeysWith: { first, _ in first })
        let remembered = lock.withLock { places }
        let cities = cityKeys.compactMap { key in
            OpenMeteoTopCities.all.first(where: { $0.key == key }) ?? ownPlaces[key] ?? remembered[key]
        }
        guard !cities.isEmpty else {
            throw .unexpectedResponse(host: client.host, detail: "no known place for \(cityKeys.joined(separator: ", "))")
        }
        let feed = try await client.conditions(for: cities, language: language, withForecasts: true)
        recordCalls?(OpenMeteoClient.cost(places: cities.count, withForecasts: true))
        var answers = Self.forecasts(of: feed)
        for weather in feed.cities { answers[weather.key]?.current = weather }
        return answers
    }

    /// Each city's days and hours from one answer.
    static func forecasts(of feed: OpenMeteoFeed) -> [String: ForecastResponse] {
        feed.dailyForecasts.reduce(into: [:]) { out, entry in
            out[entry.key] = ForecastResponse(forecast: entry.value, rateLimitRemaining: nil, hourly: feed.hourlyForecasts[entry.key])
        }
    }
}
