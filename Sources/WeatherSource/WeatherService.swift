import WeatherHTTP
import WeatherModels

/// A Top Cities answer: the cities and, when the server said, how many calls are left today.
public struct TopCitiesResponse: Equatable, Sendable {
    public var cities: [CityWeather]
    public var rateLimitRemaining: Int?
    /// Forecasts the same answer brought, by city key (Open-Meteo's one request has them; they
    /// cost nothing more, so the detail shows them without a key press).
    public var forecasts: [String: ForecastResponse]

    public init(cities: [CityWeather], rateLimitRemaining: Int?, forecasts: [String: ForecastResponse] = [:]) {
        self.cities = cities
        self.rateLimitRemaining = rateLimitRemaining
        self.forecasts = forecasts
    }
}

/// A forecast answer, with the rate limit header when present.
public struct ForecastResponse: Equatable, Sendable {
    public var forecast: DailyForecastResponse
    public var rateLimitRemaining: Int?
    /// The coming hours, when the same answer brought them.
    public var hourly: HourlyForecastResponse?

    public init(forecast: DailyForecastResponse, rateLimitRemaining: Int?, hourly: HourlyForecastResponse? = nil) {
        self.forecast = forecast
        self.rateLimitRemaining = rateLimitRemaining
        self.hourly = hourly
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
    /// A city's coming hours as a call of their own; nil when the source has no such call (its
    /// daily answer brings them, or it has none).
    func hourlyForecast(cityKey: String, language: String) async throws(ServiceError) -> HourlyResponse?
}

extension WeatherService {
    public func hourlyForecast(cityKey: String, language: String) async throws(ServiceError) -> HourlyResponse? { nil }
}
