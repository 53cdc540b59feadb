import Foundation
import Testing
import WeatherHTTP
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// The alerts' reducer on its own: the clock, the words and the places (with the source of each)
/// are all it needs of the rest; AccuWeather's gate is the state around it's.
@Suite struct AlertsStateTests {
    typealias A = AlertsReducerTests

    static func request(_ key: String, _ source: AlertSource) -> AlertRequest {
        AlertRequest(cityKey: key, source: source, latitude: 1, longitude: 2)
    }

    @Test func nothingIsDueBeforeTheSavedAlertsAreReadNorWhileAskedAlready() {
        var alerts = AlertsState()
        let covered = [Self.request("6", .nws), Self.request("7", .metNorway)]
        #expect(alerts.due(covered, now: Make.t0).isEmpty)
        #expect(alerts.placesCovered == 0, "not counted before the file is read")
        #expect(alerts.reduce(.alertsRestored(StoredAlerts()), language: .english) == .restored(notice: nil))
        alerts.asked(covered[0])
        #expect(alerts.due(covered, now: Make.t0) == [AlertsState.Due(request: covered[1], freshUntil: nil)])
        #expect(alerts.placesCovered == 2)
    }

    @Test func anAnswerIsKeptAndHoldsThePlaceOffUntilItMayBeAskedAgain() {
        var alerts = AlertsState()
        alerts.restored = true
        let nws = Self.request("6", .nws)
        alerts.asked(nws)
        let answer = AlertsAnswer(alerts: [A.storm()], notices: ["Heavy snow expected"], freshUntil: Make.t0 + 60)
        guard case .answered(let notices, let saved) = alerts.reduce(.alertsLoaded(nws, .success(answer), askedAt: Make.t0), language: .english) else {
            Issue.record("an answer is kept")
            return
        }
        #expect(notices == ["\(AlertSource.nws.displayName): Heavy snow expected"])
        #expect(saved == alerts.kept && alerts.callsThisRun == 1 && alerts.inFlight.isEmpty)
        #expect(alerts.due([nws], now: Make.t0 + 1) == [AlertsState.Due(request: nws, freshUntil: Make.t0 + State.alertsSpacing)],
                "ten minutes at least, whatever the source says")
    }

    @Test func anOfficialSourcesLimitHoldsItsOwnGateAndAccuWeathersIsHandedBack() {
        var alerts = AlertsState()
        let limited = ServiceError.rateLimited(reason: "slow down", status: 429, until: Make.t0 + 600)
        let official = alerts.reduce(.alertsLoaded(Self.request("6", .nws), .failure(.network(limited)), askedAt: Make.t0), language: .english)
        guard case .failed(_, .nws, _, _) = official else {
            Issue.record("a failure is handed back")
            return
        }
        #expect(alerts.gate(for: .nws).hold?.until == Make.t0 + 600)
        #expect(alerts.kept.byCityKey["6"]?.failure != nil && alerts.kept.byCityKey["6"]?.alerts == nil)
        _ = alerts.reduce(.alertsLoaded(Self.request("1", .accuWeather), .failure(.network(.quotaExceeded)), askedAt: Make.t0), language: .english)
        #expect(alerts.gate(for: .accuWeather).hold == nil, "AccuWeather's limit is its weather gate's")
        #expect(alerts.callsThisRun == 2)
    }

    @Test func aCancelledRequestKeepsNothing() {
        var alerts = AlertsState()
        alerts.asked(Self.request("1", .accuWeather))
        #expect(alerts.reduce(.alertsLoaded(Self.request("1", .accuWeather), .failure(.network(.cancelled)), askedAt: Make.t0),
                              language: .english) == .cancelled)
        #expect(alerts.inFlight.isEmpty && alerts.inFlightAccuWeather.isEmpty && alerts.kept == StoredAlerts())
    }

    @Test func theHighestSeverityIsOfWhatStandsFromThePlacesOwnSource() {
        var alerts = AlertsState()
        let minor = A.storm(severity: .minor), extreme = A.storm(severity: .extreme)
        alerts.kept.byCityKey = [
            "6": PlaceAlerts(source: .nws, askedAt: Make.t0, nextAskAt: Make.t0 + 600, alerts: [minor, extreme]),
            "7": PlaceAlerts(source: .nws, askedAt: Make.t0, nextAskAt: Make.t0 + 600, alerts: [minor]),
        ]
        let source: (CityWeather) -> AlertSource? = { $0.key == "6" ? .nws : .metNorway }
        alerts.noteHighest(among: [A.denver, A.oslo], source: source, now: Make.t0 + 60)
        #expect(alerts.highest == ["6": .extreme], "Oslo's alerts are not of its source")
        alerts.noteHighest(among: [A.denver, A.oslo], source: source, now: Make.t0 + State.alertsKnownFor + 1)
        #expect(alerts.highest.isEmpty, "what was said too long ago does not stand")
    }
}
