import Foundation
import Testing
import WeatherModels
import WeatherSource
import WeatherHTTP
@testable import WeatherCore

/// `--once --forecast` through the reducer (State+PrintedForecasts.swift): forecasts saved within
/// the hour are used, the others asked for in one request through the gate.
@Suite struct PrintedForecastsReducerTests {
    typealias R = ReducerTests

    @Test func forecastsSavedWithinTheHourAreUsedWithoutARequest() {
        var state = R.loaded()
        state.detail.forecasts = ["1": R.forecast(at: Make.t0 - 3599), "2": R.forecast(at: Make.t0 - 60)]
        R.expect(state, .forecastsWanted(["1", "2"]))
    }

    @Test func theOthersComeInOneRequestCostingEachPlaceItsForecast() {
        var state = R.loaded()
        state.detail.forecasts = ["1": R.forecast(at: Make.t0 - 60), "2": R.forecast(at: Make.t0 - 3600)]
        let pass = GatePass.open(.forecast, calls: 2 * 2)
        R.expect(state, .forecastsWanted(["1", "2", "3"]),
                 effects: [.fetchForecasts(cityKeys: ["2", "3"], own: [], language: "en-us", pass: pass)]) {
            $0.detail.forecastsInFlight = ["2", "3"]
        }
    }

    @Test func whatCameIsKeptAndSavedAndAMissingPlaceSaysSo() {
        var state = R.loaded()
        _ = state.reduce(.forecastsRestored(StoredForecasts()))
        _ = state.reduce(.forecastsWanted(["2", "3"]))
        let two = R.forecast(at: Make.t0)
        R.expect(state, .forecastsLoaded(cityKeys: ["2", "3"], .success(["2": ForecastPayload(forecast: two, rateLimitRemaining: 7)])),
                 effects: [.saveForecasts(StoredForecasts(byCityKey: ["2": two]))]) {
            $0.detail.forecastsInFlight = []
            $0.detail.forecasts = ["2": two]
            $0.detail.forecastErrors = ["3": "no forecast in the answer"]
            $0.rateLimitRemaining = 7
        }
    }

    @Test func offlineAsksNothingAndSaysWhyWhereNothingIsSaved() {
        var config = AppConfig(refreshAfter: 1800)
        config.offline = true
        var state = R.loaded(config: config)
        state.detail.forecasts = ["1": R.forecast(at: Make.t0 - 7200)]
        let after = R.expect(state, .forecastsWanted(["1", "2"])) {
            $0.detail.forecastErrors["2"] = FeedPolicy.fetchBlocked(config: config)?.errorDescription
        }
        #expect(after.detail.forecastErrors["2"] != nil)
    }
}
