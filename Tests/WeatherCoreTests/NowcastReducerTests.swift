import Foundation
import Testing
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// The kept places' nowcasts through the reducer on an injected clock: asked for at most every
/// 30 minutes through Open-Meteo's gate, a place just kept with the next refresh, kept, and told
/// of once when notifications are on.
@Suite struct NowcastReducerTests {
    typealias R = ReducerTests

    static let athens = PinnedCity(key: "2", name: "Athens", latitude: 1, longitude: 2)
    static let berlin = PinnedCity(key: "4", name: "Berlin", latitude: 1, longitude: 2)
    static func place(_ key: String, _ name: String) -> AirQualityPlace { AirQualityPlace(key: key, name: name, latitude: 1, longitude: 2) }

    /// Loaded with `pins` kept and the saved nowcasts read (none).
    static func kept(_ pins: [PinnedCity] = [athens, berlin], notify: Bool = false) -> State {
        var state = R.loaded()
        state.pinned = pins
        state.nowcast.restored = true
        state.nowcast.notify = notify
        return state
    }

    /// Quarters from `t0`'s quarter on, with these millimetres (16 by default, all dry).
    static func nowcast(_ mm: [Double] = [], from start: Date = Make.t0) -> Nowcast {
        let values = mm + Array(repeating: 0, count: max(0, 16 - mm.count))
        let first = Int(start.timeIntervalSince1970) / 900 * 900 + 900
        return Nowcast(quarters: values.enumerated().map { NowcastQuarter(epochTime: first + $0.offset * 900, precipitation: $0.element) }, native: true)
    }

    static func fetches(_ effects: [Effect]) -> [Effect] {
        effects.filter { if case .fetchNowcasts = $0 { true } else { false } }
    }

    static func notes(_ effects: [Effect]) -> [DesktopNotification] {
        effects.compactMap { if case .notify(let note) = $0 { note } else { nil } }
    }

    @Test func nothingKeptAsksNothing() {
        var state = R.loaded()
        #expect(Self.fetches(state.reduce(.nowcast(.restored(nil)))).isEmpty)
    }

    @Test func theKeptPlacesAreAskedForOnceTheSavedNowcastsAreRead() {
        var state = Self.kept()
        state.nowcast.restored = false
        #expect(Self.fetches(state.reduce(.tick(Make.t0))).isEmpty, "the saved nowcasts may be fresh")
        R.expect(state, .nowcast(.restored(nil)), effects: [.fetchNowcasts([Self.place("2", "Athens"), Self.place("4", "Berlin")],
                                                                            pass: .open(.nowcast, calls: 2, provider: .openMeteo))]) {
            $0.nowcast.restored = true
            $0.nowcast.inFlight = true
            $0.nowcast.lastAsked = Make.t0
        }
    }

