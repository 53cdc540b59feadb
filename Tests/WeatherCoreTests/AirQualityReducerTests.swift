import Foundation
import Testing
import WeatherModels
import WeatherHTTP
@testable import WeatherCore

/// The listed places' air through the reducer (whole next state): fetched at most hourly,
/// alongside the weather's refresh or once the saved air is read, kept, saved and shown on its index.
@Suite struct AirQualityReducerTests {
    typealias R = ReducerTests

    static let places = Make.cities.compactMap(AirQualityPlace.init)
    static func air(at date: Date, _ byKey: [String: AirQuality] = ["2": AirQuality(epochTime: 0, europeanAQI: 30, usAQI: 60)]) -> StoredAirQuality {
        StoredAirQuality(fetchedAt: date, byCityKey: byKey)
    }

    /// Loaded, with the saved air read: `saved` shown, nothing in flight.
    static func withAir(_ saved: StoredAirQuality?, config: AppConfig = AppConfig(refreshAfter: 1800)) -> State {
        var state = R.loaded(config: config)
        state.air.restored = true
        state.air.stored = saved
        return state
    }

    @Test func everyListedPlaceIsAskedForWithItsCoordinate() {
        #expect(Self.places.map(\.key) == ["1", "2", "3", "4", "5"])
        #expect(Self.places.first == AirQualityPlace(key: "1", name: "Tokyo", latitude: 1, longitude: 2))
        var offEarth = Make.city("9", "Nowhere")
        offEarth.geoPosition = GeoPosition(latitude: 95, longitude: 2)
        #expect(AirQualityPlace(offEarth) == nil, "the API would refuse the whole request")
    }

