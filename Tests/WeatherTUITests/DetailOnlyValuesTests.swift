import Foundation
import Testing
import WeatherCore
import WeatherModels
@testable import WeatherTUI

/// Gusts, UV index and visibility come with the detail's own request (Open-Meteo's list leaves
/// them out to weigh one call a place): the detail shows them from the forecast kept for the city.
@Suite struct DetailOnlyValuesTests {
    @Test func theDetailShowsWhatOnlyItsOwnRequestBrought() {
        let listed = ViewFixtures.make(key: "1", name: "Lima", country: "Peru")
        var state = ViewFixtures.state([listed])
        var detailed = listed
        detailed.uvIndex = 7
        detailed.uvIndexText = "High"
        detailed.visibility = MetricImperial(metric: UnitValue(value: 9.5, unit: "km"), imperial: nil)
        #expect(DetailView.Content(state).city?.uvIndex == listed.uvIndex)
        state.forecasts["1"] = StoredForecast(fetchedAt: ViewFixtures.now, forecast: DailyForecastResponse(headline: nil, dailyForecasts: []),
                                              current: detailed)
        let shown = DetailView.Content(state).city
        #expect(shown?.uvIndex == 7 && shown?.uvIndexText == "High")
        #expect(shown?.visibility?.metric?.value == 9.5)
        #expect(shown?.temperature == listed.temperature, "the list's own values stay")
    }
}
