import Foundation
import Testing
import WeatherCore
import WeatherModels
import EssentialsSupport
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
        state.detail.forecasts["1"] = StoredForecast(fetchedAt: ViewFixtures.now, forecast: DailyForecastResponse(headline: nil, dailyForecasts: []),
                                              current: detailed)
        let shown = DetailView.Content(state).city
        #expect(shown?.uvIndex == 7 && shown?.uvIndexText == "High")
        #expect(shown?.visibility?.metric?.value == 9.5)
        #expect(shown?.temperature == listed.temperature, "the list's own values stay")
    }
}

/// The header keeps the time of the data and the next refresh at every width (issue #33: at 60
/// columns it used to cut "updated 2…").
@Suite struct NarrowHeaderTests {
    @Test(arguments: [60, 50, 40])
    func theTimeAndTheNextRefreshStayAt(columns: Int) {
        var state = ViewFixtures.state([ViewFixtures.make(key: "1", name: "Lima", country: "Peru")])
        state.config.provider = .openMeteo
        let text = HeaderView.text(HeaderView.Content(state), width: columns)
        #expect(DisplayWidth.width(of: text) <= columns, "\(text)")
        #expect(text.contains("updated 12:04") && text.contains("next 12:34"), "\(text)")
        if columns >= 60 { #expect(text.contains("Open-Meteo.com"), "\(text)") }
    }
}

/// The days' columns are padded by what a terminal draws, not by characters: a weekday in
/// Japanese (two columns a character) keeps the rows aligned.
@Suite struct DetailPaddingTests {
    @Test func aWideWeekdayTakesItsColumnsNotItsCharacters() {
        #expect(DisplayWidth.width(of: DetailView.pad("金 ☀", DetailView.dayWidth)) == DetailView.dayWidth)
        #expect(DisplayWidth.width(of: DetailView.pad("12°", DetailView.degreeWidth, right: true)) == DetailView.degreeWidth)
    }
}