    @Test func nothingIsFetchedBeforeTheSavedAirIsRead() {
        R.expectR(R.loaded(), effects: [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 1))]) {
            $0.isFetching = true
        }
    }

    @Test func noSavedAirFetchesTheListedPlacesOnceRead() {
        R.expect(R.loaded(), .airQualityRestored(nil), effects: [.fetchAirQuality(Self.places, pass: .open(.air, calls: Double(Self.places.count), provider: .openMeteo))]) {
            $0.air.restored = true
            $0.air.inFlight = true
            $0.air.weatherRefreshesWithoutAir = 0
        }
    }

    @Test func savedAirUnderAnHourOldIsShownAndNotFetchedWithTheWeather() {
        let saved = Self.air(at: Make.t0 - 3599)
        let state = R.expect(R.loaded(), .airQualityRestored(saved)) {
            $0.air.restored = true
            $0.air.stored = saved
        }
        #expect(state.air(for: "2")?.europeanAQI == 30)
        // A refresh of the weather within the hour costs no air request.
        R.expectR(state, effects: [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 1))]) {
            $0.isFetching = true
        }
    }

    @Test func airAnHourOldOrOfNoKnownAgeGoesAlongsideTheWeathersRefresh() {
        for fetched in [Make.t0 - 3600, Make.t0 + 3600] {
            R.expectR(Self.withAir(Self.air(at: fetched)), effects: [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 1)), .fetchAirQuality(Self.places, pass: .open(.air, calls: Double(Self.places.count), provider: .openMeteo))]) {
                $0.isFetching = true
                $0.air.inFlight = true
                $0.air.weatherRefreshesWithoutAir = 0
            }
        }
    }

    @Test func aFirstFeedBringsItsPlacesAir() {
        var state = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = state.reduce(.archiveRestored(.failure(.missing)))
        _ = state.reduce(.airQualityRestored(nil))
        #expect(!state.air.inFlight, "no place is known before the first feed")
        let payload = FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil)
        let effects = state.reduce(.feedLoaded(.success(payload)))
        #expect(effects == [.saveFeed(payload.feed), .fetchAirQuality(Self.places, pass: .open(.air, calls: Double(Self.places.count), provider: .openMeteo))])
    }

    @Test func theWholeSavedFeedNamesThePlacesItsPreviewCannot() {
        var state = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        let preview = Make.feed(Make.cities.map { var city = $0; city.geoPosition = nil; return city }, at: Make.t0)
        _ = state.reduce(.archiveRestored(.success(preview)))
        #expect(state.reduce(.airQualityRestored(nil)) == [], "the preview has no coordinates")
        #expect(state.reduce(.archiveDetailsRestored(.success(Make.feed(at: Make.t0)))) == [.fetchAirQuality(Self.places, pass: .open(.air, calls: Double(Self.places.count), provider: .openMeteo))])
    }

    @Test func oneFetchAtATime() {
        var state = R.loaded()
        _ = state.reduce(.airQualityRestored(nil))
        R.expectR(state, effects: [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 1))]) {
            $0.isFetching = true
        }
    }

    @Test func fetchedAirIsKeptAndSaved() {
        var state = R.loaded()
        _ = state.reduce(.airQualityRestored(nil))
        state.air.error = "earlier failure"
        let fetched = Self.air(at: Make.t0)
        R.expect(state, .airQualityLoaded(.success(fetched)), effects: [.saveAirQuality(fetched)]) {
            $0.air.stored = fetched
            $0.air.inFlight = false
            $0.air.error = nil
        }
    }

    @Test func aFailureKeepsTheAirShownSaysWhyAndWaitsForTheNextRefresh() {
        var state = R.loaded()
        let kept = Self.air(at: Make.t0 - 7200)
        _ = state.reduce(.airQualityRestored(kept))
        let error = FeedError.network(.rejected(reason: "Hourly API request limit exceeded.", status: 429))
        var after = R.expect(state, .airQualityLoaded(.failure(error))) {
            $0.air.inFlight = false
            $0.air.error = "Hourly API request limit exceeded. (429)"
            $0.record("air quality failed: Hourly API request limit exceeded. (429)")
        }
        #expect(after.air.stored == kept)
        #expect(after.reduce(.tick(Make.t0 + 60)) == [], "no retry on the clock")
    }

    @Test func neitherOfflineNorWithoutAKeyIsAnythingFetched() {
        for config in [AppConfig(refreshAfter: 1800, offline: true), AppConfig(refreshAfter: 1800, hasAPIKey: false)] {
            var state = R.loaded(config: config)
            let saved = Self.air(at: Make.t0 - 86_400)
            let effects = state.reduce(.airQualityRestored(saved))
            #expect(effects == [])
            #expect(state.air.stored == saved, "the saved air is shown")
        }
    }

    @Test func theIndexFollowsTheUnitsUnlessAQIFixedIt() {
        var state = R.loaded()
        #expect(state.airQualityScale == .european)
        _ = state.reduce(.toggleUnits)
        #expect(state.airQualityScale == .us)
        var config = AppConfig(refreshAfter: 1800)
        config.airQualityIndex = .us
        var fixed = R.loaded(config: config)
        #expect(fixed.airQualityScale == .us)
        _ = fixed.reduce(.toggleUnits)
        _ = fixed.reduce(.toggleUnits)
        #expect(fixed.airQualityScale == .us)
    }

    /// `--aqi` is remembered as the units are: the next run without it shows the same index, a
    /// later `--aqi` wins over the saved one, and `--aqi units` goes back to following the units.
    @Test func theChosenIndexIsASavedSetting() {
        var config = AppConfig(refreshAfter: 1800)
        config.airQualityIndex = .us
        var chosen = R.loaded(config: config)
        let quit = chosen.reduce(.quit)
        #expect(quit.contains(.saveSettings(chosen.settings, fields: [.selectedCityKey, .airQualityIndex])))
        #expect(chosen.settings.airQualityIndex == .us)

        var next = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = next.reduce(.settingsLoaded(AppSettings(airQualityIndex: .us)))
        #expect(next.airQualityScale == .us, "metric units, the US index remembered")
        #expect(!next.reduce(.quit).contains { if case .saveSettings(_, let fields) = $0 { fields.contains(.airQualityIndex) } else { false } },
                "nothing chosen this run: the saved choice is left as it is")

        config.airQualityIndex = .units
        var back = State(config: config, now: Make.t0)
        _ = back.reduce(.settingsLoaded(AppSettings(airQualityIndex: .us)))
        #expect(back.airQualityScale == .european, "--aqi units: the index of the metric units again")

        var old = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = old.reduce(.settingsLoaded(AppSettings(units: .imperial)))
        #expect(old.airQualityIndex == .units && old.airQualityScale == .us, "settings from before the choice follow the units")
    }

    @Test func sortingByTheIndexShownPutsTheBestFirstAndPlacesWithoutAirLast() {
        var state = R.loaded()
        _ = state.reduce(.airQualityRestored(Self.air(at: Make.t0, [
            "1": AirQuality(epochTime: 0, europeanAQI: 50, usAQI: 20),
            "3": AirQuality(epochTime: 0, europeanAQI: 10, usAQI: 90),
            "5": AirQuality(epochTime: 0, europeanAQI: 30, usAQI: 40),
        ])))
        _ = state.reduce(.sortBy(.airQuality))
        #expect(R.names(state) == ["Moscow", "Cairo", "Tokyo", "Athens", "Berlin"])
        _ = state.reduce(.toggleUnits)
        #expect(R.names(state) == ["Tokyo", "Cairo", "Moscow", "Athens", "Berlin"], "the US index, once the units are imperial")
        _ = state.reduce(.invertSort)
        #expect(R.names(state) == ["Moscow", "Cairo", "Tokyo", "Athens", "Berlin"], "still last either way")
    }

    @Test func theAirsAgeIsShownOnlyWhenFetchedApartFromTheWeather() {
        var state = R.loaded()
        state.air.stored = Self.air(at: Make.t0 - 600)
        #expect(state.airQualityFetchedApart == nil)
        state.air.stored = Self.air(at: Make.t0 - 601)
        #expect(state.airQualityFetchedApart == Make.t0 - 601)
    }
}
