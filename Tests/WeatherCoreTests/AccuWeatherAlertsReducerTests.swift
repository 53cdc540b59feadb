import Foundation
import Testing
import WeatherHTTP
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// AccuWeather's alerts through the reducer: asked only of places no keyless official source
/// covers, only with AccuWeather's weather, through its weather gate with half its day's budget.
@Suite struct AccuWeatherAlertsReducerTests {
    typealias A = AlertsReducerTests

    static let paris = Make.city("623", "Paris", country: "France", code: "FR", lat: 48.8566, lon: 2.3522)
    static let feed = Make.feed([A.tokyo, A.berlin, A.denver, paris], at: Make.t0)

    static func config(budget: Int?, provider: WeatherProvider = .accuWeather) -> AppConfig {
        var config = AppConfig(refreshAfter: 1800, provider: provider)
        config.dailyCalls = budget
        return config
    }

    /// The feed restored, the ledger saying `spent`, the saved alerts read: the effects of the last.
    static func asking(_ config: AppConfig, spent: Double = 0) -> (State, [Effect]) {
        var state = State(config: config, now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(feed)))
        _ = state.reduce(.ledgerRead(calls: [config.provider: spent]))
        let effects = state.reduce(.alertsRestored(StoredAlerts()))
        return (state, effects)
    }

    static func accuWeatherKeys(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .fetchAccuWeatherAlerts(let request, let pass) = $0, pass.provider == .accuWeather, pass.purpose == .alerts { request.cityKey } else { nil } }
    }

    @Test func placesNoKeylessSourceCoversAreAskedOfAccuWeatherTheOthersOfTheirOwn() {
        let (state, effects) = Self.asking(Self.config(budget: 100))
        #expect(Self.accuWeatherKeys(effects) == ["1", "623"], "Tokyo and Paris")
        #expect(A.requests(effects).map(\.source) == [.brightSky, .nws], "Berlin and Denver of their keyless sources")
        #expect(state.alertCallsPerRound == 4)
        #expect(state.alertSource(for: A.denver) == .nws)
        #expect(state.alertSource(for: Self.paris) == .accuWeather)
    }

    @Test func withAnotherWeatherSourceAccuWeatherIsNeverAsked() {
        let (state, effects) = Self.asking(Self.config(budget: 100, provider: .openMeteo))
        #expect(Self.accuWeatherKeys(effects).isEmpty)
        #expect(state.alertSource(for: Self.paris) == nil)
    }

    @Test func withoutABudgetNoneIsAskedOfAccuWeatherAndTheDetailSaysWhy() {
        let (state, effects) = Self.asking(Self.config(budget: nil))
        #expect(Self.accuWeatherKeys(effects).isEmpty)
        #expect(A.requests(effects).count == 2)
        #expect(state.alertCallsPerRound == 2)
        #expect(state.alertStatus(for: Self.paris) == .unknown(why: State.accuWeatherAlertsNeedBudget))
    }

    @Test func aSpentHalfBudgetAsksNothingOfAccuWeather() {
        // 100 a day: the alerts may bring the day to 50; 50 are spent.
        let (state, effects) = Self.asking(Self.config(budget: 100), spent: 50)
        #expect(Self.accuWeatherKeys(effects).isEmpty)
        #expect(A.requests(effects).count == 2, "the keyless sources cost nothing and are still asked")
        guard case .unknown(let why) = state.alertStatus(for: Self.paris) else {
            Issue.record("Paris's alerts shown as known")
            return
        }
        #expect(why.hasPrefix("alerts could not be checked (AccuWeather's alerts may spend half of today's budget of 100 calls, and 50 are spent: none is asked until "))
    }

    @Test func theCallsUnderWayCountAgainstTheBudget() {
        // One call left under half the budget: Tokyo goes, Paris waits.
        let (_, effects) = Self.asking(Self.config(budget: 100), spent: 49)
        #expect(Self.accuWeatherKeys(effects) == ["1"])
    }

    @Test func anAnswerCountsAtOnceAndHoldsThePlaceTenMinutes() {
        var (state, _) = Self.asking(Self.config(budget: 100), spent: 10)
        let request = AlertRequest(cityKey: "623", source: .accuWeather, latitude: 48.8566, longitude: 2.3522)
        // The client counts the call as AccuWeather answers, before the answer reaches the state.
        _ = state.reduce(.ledger(.answered(.accuWeather, calls: 1)))
        _ = state.reduce(.alertsLoaded(request, .success(AlertsAnswer(alerts: [], freshUntil: Make.t0 + 60)), askedAt: Make.t0))
        #expect(state.gate(for: .accuWeather).spentToday == 11)
        #expect(state.alertsState.inFlightAccuWeather == ["1"])
        #expect(state.alertStatus(for: Self.paris) == .checked([], source: .accuWeather))
        #expect(Self.accuWeatherKeys(state.reduce(.tick(Make.t0 + 599))).isEmpty)
        #expect(Self.accuWeatherKeys(state.reduce(.tick(Make.t0 + 600))) == ["623"])
    }

    @Test func aSpentDayHoldsAccuWeathersWeatherToo() {
        var (state, _) = Self.asking(Self.config(budget: 100))
        let request = AlertRequest(cityKey: "623", source: .accuWeather, latitude: 48.8566, longitude: 2.3522)
        _ = state.reduce(.ledger(.answered(.accuWeather, calls: 1)))
        _ = state.reduce(.alertsLoaded(request, .failure(.network(.quotaExceeded)), askedAt: Make.t0))
        #expect(state.gate(for: .accuWeather).hold(at: Make.t0) != nil)
        #expect(state.alertGate(for: .accuWeather).hold == nil, "no alerts gate of its own")
        #expect(state.gate(for: .accuWeather).spentToday == 1, "a refusal AccuWeather answered is a call")
    }
}
