import Foundation
import Testing
import WeatherModels
import WeatherHTTP
@testable import WeatherCore

/// The detail's reducer on its own: the selected city, the clock and the words are all it needs.
@Suite struct DetailStateTests {
    @Test func enterOpensTheSelectedCitysDetailAndEscClosesIt() {
        var detail = DetailState()
        #expect(detail.reduce(.openDetail, selected: nil, now: Make.t0, language: .english) == .passed([]))
        #expect(detail.mode == .list, "no city selected: nothing opens")
        #expect(detail.reduce(.openDetail, selected: "2", now: Make.t0, language: .english) == .opened("2", wasOpen: false))
        #expect(detail.reduce(.openDetail, selected: "2", now: Make.t0, language: .english) == .opened("2", wasOpen: true))
        #expect(detail.reduce(.closeDetail, selected: "2", now: Make.t0, language: .english) == .closed && detail.mode == .list)
        #expect(detail.reduce(.closeDetail, selected: "2", now: Make.t0, language: .english) == .passed([]), "Esc from the list is the rest's")
    }

    @Test func aFailedForecastSaysWhyInTheRunsWordsAndIsNoLongerInFlight() {
        var detail = DetailState()
        detail.asked(["2"])
        _ = detail.reduce(.forecastLoaded(cityKey: "2", .failure(.network(.quotaExceeded))), selected: "2", now: Make.t0, language: .english)
        #expect(detail.forecastsInFlight.isEmpty && detail.forecastErrors["2"] == FeedError.network(.quotaExceeded).description(in: .english))
    }

    @Test func whyNoneWentIsNotSaidOverAKeptForecastWhenAskedSo() {
        var detail = DetailState()
        detail.forecasts["1"] = ReducerTests.forecast(at: Make.t0)
        detail.notAsked(["1", "2"], why: "offline", unlessKept: true)
        #expect(detail.forecastErrors == ["2": "offline"])
    }
}
