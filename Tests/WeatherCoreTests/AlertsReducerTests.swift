import Foundation
import Testing
import WeatherHTTP
import WeatherModels
import WeatherSource
@testable import WeatherCore

extension AlertPass {
    /// The pass an alerts gate with no hold gives the place of `cityKey`: what a test expects an effect to carry.
    static func open(_ source: AlertSource, _ cityKey: String) -> AlertPass {
        guard case .success(let pass) = AlertGate(source: source).admit(cityKey: cityKey, freshUntil: nil, now: Date(timeIntervalSince1970: 0)) else {
            preconditionFailure("an open gate refused")
        }
        return pass
    }
}

/// The listed places' official alerts through the reducer, on an injected clock: asked of the
/// source covering each place's country once the saved alerts are read, at most once in ten
/// minutes, kept, expired ones dropped, and unknown never shown as none.
@Suite struct AlertsReducerTests {
    typealias R = ReducerTests

    static let denver = Make.city("6", "Denver", country: "United States", code: "US", lat: 39.7392, lon: -104.9903)
    static let oslo = Make.city("7", "Oslo", country: "Norway", code: "NO", lat: 59.9139, lon: 10.7522)
    static let berlin = Make.cities[3]
    static let tokyo = Make.cities[0]
    static let feed = Make.feed([tokyo, berlin, denver, oslo], at: Make.t0)

    static func request(_ city: CityWeather, _ source: AlertSource) -> AlertRequest {
        AlertRequest(cityKey: city.key, source: source, latitude: city.geoPosition?.latitude ?? 0, longitude: city.geoPosition?.longitude ?? 0)
    }

    static let asked: [Effect] = [
        .fetchAlerts(request(berlin, .brightSky), pass: .open(.brightSky, "4")),
        .fetchAlerts(request(denver, .nws), pass: .open(.nws, "6")),
        .fetchAlerts(request(oslo, .metNorway), pass: .open(.metNorway, "7")),
    ]

    /// The alerts requests among `effects`.
    static func requests(_ effects: [Effect]) -> [AlertRequest] {
        effects.compactMap { if case .fetchAlerts(let request, _) = $0 { request } else { nil } }
    }

    static func storm(expires: Date? = Make.t0 + 7_200, severity: AlertSeverity = .severe) -> WeatherAlert {
        WeatherAlert(event: "Winter Storm Warning", severity: severity, headline: "Heavy snow", expires: expires, sender: "NWS Boulder CO", source: .nws)
    }

