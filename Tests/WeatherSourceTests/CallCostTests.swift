import Testing
import WeatherSource

@Suite("CallCost: each source's own counting")
struct CallCostTests {
    // Open-Meteo's calculateQueryWeight: max(1, variables / 10 × max(1, days / 14)) a place.
    @Test func openMeteoCountsOneCallAPlaceUpToTenVariablesAndTwoWeeks() {
        #expect(CallCost.openMeteo(places: 1, variables: 1, days: 1) == 1)
        #expect(CallCost.openMeteo(places: 150, variables: 10, days: 5) == 150)
        #expect(CallCost.openMeteo(places: 0, variables: 20, days: 5) == 0)
    }

    @Test func openMeteoPricingExamplesFifteenVariablesAreOneAndAHalfCalls() {
        // The pricing page's examples: 15 variables × 14 days = 1.5 calls; × 28 days = 3.0.
        #expect(CallCost.openMeteo(places: 1, variables: 15, days: 14) == 1.5)
        #expect(CallCost.openMeteo(places: 1, variables: 15, days: 28) == 3.0)
    }

    @Test func openMeteoTwentyVariablesForOneHundredFiftyPlacesAreThreeHundredCalls() {
        // The list's refresh before #33: 14 current + 2 hourly + 4 daily variables.
        #expect(CallCost.openMeteo(places: 150, variables: 20, days: 5) == 300)
    }

    @Test func openMeteoCountsLongSpansEvenWithFewVariables() {
        // Ten variables over 28 days weigh 2; one variable over 28 days stays at the floor of 1.
        #expect(CallCost.openMeteo(places: 1, variables: 10, days: 28) == 2)
        #expect(CallCost.openMeteo(places: 1, variables: 1, days: 28) == 1)
    }

    @Test func accuWeatherCountsTheListOneCallAnOwnCityAndTwoForADetail() {
        #expect(CallCost.accuWeatherRefresh(ownCities: 0) == 1)
        #expect(CallCost.accuWeatherRefresh(ownCities: 3) == 4)
        #expect(CallCost.accuWeatherDetail == 2)
    }
}