    @Test func savedNowcastsAreAskedForAgainOnlyOnceHalfAnHourOld() {
        var state = Self.kept()
        let saved = StoredNowcasts(fetchedAt: Make.t0 - 1_700, byCityKey: ["2": Self.nowcast(), "4": Self.nowcast()])
        state.nowcast.stored = saved
        #expect(Self.fetches(state.reduce(.tick(Make.t0))).isEmpty)
        #expect(Self.fetches(state.reduce(.tick(Make.t0 + 100))) == [.fetchNowcasts([Self.place("2", "Athens"), Self.place("4", "Berlin")],
                                                                               pass: .open(.nowcast, calls: 2, provider: .openMeteo))])
    }

    @Test func aFailureWaitsHalfAnHourFromTheTry() {
        var state = Self.kept()
        _ = state.reduce(.tick(Make.t0))
        #expect(state.nowcast.inFlight)
        _ = state.reduce(.nowcast(.loaded(.failure(.network(.timedOut(host: "api.open-meteo.com", seconds: 10))))))
        #expect(!state.nowcast.inFlight)
        #expect(Self.fetches(state.reduce(.tick(Make.t0 + 1_799))).isEmpty)
        #expect(Self.fetches(state.reduce(.tick(Make.t0 + 1_800))).count == 1)
    }

    @Test func aPlaceJustKeptGetsItsNowcastWithTheNextRefreshAlone() {
        var state = Self.kept([Self.athens])
        _ = state.reduce(.tick(Make.t0))
        _ = state.reduce(.nowcast(.loaded(.success(StoredNowcasts(fetchedAt: Make.t0, byCityKey: ["2": Self.nowcast()])))))
        state.pinned.append(Self.berlin)
        #expect(Self.fetches(state.reduce(.tick(Make.t0 + 60))).isEmpty, "a tick is no refresh")
        let refreshed = FeedPayload(feed: Make.feed(at: Make.t0 + 120), rateLimitRemaining: nil)
        _ = state.reduce(.refresh)
        let effects = state.reduce(.feedLoaded(.success(refreshed)))
        #expect(Self.fetches(effects) == [.fetchNowcasts([Self.place("4", "Berlin")], pass: .open(.nowcast, calls: 1, provider: .openMeteo))])
        _ = state.reduce(.nowcast(.loaded(.success(StoredNowcasts(fetchedAt: Make.t0 + 120, byCityKey: ["4": Self.nowcast([1])])))))
        #expect(state.nowcast.stored?.fetchedAt == Make.t0, "the others are as old as they were")
        #expect(state.nowcast.stored?.byCityKey.keys.sorted() == ["2", "4"])
        // An answer with nothing for it is not asked again before the next request for all.
        state.nowcast.stored?.byCityKey["4"] = nil
        #expect(Self.fetches(state.reduce(.feedLoaded(.success(refreshed)))).isEmpty)
    }

    @Test func aRefusedGateSaysWhy() {
        var state = Self.kept()
        state.limits.gates[.openMeteo] = SourceGate(provider: .openMeteo)
        state.limits.gates[.openMeteo]?.hold = SourceHold(until: Make.t0 + 600, reason: "minutely limit")
        #expect(Self.fetches(state.reduce(.tick(Make.t0))).isEmpty)
        #expect(state.nowcast.error?.contains("no request until") == true)
    }

    /// docs/performance.md: five kept places, the browser open all day, 250 calls a day at most.
    @Test func fiveKeptPlacesOpenAllDayCostAtMost250Calls() {
        let pins = Make.cities.map { PinnedCity(key: $0.key, name: $0.englishName, latitude: 1, longitude: 2) }
        var state = Self.kept(pins)
        var calls = 0.0, requests = 0
        for minute in 0..<(24 * 60) {
            let now = Make.t0 + TimeInterval(minute * 60)
            for case .fetchNowcasts(let places, let pass) in state.reduce(.tick(now)) {
                calls += pass.calls
                requests += 1
                let answer = Dictionary(uniqueKeysWithValues: places.map { ($0.key, Self.nowcast(from: now)) })
                _ = state.reduce(.nowcast(.loaded(.success(StoredNowcasts(fetchedAt: now, byCityKey: answer)))))
            }
        }
        #expect(requests == 48)
        #expect(calls == 240)
        #expect(calls <= 250)
    }

    // MARK: notifications

    @Test func rainDueWithinTheHourIsToldOnceNamingThePlaceAndItsClock() {
        var state = Self.kept(notify: true)
        _ = state.reduce(.tick(Make.t0))
        let rain = StoredNowcasts(fetchedAt: Make.t0, byCityKey: ["2": Self.nowcast([0, 0.3, 0.3]), "4": Self.nowcast()])
        let effects = state.reduce(.nowcast(.loaded(.success(rain))))
        #expect(Self.notes(effects) == [DesktopNotification(title: "weather-tui", body: "Athens: rain from 08:15")])
        #expect(Self.notes(state.reduce(.tick(Make.t0 + 60))).isEmpty, "the same rain is not told again")
        // A later answer moves the rain a quarter on: the same event.
        _ = state.reduce(.tick(Make.t0 + 1_800))
        let later = StoredNowcasts(fetchedAt: Make.t0 + 1_800, byCityKey: ["2": Self.nowcast([0, 0.3], from: Make.t0 + 1_800)])
        #expect(Self.notes(state.reduce(.nowcast(.loaded(.success(later))))).isEmpty)
    }

    @Test func rainThatEndedAndComesAnewIsToldAgain() {
        var state = Self.kept([Self.athens], notify: true)
        state.nowcast.stored = StoredNowcasts(fetchedAt: Make.t0, byCityKey: ["2": Self.nowcast([0.3])])
        state.nowcast.lastAsked = Make.t0
        #expect(Self.notes(state.reduce(.tick(Make.t0))).count == 1)
        state.nowcast.stored = StoredNowcasts(fetchedAt: Make.t0, byCityKey: ["2": Self.nowcast()])
        #expect(Self.notes(state.reduce(.tick(Make.t0 + 60))).isEmpty)
        state.nowcast.stored = StoredNowcasts(fetchedAt: Make.t0, byCityKey: ["2": Self.nowcast([0, 0, 0.4])])
        #expect(Self.notes(state.reduce(.tick(Make.t0 + 120))) == [DesktopNotification(title: "weather-tui", body: "Athens: rain from 08:30")])
    }

    @Test func withoutNotifyNothingIsTold() {
        var state = Self.kept()
        _ = state.reduce(.tick(Make.t0))
        let rain = StoredNowcasts(fetchedAt: Make.t0, byCityKey: ["2": Self.nowcast([0.5])])
        #expect(Self.notes(state.reduce(.nowcast(.loaded(.success(rain))))).isEmpty)
        #expect(state.nowcast.told.isEmpty)
    }

    @Test func theKeyTurnsNotificationsOnRemembersItAndTellsWhatIsDue() {
        var state = Self.kept([Self.athens])
        state.nowcast.stored = StoredNowcasts(fetchedAt: Make.t0, byCityKey: ["2": Self.nowcast([0.5])])
        state.nowcast.lastAsked = Make.t0
        let effects = state.reduce(.nowcast(.toggleNotify))
        #expect(state.nowcast.notify)
        #expect(effects.contains { if case .saveSettings(let settings, let fields) = $0 { settings.notify == true && fields == [.notify] } else { false } })
        #expect(Self.notes(effects) == [DesktopNotification(title: "weather-tui", body: "Athens: rain now")])
        _ = state.reduce(.nowcast(.toggleNotify))
        #expect(!state.nowcast.notify)
    }

    @Test func noNotifyForTheRunWinsOverTheRememberedSetting() {
        var remembered = AppSettings()
        remembered.notify = true
        var on = State(config: AppConfig(), now: Make.t0)
        _ = on.reduce(.settingsLoaded(remembered))
        #expect(on.nowcast.notify)
        var config = AppConfig()
        config.notify = false
        var off = State(config: config, now: Make.t0)
        _ = off.reduce(.settingsLoaded(remembered))
        #expect(!off.nowcast.notify)
    }

    @Test func theListMarkIsRainWithinTheHourAtAKeptPlace() {
        var state = Self.kept()
        state.nowcast.stored = StoredNowcasts(fetchedAt: Make.t0, byCityKey: ["2": Self.nowcast([0, 0, 0, 0.5]), "4": Self.nowcast([0, 0, 0, 0, 0.5]),
                                                                              "1": Self.nowcast([0.5])])
        #expect(state.rainSoon(for: "2")?.starts == Make.t0 + 2_700)
        #expect(state.rainSoon(for: "4") == nil, "an hour away")
        #expect(state.rainSoon(for: "1") == nil, "Tokyo is not kept")
    }
}