    /// A fresh feed of Tokyo, Berlin, Denver and Oslo restored; the saved alerts not read yet.
    static func loaded(config: AppConfig = AppConfig(refreshAfter: 1800)) -> State {
        var state = State(config: config, now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(feed)))
        return state
    }

    /// Loaded with the saved alerts read (none) and every covered place asked.
    static func asking() -> State {
        var state = loaded()
        _ = state.reduce(.alertsRestored(StoredAlerts()))
        return state
    }

    @Test func nothingIsAskedBeforeTheSavedAlertsAreRead() {
        var state = Self.loaded()
        #expect(state.reduce(.tick(Make.t0 + 60)).isEmpty)
        #expect(state.alertStatus(for: Self.denver) == .unknown(why: "alerts not checked yet"))
    }

    @Test func eachCoveredPlaceIsAskedOfItsCountrysSourceAndNoneOtherIs() {
        R.expect(Self.loaded(), .alertsRestored(StoredAlerts()), effects: Self.asked) {
            $0.alertsState.restored = true
            $0.alertsState.inFlight = ["4", "6", "7"]
            $0.alertsState.placesCovered = 3
        }
        var state = Self.asking()
        // AccuWeather gives the weather here, without a budget: Tokyo is not asked of it either.
        #expect(state.alertStatus(for: Self.tokyo) == .unknown(why: State.accuWeatherAlertsNeedBudget))
        var openMeteo = Self.loaded(config: AppConfig(refreshAfter: 1800, provider: .openMeteo))
        _ = openMeteo.reduce(.alertsRestored(StoredAlerts()))
        #expect(openMeteo.alertStatus(for: Self.tokyo) == .uncovered(country: "Japan"))
        #expect(openMeteo.alertStatus(for: Self.tokyo).words() == "no official alerts source for Japan")
        #expect(state.reduce(.tick(Make.t0 + 60)) == [], "a place in flight is not asked again")
    }

    @Test func anAnswerIsKeptSavedAndHoldsTheNextRequestTenMinutes() {
        let payload = AlertsAnswer(alerts: [Self.storm(), Self.storm(expires: Make.t0 - 1)], freshUntil: Make.t0 + 60)
        let kept = PlaceAlerts(source: .nws, askedAt: Make.t0, nextAskAt: Make.t0 + 600, alerts: [Self.storm()])
        var state = R.expect(Self.asking(), .alertsLoaded(Self.request(Self.denver, .nws), .success(payload), askedAt: Make.t0),
                             effects: [.saveAlerts(StoredAlerts(byCityKey: ["6": kept]))]) {
            $0.alertsState.inFlight = ["4", "7"]
            $0.alertsState.callsThisRun = 1
            $0.alertsState.kept.byCityKey["6"] = kept
            $0.alertsState.highest = ["6": .severe]
        }
        #expect(state.alertStatus(for: Self.denver) == .checked([Self.storm()], source: .nws))
        #expect(state.placesWithAlerts == ["6"])
        #expect(state.reduce(.tick(Make.t0 + 599)) == [])
        #expect(state.reduce(.tick(Make.t0 + 600)) == [.fetchAlerts(Self.request(Self.denver, .nws), pass: .open(.nws, "6"))])
    }

    @Test func aSourcesLongerFreshnessPutsTheNextRequestOff() {
        var state = Self.asking()
        _ = state.reduce(.alertsLoaded(Self.request(Self.denver, .nws), .success(AlertsAnswer(alerts: [], freshUntil: Make.t0 + 1_800)), askedAt: Make.t0))
        #expect(state.alertStatus(for: Self.denver) == .checked([], source: .nws))
        #expect(state.reduce(.tick(Make.t0 + 1_799)) == [])
        #expect(Self.requests(state.reduce(.tick(Make.t0 + 1_800))) == [Self.request(Self.denver, .nws)])
    }

    @Test func anAlertIsDroppedWhenItExpires() {
        var state = Self.asking()
        _ = state.reduce(.alertsLoaded(Self.request(Self.denver, .nws), .success(AlertsAnswer(alerts: [Self.storm(expires: Make.t0 + 300)], freshUntil: Make.t0)), askedAt: Make.t0))
        #expect(state.alertStatus(for: Self.denver).alerts?.count == 1)
        _ = state.reduce(.tick(Make.t0 + 300))
        #expect(state.alertStatus(for: Self.denver) == .checked([], source: .nws))
        #expect(state.placesWithAlerts.isEmpty)
    }

    @Test func theMostSevereComesFirst() {
        var state = Self.asking()
        let minor = Self.storm(severity: .minor), extreme = Self.storm(severity: .extreme)
        _ = state.reduce(.alertsLoaded(Self.request(Self.denver, .nws), .success(AlertsAnswer(alerts: [minor, extreme], freshUntil: Make.t0)), askedAt: Make.t0))
        #expect(state.alertStatus(for: Self.denver).alerts == [extreme, minor])
        #expect(state.alertStatus(for: Self.denver).highestSeverity == .extreme)
    }

    @Test func aSourceDownIsUnknownNeverNoneAndIsAskedAgainTenMinutesOn() {
        var state = Self.asking()
        let effects = state.reduce(.alertsLoaded(Self.request(Self.oslo, .metNorway), .failure(.network(.unreachable(host: "api.met.no"))), askedAt: Make.t0))
        #expect(effects.count == 1)
        #expect(state.alertStatus(for: Self.oslo) == .unknown(why: "alerts could not be checked (offline: cannot reach api.met.no)"))
        #expect(state.alertStatus(for: Self.oslo).alerts == nil)
        #expect(state.alertsState.callsThisRun == 0, "no answer, no call served")
        #expect(state.notices.messages.first?.text == "alerts from MET Norway could not be checked: offline: cannot reach api.met.no")
        #expect(state.reduce(.tick(Make.t0 + 599)) == [])
        #expect(state.reduce(.tick(Make.t0 + 600)) == [.fetchAlerts(Self.request(Self.oslo, .metNorway), pass: .open(.metNorway, "7"))])
    }

    @Test func a429HoldsItsSourceForEveryPlaceUntilItsRetryAfter() {
        let denver2 = Make.city("8", "Boulder", country: "United States", code: "US", lat: 40, lon: -105)
        var state = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(Make.feed([Self.denver, denver2], at: Make.t0))))
        _ = state.reduce(.alertsRestored(StoredAlerts()))
        let limited = ServiceError.rateLimited(reason: "too many requests", status: 429, until: Make.t0 + 1_200)
        _ = state.reduce(.alertsLoaded(Self.request(Self.denver, .nws), .failure(.network(limited)), askedAt: Make.t0))
        _ = state.reduce(.alertsLoaded(Self.request(denver2, .nws), .success(AlertsAnswer(alerts: [], freshUntil: Make.t0)), askedAt: Make.t0))
        #expect(state.alertsState.kept.holds["nws"] == SourceHold(until: Make.t0 + 1_200, reason: "too many requests (429)"))
        #expect(state.alertsState.callsThisRun == 2)
        #expect(state.reduce(.tick(Make.t0 + 1_199)) == [], "neither place is asked while the source is held")
        #expect(Self.requests(state.reduce(.tick(Make.t0 + 1_200))) == [Self.request(Self.denver, .nws), Self.request(denver2, .nws)])
    }

    @Test func aHoldAnotherRunMetIsObeyedAndSaid() {
        var state = Self.loaded()
        let hold = SourceHold(until: Make.t0 + 900, reason: "too many requests (429)")
        let effects = state.reduce(.alertsRestored(StoredAlerts(holds: ["bright-sky": hold])))
        #expect(effects == Array(Self.asked.dropFirst()))
        #expect(state.alertStatus(for: Self.berlin) == .unknown(why: "alerts could not be checked (Bright Sky's limit until 08:15: too many requests (429))"))
    }

    @Test func whatAnotherRunAskedTenMinutesAgoIsNotAskedAgain() {
        let other = StoredAlerts(byCityKey: [
            "6": PlaceAlerts(source: .nws, askedAt: Make.t0 - 300, nextAskAt: Make.t0 + 300, alerts: [Self.storm()]),
            "7": PlaceAlerts(source: .metNorway, askedAt: Make.t0 - 600, nextAskAt: Make.t0, alerts: []),
        ])
        var state = Self.loaded()
        let effects = state.reduce(.alertsRestored(other))
        #expect(effects == [Self.asked[0], Self.asked[2]])
        #expect(state.alertStatus(for: Self.denver).alerts == [Self.storm()])
    }

    @Test func theWeatherNeverWaitsForAlerts() {
        var state = Self.asking()
        #expect(!state.isFetching)
        let effects = state.reduce(.feedLoaded(.success(FeedPayload(feed: Self.feed, rateLimitRemaining: nil))))
        #expect(effects.first == .saveFeed(Self.feed), "the weather's own effects come first")
        #expect(!effects.contains { if case .fetchAlerts = $0 { true } else { false } }, "the places in flight are not asked twice")
        // The weather's refresh starts while alerts are in flight (the shared files read first).
        #expect(state.reduce(.tick(Make.t0 + 1_800)) == [.readLedger])
    }

    @Test func offlineAndTheDemoAskNothingAndSaySo() {
        var offline = Self.loaded(config: AppConfig(refreshAfter: 1800, offline: true))
        #expect(offline.reduce(.alertsRestored(StoredAlerts())).isEmpty)
        #expect(offline.alertStatus(for: Self.denver) == .unknown(why: "alerts could not be checked (offline mode)"))
        var demo = State(config: AppConfig(demo: true), now: Make.t0)
        _ = demo.reduce(.archiveRestored(.success(Self.feed)))
        #expect(demo.reduce(.alertsRestored(StoredAlerts())).allSatisfy { if case .fetchAlerts = $0 { false } else { true } })
        #expect(demo.alertStatus(for: Self.denver) == .unknown(why: "alerts are not asked for in the demo"))
    }

    @Test func aCancelledRequestLeavesNothingBehind() {
        var state = Self.asking()
        let before = state.alertsState.kept
        #expect(state.reduce(.alertsLoaded(Self.request(Self.denver, .nws), .failure(.network(.cancelled)), askedAt: Make.t0)).isEmpty)
        #expect(state.alertsState.kept == before)
        #expect(!state.alertsState.inFlight.contains("6"))
    }

    @Test func theSavedAlertsJoinEachPlacesLaterAskingAndDropWhatNoRunNeeds() {
        let early = PlaceAlerts(source: .nws, askedAt: Make.t0, nextAskAt: Make.t0 + 600, alerts: [])
        let late = PlaceAlerts(source: .nws, askedAt: Make.t0 + 60, nextAskAt: Make.t0 + 660, alerts: [Self.storm()])
        let old = PlaceAlerts(source: .nws, askedAt: Make.t0 - 86_400, nextAskAt: Make.t0, alerts: [])
        let mine = StoredAlerts(byCityKey: ["6": late, "9": old], holds: ["nws": SourceHold(until: Make.t0 - 1, reason: "past")])
        let theirs = StoredAlerts(byCityKey: ["6": early, "7": early])
        #expect(theirs.merged(with: mine).byCityKey == ["6": late, "7": early, "9": old])
        #expect(mine.merged(with: theirs).byCityKey == ["6": late, "7": early, "9": old])
        #expect(theirs.merged(with: mine).pruned(at: Make.t0) == StoredAlerts(byCityKey: ["6": late, "7": early]))
    }
}

