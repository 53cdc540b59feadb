import Testing
import OpenMeteo
import WeatherCore

/// Saved forecasts are kept while the longest a source sends still has a day ahead: Open-Meteo's
/// week opened offline on its sixth day still shows its last two.
@Suite struct ForecastKeepAgeTests {
    @Test func savedForecastsLastAsLongAsOpenMeteosWeek() {
        #expect(State.forecastKeepAge >= Double(OpenMeteoClient.forecastDays) * 86_400)
    }
}
