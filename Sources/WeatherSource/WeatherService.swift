import WeatherHTTP
import WeatherModels

/// A Top Cities answer: the cities and, when the server said, how many calls are left today.
public struct TopCitiesResponse: Equatable, Sendable {
    public var cities: [CityWeather]
    public var rateLimitRemaining: Int?
    /// The user's own cities asked for beside the top cities, in the order asked.
    public var ownCities: [CityWeather]
    /// Forecasts the same answer brought, by city key, kept so the detail shows them without a
    /// request. No source brings any today: a forecast would make Open-Meteo's list request
    /// weigh more than a call a place, so each city's comes when its detail opens.
    public var forecasts: [String: ForecastResponse]
    /// Own cities asked for whose call failed while the top cities came (AccuWeather asks for
    /// each on its own): the refresh still stands, these are missing from `ownCities`.
    public var unrefreshed: UnrefreshedCities?

    public init(cities: [CityWeather], rateLimitRemaining: Int?, ownCities: [CityWeather] = [], forecasts: [String: ForecastResponse] = [:],
                unrefreshed: UnrefreshedCities? = nil) {
        self.cities = cities
        self.rateLimitRemaining = rateLimitRemaining
        self.ownCities = ownCities
        self.forecasts = forecasts
        self.unrefreshed = unrefreshed
    }
}

/// Own cities a refresh could not bring, and the first reason why.
public struct UnrefreshedCities: Equatable, Sendable {
    public var cities: [PinnedCity]
    public var error: ServiceError

    public init(cities: [PinnedCity], error: ServiceError) {
        self.cities = cities
        self.error = error
    }
}

/// A forecast answer, with the rate limit header when present.
public struct ForecastResponse: Equatable, Sendable {
    public var forecast: DailyForecastResponse
    public var rateLimitRemaining: Int?
    /// The coming hours, when the same answer brought them.
    public var hourly: HourlyForecastResponse?
    /// The place's conditions, when the same answer brought them with values the list's lacks.
    public var current: CityWeather?

    public init(forecast: DailyForecastResponse, rateLimitRemaining: Int?, hourly: HourlyForecastResponse? = nil, current: CityWeather? = nil) {
        self.forecast = forecast
        self.rateLimitRemaining = rateLimitRemaining
        self.hourly = hourly
        self.current = current
    }
}

/// An hourly forecast answer, with the rate limit header when present.
public struct HourlyResponse: Equatable, Sendable {
    public var hourly: HourlyForecastResponse
    public var rateLimitRemaining: Int?

    public init(hourly: HourlyForecastResponse, rateLimitRemaining: Int?) {
        self.hourly = hourly
        self.rateLimitRemaining = rateLimitRemaining
    }
}

/// What the app needs from a weather source; `AccuWeatherClient` and `OpenMeteoService` are the
/// live ones, tests use fakes.
public protocol WeatherService: Sendable {
    /// The current conditions of the first `count` top cities, names in `language`.
    func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse
    /// A city's 5-day forecast.
    func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse
    /// One refresh: the top cities and the user's own cities (`own`, those this source can
    /// fetch: `WeatherProvider.canFetch`) in `ownCities`.
    func topCities(count: Int, language: String, own: [PinnedCity]) async throws(ServiceError) -> TopCitiesResponse
    /// Only these places' current conditions (a `--city` run's places that are not fresh), in
    /// `ownCities`, with no top city: each place costs what it costs in a refresh.
    func conditionsOfPlaces(_ own: [PinnedCity], language: String) async throws(ServiceError) -> TopCitiesResponse
    /// Places whose name matches `text` (docs/spec.md §4), best first; `[]` when none does.
    func searchPlaces(_ text: String, language: String) async throws(ServiceError) -> [PlaceMatch]
    /// A city's coming hours as a call of their own; nil when the source has no such call (its
    /// daily answer brings them, or it has none).
    func hourlyForecast(cityKey: String, language: String) async throws(ServiceError) -> HourlyResponse?
    /// Several places' days and hours (`--once --forecast`), in as few requests as the source
    /// allows: Open-Meteo's one request for every place; `own` are the own cities among the keys.
    func forecasts(cityKeys: [String], own: [PinnedCity], language: String) async throws(ServiceError) -> [String: ForecastResponse]
}

extension WeatherService {
    /// A source without own cities (a test's fake) lists the top cities only.
    public func topCities(count: Int, language: String, own: [PinnedCity]) async throws(ServiceError) -> TopCitiesResponse {
        try await topCities(count: count, language: language)
    }

    /// A source without places of its own (a test's fake) brings none.
    public func conditionsOfPlaces(_ own: [PinnedCity], language: String) async throws(ServiceError) -> TopCitiesResponse {
        TopCitiesResponse(cities: [], rateLimitRemaining: nil)
    }

    /// A source without a place search (a test's fake) finds nothing.
    public func searchPlaces(_ text: String, language: String) async throws(ServiceError) -> [PlaceMatch] { [] }

    public func hourlyForecast(cityKey: String, language: String) async throws(ServiceError) -> HourlyResponse? { nil }

    /// A source that asks about one place at a time (AccuWeather) asks for each in turn, its days
    /// and then its hours. The first failure ends the run: the places that came are kept, unless
    /// none did (a limit or a key every further call would meet is not asked again). Hours that
    /// fail leave the days.
    public func forecasts(cityKeys: [String], own: [PinnedCity], language: String) async throws(ServiceError) -> [String: ForecastResponse] {
        var answers: [String: ForecastResponse] = [:]
        for key in cityKeys {
            var answer: ForecastResponse
            do throws(ServiceError) {
                answer = try await dailyForecast(cityKey: key, language: language)
            } catch {
                if answers.isEmpty { throw error }
                break
            }
            do throws(ServiceError) {
                if let hours = try await hourlyForecast(cityKey: key, language: language) {
                    answer.hourly = hours.hourly
                    answer.rateLimitRemaining = hours.rateLimitRemaining ?? answer.rateLimitRemaining
                }
            } catch {}
            answers[key] = answer
        }
        return answers
    }
}