/// What a source said stands for half an hour: older, or ahead of a clock set back, it is not
/// known, and is asked again.
@Suite struct AlertsAgeTests {
    typealias A = AlertsReducerTests

    @Test func alertsLastCheckedOverHalfAnHourAgoAreNotKnown() {
        var state = A.loaded()
        _ = state.reduce(.alertsRestored(StoredAlerts(byCityKey: [
            "6": PlaceAlerts(source: .nws, askedAt: Make.t0 - 1_800, nextAskAt: Make.t0 + 60, alerts: [A.storm()]),
            "7": PlaceAlerts(source: .metNorway, askedAt: Make.t0 - 1_801, nextAskAt: Make.t0 + 60, alerts: []),
        ])))
        #expect(state.alertStatus(for: A.denver).alerts == [A.storm()])
        #expect(state.alertStatus(for: A.oslo) == .unknown(why: "alerts last checked 30 min ago"))
    }

    @Test func anAnswerDatedAheadOfTheClockIsNotKnownAndIsAskedAgain() {
        var state = A.loaded()
        let effects = state.reduce(.alertsRestored(StoredAlerts(byCityKey: [
            "6": PlaceAlerts(source: .nws, askedAt: Make.t0 + 86_000, nextAskAt: Make.t0 + 86_600, alerts: []),
        ])))
        #expect(A.requests(effects).contains(A.request(A.denver, .nws)))
        #expect(state.alertStatus(for: A.denver).alerts == nil)
    }
}
