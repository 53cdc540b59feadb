import Foundation
import Testing
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// Adding and removing own cities (docs/spec.md §5 keys `a`, `d`): each step asserts the whole
/// next state and the effects through `ReducerTests.expect`.
@Suite struct OwnCityReducerTests {
    static let reykjavik = PlaceMatch(id: "om:3413829", name: "Reykjavík", region: "Capital Region", country: "Iceland",
                                      countryCode: "IS", latitude: 64.1355, longitude: -21.8954, timeZone: "Atlantic/Reykjavik")
    static let parisTexas = PlaceMatch(id: "om:4717560", name: "Paris", region: "Texas", country: "United States",
                                       countryCode: "US", latitude: 33.66, longitude: -95.56)
    /// Tokyo as a search finds it: another key, the same name and place as the listed Tokyo (lat 1, lon 2 in `Make`).
    static let tokyo = PlaceMatch(id: "om:1850147", name: "Tokyo", country: "Japan", countryCode: "JP", latitude: 1.05, longitude: 2.05)

    let request = FeedRequest(count: 50, language: "en-us")

    /// The loaded list with the prompt open and `text` typed.
    func typed(_ text: String, config: AppConfig = AppConfig(refreshAfter: 1800, provider: .openMeteo)) -> State {
        var state = ReducerTests.loaded(config: config)
        _ = state.reduce(.addCity(.start))
        _ = state.reduce(.addCity(.input(text)))
        return state
    }

    /// Typed, searched, and the search answered with `places`.
    func found(_ places: [PlaceMatch], text: String = "Reykjavik") -> State {
        var state = typed(text)
        _ = state.reduce(.addCity(.submit))
        _ = state.reduce(.addCity(.found(query: text, .success(places))))
        return state
    }

    @Test func aOpensThePromptAndTypingFillsIt() {
        let loaded = ReducerTests.loaded()
        let open = ReducerTests.expect(loaded, .addCity(.start)) { $0.placeEditing.search = PlaceSearch() }
        let typed = ReducerTests.expect(open, .addCity(.input("Reyk"))) { $0.placeEditing.search?.text = "Reyk" }
        ReducerTests.expect(typed, .addCity(.backspace)) { $0.placeEditing.search?.text = "Rey" }
    }

    @Test func enterSearchesOnceInTheRequestLanguage() {
        let state = typed("  Reykjavik ")
        let searching = ReducerTests.expect(state, .addCity(.submit), effects: [.searchPlaces("Reykjavik", language: "en-us", pass: .open(.search, calls: 1, provider: .openMeteo))]) {
            $0.placeEditing.search?.phase = .searching
        }
        // A second Enter while the search runs starts nothing more.
        ReducerTests.expect(searching, .addCity(.submit))
    }

    @Test func anEmptySearchSaysWhatToDoAndSpendsNothing() {
        let state = typed("   ")
        ReducerTests.expect(state, .addCity(.submit)) { $0.placeEditing.search?.message = "type a place name, then Enter" }
    }

    @Test func noResultsSayNoPlaceCalledAndAddNothing() {
        var state = typed("Nowhereville")
        _ = state.reduce(.addCity(.submit))
        ReducerTests.expect(state, .addCity(.found(query: "Nowhereville", .success([])))) {
            $0.placeEditing.search?.phase = .typing
            $0.placeEditing.search?.message = "no place called \"Nowhereville\""
        }
    }

    @Test func aFailedSearchSaysWhyAndKeepsTheText() {
        var state = typed("Reykjavik")
        _ = state.reduce(.addCity(.submit))
        let dayEnd = CallDay(containing: state.now).end
        let hold = SourceGate.Hold(until: dayEnd, reason: "daily request limit reached")
        let after = ReducerTests.expect(state, .addCity(.found(query: "Reykjavik", .failure(.network(.quotaExceeded)))),
                                        effects: [.keepHold(.openMeteo, hold)]) {
            $0.placeEditing.search?.phase = .typing
            $0.placeEditing.search?.message = "search failed: daily request limit reached"
            $0.record("search failed: daily request limit reached")
            $0.limits.heard(.network(.quotaExceeded), from: .openMeteo, at: $0.now)  // the source's day is spent: its gate holds it
        }
        #expect(after.notices.messages.first?.text == "search failed: daily request limit reached")
        #expect(after.pinned.isEmpty && after.placeEditing.search?.text == "Reykjavik")
    }

