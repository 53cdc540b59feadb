import WeatherHTTP
import WeatherModels

/// A Top Cities answer: the cities and, when the server said, how many calls are left today.
public struct TopCitiesResponse: Equatable, Sendable {
    public var cities: [CityWeather]
    public var rateLimitRemaining: Int?

    public init(cities: [CityWeather], rateLimitRemaining: Int?) {
        self.cities = cities
        self.rateLimitRemaining = rateLimitRemaining
    }
}

/// A forecast answer, with the rate limit header when present.
public struct ForecastResponse: Equatable, Sendable {
    public var forecast: DailyForecastResponse
    public var rateLimitRemaining: Int?

    public init(forecast: DailyForecastResponse, rateLimitRemaining: Int?) {
        self.forecast = forecast
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
}
