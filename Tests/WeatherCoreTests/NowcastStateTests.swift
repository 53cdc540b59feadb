import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// The nowcasts' reducer on its own: the clock, the words, `--notify` and the kept places are
/// all it needs of the rest; the gate's answer is told to it (`asked`, `refused`).
@Suite struct NowcastStateTests {
    static let athens = AirQualityPlace(key: "2", name: "Athens", latitude: 1, longitude: 2)
    static let berlin = AirQualityPlace(key: "4", name: "Berlin", latitude: 1, longitude: 2)

    static func stored(at date: Date, _ keys: [String]) -> StoredNowcasts {
        StoredNowcasts(fetchedAt: date, byCityKey: Dictionary(uniqueKeysWithValues: keys.map { ($0, Nowcast(quarters: [], native: true)) }))
    }

    static func rain(_ id: String) -> NotableEvent { NotableEvent(kind: .rain, id: id, text: "rain at \(id)") }

    @Test func nothingIsDueBeforeTheSavedNowcastsAreReadNorWhileARequestIsUnderWay() {
        var nowcast = NowcastState()
        #expect(nowcast.due(among: [Self.athens], newPlaces: true, now: Make.t0) == nil)
        #expect(nowcast.reduce(.nowcast(.restored(nil)), notifyOption: nil, language: .english) == .restored(notice: nil))
        let due = NowcastState.Due(places: [Self.athens], all: true)
        #expect(nowcast.due(among: [Self.athens], newPlaces: true, now: Make.t0) == due)
        nowcast.asked(due, now: Make.t0)
        #expect(nowcast.inFlight && nowcast.lastAsked == Make.t0)
        #expect(nowcast.due(among: [Self.athens], newPlaces: true, now: Make.t0) == nil)
    }

    @Test func aPlaceJustKeptIsAskedForAloneOnceUntilTheNextRequestForAll() {
        var nowcast = NowcastState()
        nowcast.restored = true
        nowcast.stored = Self.stored(at: Make.t0, ["2"])
        #expect(nowcast.due(among: [Self.athens, Self.berlin], newPlaces: false, now: Make.t0 + 60) == nil, "a tick asks for no new place")
        let alone = NowcastState.Due(places: [Self.berlin], all: false)
        #expect(nowcast.due(among: [Self.athens, Self.berlin], newPlaces: true, now: Make.t0 + 60) == alone)
        nowcast.asked(alone, now: Make.t0 + 60)
        #expect(nowcast.lastAsked == nil && nowcast.askedAlone == ["4"] && nowcast.inFlightAlone)
        // The answer had nothing for Berlin: it joins the kept nowcasts, which keep their time.
        #expect(nowcast.reduce(.nowcast(.loaded(.success(Self.stored(at: Make.t0 + 70, [])))), notifyOption: nil, language: .english)
                == .loaded(Self.stored(at: Make.t0, ["2"])))
        #expect(nowcast.due(among: [Self.athens, Self.berlin], newPlaces: true, now: Make.t0 + 120) == nil, "not asked alone again")
        #expect(nowcast.due(among: [Self.athens, Self.berlin], newPlaces: false, now: Make.t0 + State.nowcastInterval)
                == NowcastState.Due(places: [Self.athens, Self.berlin], all: true))
    }

    @Test func aFailureIsWordedAndHandedBack() {
        var nowcast = NowcastState()
        nowcast.inFlight = true
        let error = FeedError.network(.unreachable(host: "api.open-meteo.com"))
        #expect(nowcast.reduce(.nowcast(.loaded(.failure(error))), notifyOption: nil, language: .english) == .failed(error))
        #expect(!nowcast.inFlight && nowcast.error == error.description(in: .english))
    }

    @Test func theCommandLineChoosesTheNotificationsOverTheSettings() {
        var nowcast = NowcastState()
        var saved = AppSettings()
        saved.notify = true
        #expect(nowcast.reduce(.settingsLoaded(saved), notifyOption: false, language: .english) == .passed)
        #expect(!nowcast.notify)
        _ = nowcast.reduce(.settingsLoaded(saved), notifyOption: nil, language: .english)
        #expect(nowcast.notify)
    }

    @Test func anEventIsToldOnceWhileItLastsAndAgainWhenItComesAnew() {
        var nowcast = NowcastState()
        #expect(nowcast.tell([Self.rain("2")], of: .rain).isEmpty, "notifications off: nothing told, nothing kept")
        #expect(nowcast.told.isEmpty)
        #expect(nowcast.reduce(.nowcast(.toggleNotify), notifyOption: nil, language: .english) == .notifyToggled)
        #expect(nowcast.tell([Self.rain("2")], of: .rain).count == 1)
        #expect(nowcast.tell([Self.rain("2")], of: .rain).isEmpty)
        #expect(nowcast.tell([], of: .rain).isEmpty)
        #expect(nowcast.tell([Self.rain("2")], of: .rain).count == 1)
    }

    @Test func anAlertOfAPlaceNotKnownForAWhileIsNotToldAgainWhenKnownAgain() {
        var nowcast = NowcastState()
        nowcast.notify = true
        let gale = NotableEvent(kind: .alert, id: "2|met-norway|Gale|-", text: "Athens: Gale")
        #expect(nowcast.tellAlerts([gale], known: ["2"]).count == 1)
        #expect(nowcast.tellAlerts([], known: []).isEmpty)
        #expect(nowcast.tellAlerts([gale], known: ["2"]).isEmpty, "not known for a while is not ended")
        #expect(nowcast.tellAlerts([], known: ["2"]).isEmpty)
        #expect(nowcast.tellAlerts([gale], known: ["2"]).count == 1, "ended, then come anew")
    }
}