    @Test func anAnswerToASearchThatWasLeftChangesNothing() {
        var state = typed("Reykjavik")
        _ = state.reduce(.addCity(.submit))
        let left = ReducerTests.expect(state, .addCity(.cancel), effects: [.cancel(.search)]) { $0.placeEditing.search = nil }
        ReducerTests.expect(left, .addCity(.found(query: "Reykjavik", .success([Self.reykjavik]))))
    }

    @Test func resultsArePickedWithTheArrowsAndEnterAddsTheCityAndRefreshes() {
        let state = found([Self.reykjavik, Self.parisTexas])
        #expect(state.placeEditing.search?.results == [Self.reykjavik, Self.parisTexas])
        let down = ReducerTests.expect(state, .addCity(.moveDown)) { $0.placeEditing.search?.selectedIndex = 1 }
        ReducerTests.expect(down, .addCity(.moveDown))  // stays on the last
        let up = ReducerTests.expect(down, .addCity(.moveUp)) { $0.placeEditing.search?.selectedIndex = 0 }
        let own = PinnedCity(place: Self.reykjavik)
        ReducerTests.expect(up, .addCity(.submit), effects: [.changePins(.add(own)), .fetchFeed(request, own: [own], pass: .open(.weather, calls: 2, provider: .openMeteo))]) {
            $0.placeEditing.search = nil
            $0.pinned = [own]
            $0.pinChangesUnanswered = [.add(own)]
            $0.placeEditing.addedCityKey = own.key
            $0.isFetching = true
            $0.notice = "added Reykjavík, Capital Region, Iceland"
        }
    }

