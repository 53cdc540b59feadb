import WeatherModels

/// Everything one `/v1/forecast` request brings for a list of cities: current conditions in the
/// app's `CityWeather` shape, and each city's daily and hourly forecasts by city key.
public struct OpenMeteoFeed: Equatable, Sendable {
    /// Current conditions, in the order the cities were asked for.
    public var cities: [CityWeather]
    /// The next 5 days, by city key.
    public var dailyForecasts: [String: DailyForecastResponse]
    /// The next 24 hours, by city key.
    public var hourlyForecasts: [String: HourlyForecastResponse]

    public init(cities: [CityWeather], dailyForecasts: [String: DailyForecastResponse], hourlyForecasts: [String: HourlyForecastResponse]) {
        self.cities = cities
        self.dailyForecasts = dailyForecasts
        self.hourlyForecasts = hourlyForecasts
    }
}
