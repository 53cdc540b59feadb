import Testing
import WeatherModels
@testable import OpenMeteo

/// What a refresh brings besides the cities: each city's days and hours, paired by key, so the
/// detail shows both without another request.
@Suite struct OpenMeteoServiceForecastsTests {
    @Test func daysAndHoursArePairedByCity() {
        let days = DailyForecastResponse(headline: nil, dailyForecasts: [])
        let hours = HourlyForecastResponse(hours: [HourlyForecast(epochTime: 0, temperatureCelsius: 1, precipitationProbability: 2, weatherIcon: 1, isDaylight: true)])
        let feed = OpenMeteoFeed(cities: [], dailyForecasts: ["a": days, "b": days], hourlyForecasts: ["a": hours])
        let forecasts = OpenMeteoService.forecasts(of: feed)
        #expect(forecasts.count == 2)
        #expect(forecasts["a"]?.hourly == hours && forecasts["a"]?.forecast == days)
        #expect(forecasts["b"]?.hourly == nil)
        #expect(forecasts.values.allSatisfy { $0.rateLimitRemaining == nil })
    }
}