    @Test func theRefreshThatBringsTheAddedCityListsItOnTopAndSelectsIt() {
        var state = found([Self.reykjavik])
        _ = state.reduce(.addCity(.submit))
        var weather = Make.city(Self.reykjavik.id, "Reykjavík", country: "Iceland", code: "IS", celsius: -2)
        weather.geoPosition = GeoPosition(latitude: 64.1355, longitude: -21.8954)
        let feed = WeatherFeed(fetchedAt: Make.t0 + 60, request: request, cities: Make.cities + [weather], placeKeys: [weather.key])
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: nil))))
        #expect(state.list.visibleCities.first?.key == weather.key)
        #expect(state.list.selectedKey == weather.key && state.placeEditing.addedCityKey == nil)
    }

    @Test func aCityAddedWhileARefreshRunsGetsOneMoreRefreshAfterIt() {
        var state = found([Self.reykjavik])
        _ = state.pressR()
        #expect(state.isFetching)
        let own = PinnedCity(place: Self.reykjavik)
        let added = ReducerTests.expect(state, .addCity(.submit), effects: [.changePins(.add(own))]) {
            $0.placeEditing.search = nil
            $0.pinned = [own]
            $0.pinChangesUnanswered = [.add(own)]
            $0.placeEditing.addedCityKey = own.key
            $0.placeEditing.refreshAfterCurrent = true
            $0.notice = "added Reykjavík, Capital Region, Iceland"
        }
        var after = added
        let effects = after.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0 + 5), rateLimitRemaining: nil))))
        #expect(effects == [.saveFeed(Make.feed(at: Make.t0 + 5)), .fetchFeed(request, own: [own], pass: .open(.weather, calls: 2, provider: .openMeteo))])
        #expect(!after.placeEditing.refreshAfterCurrent && after.isFetching)
    }

    @Test func aPlaceTheListAlreadyHoldsBecomesOwnUnderItsKeyWithoutACall() {
        let state = found([Self.tokyo], text: "Tokyo")
        let own = PinnedCity(key: "1", name: "Tokyo", latitude: 1.05, longitude: 2.05, place: Self.tokyo)
        let added = ReducerTests.expect(state, .addCity(.submit), effects: [.changePins(.add(own, replacing: ["1"]))]) {
            $0.placeEditing.search = nil
            $0.pinned = [own]
            $0.pinChangesUnanswered = [.add(own, replacing: ["1"])]
            $0.list.selectedKey = "1"
            $0.notice = "added Tokyo, Japan"
            $0.recomputeVisible()
        }
        #expect(added.list.visibleCities.first?.key == "1")
    }

    @Test func addingOneOfTheUsersCitiesAgainOnlySelectsIt() {
        var state = found([Self.tokyo], text: "Tokyo")
        _ = state.reduce(.addCity(.submit))
        _ = state.reduce(.moveDown)
        _ = state.reduce(.addCity(.start))
        _ = state.reduce(.addCity(.input("Tokyo")))
        _ = state.reduce(.addCity(.submit))
        _ = state.reduce(.addCity(.found(query: "Tokyo", .success([Self.tokyo]))))
        ReducerTests.expect(state, .addCity(.submit)) {
            $0.placeEditing.search = nil
            $0.list.selectedKey = "1"
            $0.notice = "Tokyo is already one of your cities"
        }
    }

    @Test func searchingUnderOfflineSaysWhyAndStartsNothing() {
        let state = typed("Reykjavik", config: AppConfig(refreshAfter: 1800, offline: true, provider: .openMeteo))
        ReducerTests.expect(state, .addCity(.submit)) { $0.placeEditing.search?.message = "offline mode (--offline): cannot search" }
    }

    // MARK: removing

    func withOwnReykjavik() -> State {
        var state = found([Self.reykjavik])
        _ = state.reduce(.addCity(.submit))
        var weather = Make.city(Self.reykjavik.id, "Reykjavík", celsius: -2)
        weather.geoPosition = nil
        let feed = WeatherFeed(fetchedAt: Make.t0 + 60, request: request, cities: Make.cities + [weather], placeKeys: [weather.key])
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: nil))))
        return state
    }

    @Test func dAsksAndYRemovesTheOwnCityFromListAndFile() {
        let state = withOwnReykjavik()
        let asked = ReducerTests.expect(state, .removeCity(.ask)) { $0.placeEditing.pendingRemoval = Self.reykjavik.id; $0.notice = nil }
        #expect(asked.pendingRemovalName == "Reykjavík")
        let removed = ReducerTests.expect(asked, .removeCity(.confirm), effects: [.changePins(.remove(key: Self.reykjavik.id))]) {
            $0.placeEditing.pendingRemoval = nil
            $0.pinned = []
            $0.pinChangesUnanswered.append(.remove(key: Self.reykjavik.id))
            $0.notice = "removed Reykjavík"
            $0.recomputeVisible()
        }
        // Still in the saved feed until the next refresh, but no longer listed.
        #expect(removed.feed?.cities.contains { $0.key == Self.reykjavik.id } == true)
        #expect(!removed.list.visibleCities.contains { $0.key == Self.reykjavik.id })
        #expect(removed.list.visibleCities.count == Make.cities.count)
    }

    /// `p` never removes a place (docs/spec.md §5): on an own city it changes nothing and says
    /// what does.
    @Test func pOnAnOwnCityKeepsItAndSaysThatDRemovesIt() {
        let state = withOwnReykjavik()
        #expect(state.list.selectedKey == Self.reykjavik.id)
        ReducerTests.expect(state, .togglePin) { $0.notice = "Reykjavík is one of your cities, always on top: d removes it" }
    }

    // MARK: namesakes

    static let parisTennessee = PlaceMatch(id: "om:4646571", name: "Paris", region: "Tennessee", country: "United States",
                                           countryCode: "US", latitude: 36.3, longitude: -88.33)

    /// The list with own cities for `places` (their weather in the feed) and the top cities, `extra` too.
    func withOwn(_ places: [PlaceMatch], extra: [CityWeather] = []) -> State {
        var state = ReducerTests.loaded(config: AppConfig(refreshAfter: 1800, provider: .openMeteo))
        _ = state.reduce(.pinsLoaded(places.map(PinnedCity.init(place:))))
        let own = places.map { Make.city($0.id, $0.name, country: $0.country ?? "", lat: $0.latitude, lon: $0.longitude) }
        let feed = WeatherFeed(fetchedAt: Make.t0 + 60, request: request, cities: Make.cities + extra + own, placeKeys: places.map(\.id))
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: nil))))
        return state
    }

    /// Two own places of one name are told apart by their region everywhere they are named:
    /// the list, the detail's title (both `displayName`), the question and the message.
    @Test func ownPlacesOfOneNameAreNamedWithTheirRegion() {
        var state = withOwn([Self.parisTexas, Self.parisTennessee])
        let names = state.list.visibleCities.prefix(2).map { state.displayName(of: $0) }
        #expect(Set(names) == ["Paris, Texas", "Paris, Tennessee"])
        _ = state.reduce(.select(key: Self.parisTexas.id))
        _ = state.reduce(.removeCity(.ask))
        #expect(state.pendingRemovalName == "Paris, Texas")
        _ = state.reduce(.removeCity(.confirm))
        #expect(state.notice == "removed Paris, Texas")
        // Alone now: its name is enough.
        #expect(state.list.visibleCities.first.map { state.displayName(of: $0) } == "Paris")
        _ = state.reduce(.first)
        _ = state.reduce(.togglePin)
        #expect(state.notice == "Paris is one of your cities, always on top: d removes it")
    }

    @Test func anOwnPlaceNamedAsATopCityIsNamedWithItsRegionAndTheTopCityIsNot() {
        let state = withOwn([Self.parisTexas], extra: [Make.city("623", "Paris", country: "France", code: "FR")])
        let shown = Dictionary(uniqueKeysWithValues: state.list.visibleCities.map { ($0.key, state.displayName(of: $0)) })
        #expect(shown[Self.parisTexas.id] == "Paris, Texas" && shown["623"] == "Paris" && shown["1"] == "東京")
        #expect(state.namesakeOwnKeys == [Self.parisTexas.id])
        // Without a region the country tells them apart.
        var noRegion = Self.parisTexas
        noRegion.region = nil
        let other = withOwn([noRegion], extra: [Make.city("623", "Paris", country: "France", code: "FR")])
        #expect(other.list.visibleCities.first.map { other.displayName(of: $0) } == "Paris, United States")
    }

    @Test func anyOtherAnswerKeepsTheCity() {
        var state = withOwnReykjavik()
        _ = state.reduce(.removeCity(.ask))
        let kept = ReducerTests.expect(state, .removeCity(.cancel)) { $0.placeEditing.pendingRemoval = nil }
        #expect(kept.pinned.count == 1)
    }

    @Test func dOnATopCitySaysWhatDDoes() {
        var state = ReducerTests.loaded()
        ReducerTests.expect(state, .removeCity(.ask)) { $0.notice = "d removes your own cities (a adds one)" }
        _ = state.reduce(.togglePin)
        ReducerTests.expect(state, .removeCity(.ask)) { $0.notice = "d removes your own cities; p unpins Athens" }
    }

    // MARK: refresh and restore

    @Test func aRestoredFeedWithoutAnOwnCityIsStale() {
        var state = State(config: AppConfig(refreshAfter: 1800, provider: .openMeteo), now: Make.t0)
        let own = PinnedCity(place: Self.reykjavik)
        _ = state.reduce(.pinsLoaded([own]))
        let effects = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0))))
        #expect(effects == [.fetchFeed(request, own: [own], pass: .open(.weather, calls: 2, provider: .openMeteo))])
    }

    @Test func accuWeatherRefreshesOnlyTheOwnCitiesItFoundItself() {
        let accu = PlaceMatch(id: "190390", name: "Reykjavik", latitude: 64.1, longitude: -21.9)
        let pinned = [PinnedCity(place: Self.reykjavik), PinnedCity(place: accu),
                      PinnedCity(key: "1", name: "Tokyo", latitude: 0, longitude: 0)]
        #expect(FeedPolicy.ownCities(config: AppConfig(provider: .accuWeather), pinned: pinned) == [pinned[1]])
        #expect(FeedPolicy.ownCities(config: AppConfig(provider: .openMeteo), pinned: pinned) == Array(pinned.prefix(2)))
        var state = State(config: AppConfig(provider: .accuWeather), now: Make.t0)
        _ = state.reduce(.pinsLoaded(pinned))
        #expect(state.refreshCalls == 2, "Top Cities and the one own city it can fetch")
    }

    // MARK: a place another source found

    /// Reykjavík as AccuWeather's search finds it: its own key, the same name and place.
    static let reykjavikAccu = PlaceMatch(id: "190390", name: "Reykjavík", region: "Capital Region", country: "Iceland",
                                          countryCode: "IS", latitude: 64.13, longitude: -21.9, timeZone: "Atlantic/Reykjavik")
    static let accuWeather = AppConfig(refreshAfter: 1800, provider: .accuWeather, hasAPIKey: true)

    /// Under AccuWeather an own city Open-Meteo's search found cannot be fetched: the user is
    /// told which and what to do, once, rather than the city silently missing. A top city made
    /// one's own is listed anyway; under Open-Meteo, or in the demo, nothing is said.
    @Test func anOwnCityThisSourceCannotFetchIsNamedOnce() {
        let tokyo = PinnedCity(key: "1", name: "Tokyo", latitude: 1.05, longitude: 2.05, place: Self.tokyo)  // listed: a top city
        let pins = [PinnedCity(place: Self.reykjavik), PinnedCity(place: Self.reykjavikAccu), PinnedCity(place: Self.parisTexas), tokyo]
        var state = ReducerTests.loaded(config: Self.accuWeather)
        _ = state.reduce(.pinsLoaded(pins))
        #expect(state.notice == "Reykjavík, Capital Region, Iceland; Paris, Texas, United States not listed: found by another source's search, "
                + "which AccuWeather cannot use; press a to find them again")
        #expect(state.notices.messages.first?.text == state.notice)
        #expect(state.unlistedOwnKeys == [Self.reykjavik.id, Self.parisTexas.id])
        // Each refresh leaves them out again: said once, not at every refresh.
        _ = state.reduce(.moveDown)
        #expect(state.notice == nil)
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0 + 60), rateLimitRemaining: nil))))
        #expect(state.notice == nil)

        // Pins read before the feed: said when the feed comes.
        var early = State(config: Self.accuWeather, now: Make.t0)
        _ = early.reduce(.pinsLoaded([pins[0]]))
        #expect(early.notice == nil)
        _ = early.reduce(.archiveRestored(.success(Make.feed(at: Make.t0))))
        #expect(early.notice?.hasPrefix("Reykjavík, Capital Region, Iceland not listed") == true && early.notice?.hasSuffix("press a to find it again") == true)

        for config in [AppConfig(refreshAfter: 1800, provider: .openMeteo), AppConfig(refreshAfter: 1800, demo: true, provider: .accuWeather)] {
            var fine = ReducerTests.loaded(config: config)
            _ = fine.reduce(.pinsLoaded(pins))
            #expect(fine.notice == nil)
        }
    }

    /// `--once` runs this reducer too: there the user is told where `a` is, not to press it.
    @Test func outsideTheBrowserTheNoticeSaysWhereToFindItAgain() {
        var config = Self.accuWeather
        config.inBrowser = false
        var state = ReducerTests.loaded(config: config)
        _ = state.reduce(.pinsLoaded([PinnedCity(place: Self.reykjavik)]))
        #expect(state.notice == "Reykjavík, Capital Region, Iceland not listed: found by another source's search, "
                + "which AccuWeather cannot use; find it again with a in the browser")
    }

    /// Finding that city again with AccuWeather puts the new place where the old one stood:
    /// one Reykjavík, which both sources can fetch.
    @Test func findingItAgainReplacesThePlaceAnotherSourceFound() {
        let old = PinnedCity(place: Self.reykjavik)
        let oslo = PinnedCity(place: PlaceMatch(id: "254946", name: "Oslo", country: "Norway", latitude: 59.9, longitude: 10.7))
        var state = ReducerTests.loaded(config: Self.accuWeather)
        _ = state.reduce(.pinsLoaded([old, oslo]))
        _ = state.reduce(.addCity(.start))
        _ = state.reduce(.addCity(.input("Reykjavik")))
        _ = state.reduce(.addCity(.submit))
        _ = state.reduce(.addCity(.found(query: "Reykjavik", .success([Self.reykjavikAccu]))))
        let new = PinnedCity(place: Self.reykjavikAccu)
        let effects = state.reduce(.addCity(.submit))
        #expect(state.pinned == [new, oslo])
        #expect(effects == [.changePins(.add(new, replacing: [old.key])), .fetchFeed(request, own: [new, oslo], pass: .open(.weather, calls: 3))])
        #expect(state.notice == "added Reykjavík, Capital Region, Iceland in place of the one another source found")
        #expect(WeatherProvider.openMeteo.ownCities(state.pinned) == [new, oslo])
    }

    /// Another city of the same name far away is not the same city: it is added beside.
    @Test func aNamesakeElsewhereIsAddedBeside() {
        let old = PinnedCity(place: Self.parisTexas)
        let paris = PlaceMatch(id: "623", name: "Paris", country: "France", countryCode: "FR", latitude: 48.857, longitude: 2.351)
        var state = ReducerTests.loaded(config: Self.accuWeather)
        _ = state.reduce(.pinsLoaded([old]))
        _ = state.reduce(.addCity(.start))
        _ = state.reduce(.addCity(.input("Paris")))
        _ = state.reduce(.addCity(.submit))
        _ = state.reduce(.addCity(.found(query: "Paris", .success([paris]))))
        _ = state.reduce(.addCity(.submit))
        #expect(state.pinned == [old, PinnedCity(place: paris)])
    }
}
