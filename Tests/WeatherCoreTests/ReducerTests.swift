import CustomDump
import Foundation
import Testing
import WeatherModels
import WeatherSource
import WeatherStore
@testable import WeatherCore

/// The reducer, behaviour by behaviour: start-up, then the key table of docs/spec.md §5 row by
/// row, then what the results of background work do (refresh, forecasts, settings) and the clock.
/// Tests that go through `expect` assert the WHOLE next state (the previous one plus exactly the
/// expected changes) and the effects, so an action that changes something it should not fails too.
@Suite struct ReducerTests {
    /// Five cities restored from a fresh archive: Athens, Berlin, Cairo, Moscow, Tokyo; Athens selected.
    static func loaded(config: AppConfig = AppConfig(refreshAfter: 1800)) -> State {
        var state = State(config: config, now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0))))
        return state
    }

    /// The test cities in the order of `keys`.
    static func cities(_ keys: String...) -> [CityWeather] {
        keys.compactMap { key in Make.cities.first { $0.key == key } }
    }

    /// The listed cities' English names, in order.
    static func names(_ state: State) -> [String] { state.list.visibleCities.map(\.englishName) }

    static func forecast(at date: Date) -> StoredForecast {
        StoredForecast(fetchedAt: date, forecast: DailyForecastResponse(headline: ForecastHeadline(text: "at \(date)"), dailyForecasts: []))
    }

    /// Sends `action` to `state`; the result must equal `state` changed by `change`, with `effects`.
    @discardableResult
    static func expect(_ state: State, _ action: Action, effects expected: [Effect] = [],
                       sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout State) -> Void = { _ in }) -> State {
        var after = state
        let effects = after.reduce(action)
        var wanted = state
        change(&wanted)
        if let difference = diff(wanted, after) {
            Issue.record("next state differs after \(String(describing: action).prefix(60)) (−wanted +got):\n\(difference)", sourceLocation: sourceLocation)
        }
        #expect(effects == expected, sourceLocation: sourceLocation)
        return after
    }

    /// `r` as the store carries it out: the key asks for the shared files first; their reading
    /// (nothing spent elsewhere, the same places) then does what `effects` and `change` say.
    @discardableResult
    static func expectR(_ state: State, effects expected: [Effect] = [],
                        sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout State) -> Void = { _ in }) -> State {
        let asked = expect(state, .refresh, effects: [.readLedger], sourceLocation: sourceLocation) { $0.autoRefresh.checking = .asked }
        return expect(asked, .ledgerRead(calls: [:], pins: asked.pinned), effects: expected, sourceLocation: sourceLocation) {
            $0.autoRefresh.checking = nil
            change(&$0)
        }
    }

    // MARK: start-up

    @Test func aRestoredListIsSortedByEnglishNameWithTheFirstSelected() {
        let state = Self.loaded()
        #expect(state.list.visibleCities == Self.cities("2", "4", "5", "3", "1"))  // Athens, Berlin, Cairo, Moscow, Tokyo
        #expect(state.list.selectedKey == "2")
        #expect(state.source == .archive && state.banner == .none)
    }

    @Test func startUpFetchesOnlyWhenTheArchiveIsMissingStaleOrForAnotherRequest() {
        var fresh = State(config: AppConfig(refreshAfter: 1800), now: Make.t0 + 600)
        #expect(fresh.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))).isEmpty)
        var stale = State(config: AppConfig(refreshAfter: 1800), now: Make.t0 + 1801)
        #expect(stale.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))).count == 1)
        var missing = State(config: AppConfig(), now: Make.t0)
        #expect(missing.reduce(.archiveRestored(.failure(.missing))) == [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 1))])
        var other = State(config: AppConfig(count: 150), now: Make.t0 + 60)
        #expect(other.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))) == [.fetchFeed(FeedRequest(count: 150, language: "en-us"), pass: .open(.weather, calls: 1))])
    }

    /// A clock set back after a save (by hand, or a machine that booted with the wrong time and
    /// was corrected) leaves saved times ahead of it: their age is unknown, so they are fetched
    /// again rather than counted fresh until the clock catches up, which may take a year.
    @Test func whatWasSavedAheadOfTheClockIsFetchedAgain() {
        var ahead = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        #expect(ahead.reduce(.archiveRestored(.success(Make.feed(at: Make.t0 + 86_400)))) == [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 1))])
        var slack = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        #expect(slack.reduce(.archiveRestored(.success(Make.feed(at: Make.t0 + 30)))).isEmpty, "seconds ahead (NTP) still count as just saved")
        var undated = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        #expect(undated.reduce(.archiveRestored(.success(Make.feed(at: Date(timeIntervalSince1970: .nan))))).count == 1)

        var state = Self.loaded()
        let tomorrows = Self.forecast(at: Make.t0 + 86_400)
        _ = state.reduce(.forecastLoaded(cityKey: "2", .success(ForecastPayload(forecast: tomorrows, rateLimitRemaining: nil))))
        #expect(state.reduce(.openDetail) == [.fetchForecast(cityKey: "2", language: "en-us", pass: .open(.forecast, calls: 2))])

        var restored = Self.loaded()
        let saved = StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 600), "4": Self.forecast(at: Make.t0 + 30 * 86_400)])
        #expect(restored.reduce(.forecastsRestored(saved)) == [.saveForecasts(StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 600)]))])
    }

    @Test func startingWithoutAKeySaysSoEvenOverAFreshArchive() {
        let state = State(config: AppConfig(refreshAfter: 1800, hasAPIKey: false), now: Make.t0 + 60)
        var expected = state
        expected.feed = Make.feed(at: Make.t0)
        expected.source = .archive
        expected.list.visibleCities = Self.cities("2", "4", "5", "3", "1")
        expected.list.selectedKey = "2"
        expected.lastError = .noAPIKey
        expected.banner = .offline(savedAt: Make.t0, reason: FeedError.noAPIKey.errorDescription ?? "")
        Self.expect(state, .archiveRestored(.success(Make.feed(at: Make.t0)))) { $0 = expected }
    }

    @Test func withoutAKeyTheBannerAndTheEmptyScreenSayWhatToDo() {
        var state = State(config: AppConfig(hasAPIKey: false), now: Make.t0)
        #expect(state.reduce(.archiveRestored(.failure(.missing))).isEmpty)
        guard case .offline(nil, let reason) = state.banner else { Issue.record("no banner"); return }
        #expect(reason.contains("no API key"))
        let lines = state.emptyExplanation?.joined(separator: "\n") ?? ""
        #expect(lines.contains("ACCUWEATHER_API_KEY") && lines.contains("--demo"))
    }

    /// `r` does nothing under --offline, so the empty screen does not invite it: it says what works.
    @Test func offlineModeWithNothingSavedSaysWhatWillWork() {
        var state = State(config: AppConfig(offline: true, provider: .openMeteo), now: Make.t0)
        #expect(state.reduce(.archiveRestored(.failure(.missing))).isEmpty)
        let lines = state.emptyExplanation?.joined(separator: "\n") ?? ""
        #expect(!lines.contains("Press r"))
        #expect(lines.contains("run without it to fetch") && lines.contains("--demo"))
        // Without a key too: no key would fetch anything under --offline.
        var keyless = State(config: AppConfig(offline: true, hasAPIKey: false), now: Make.t0)
        _ = keyless.reduce(.archiveRestored(.failure(.missing)))
        #expect(keyless.emptyExplanation?.joined(separator: "\n").contains("run without it to fetch") == true)
    }

    /// A damaged feed moved aside is not "no saved feed": the empty screen says it could not be
    /// used, why, and where it went.
    @Test func theEmptyScreenSaysASavedFeedWasMovedAside() {
        var state = State(config: AppConfig(offline: true, provider: .openMeteo), now: Make.t0)
        _ = state.reduce(.archiveRestored(.failure(.corrupt(reason: "truncated"))))
        let lines = state.emptyExplanation?.joined(separator: "\n") ?? ""
        #expect(!lines.contains("There is no saved feed"), "\(lines)")
        #expect(lines.contains("could not be used") && lines.contains("truncated") && lines.contains(".plist.corrupt"), "\(lines)")
        #expect(lines.contains("run without it to fetch"))
        // Nothing saved at all still says so.
        var none = State(config: AppConfig(offline: true, provider: .openMeteo), now: Make.t0)
        _ = none.reduce(.archiveRestored(.failure(.missing)))
        #expect(none.emptyExplanation?.joined(separator: "\n").contains("There is no saved feed in the cache folder either.") == true)
    }

    @Test func offlineModeNeverFetchesAndSaysSo() {
        var state = State(config: AppConfig(offline: true), now: Make.t0 + 99999)
        #expect(state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))).isEmpty)
        #expect(state.banner == .offline(savedAt: Make.t0, reason: "offline mode (--offline)"))
        #expect(state.reduce(.refresh).isEmpty)
        #expect(state.reduce(.openDetail).isEmpty)
    }

    @Test func demoShowsTheDemoBannerAndRefreshesFromBundledData() {
        var state = State(config: AppConfig(demo: true, hasAPIKey: false), now: Make.t0)
        #expect(state.banner == .demo)
        #expect(state.reduce(.archiveRestored(.failure(.missing))) == [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 0))])
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil))))
        #expect(state.source == .demo && state.banner == .demo)
    }

    @Test func aCorruptArchiveIsReportedOnceAndAFetchStarts() {
        var state = State(config: AppConfig(), now: Make.t0)
        let effects = state.reduce(.archiveRestored(.failure(.corrupt(reason: "not a property list"))))
        #expect(effects.count == 1)
        #expect(state.notice?.contains("moved aside to WeatherFeed.plist.corrupt") == true)
        _ = state.reduce(.moveDown)
        #expect(state.notice == nil)
    }

    // MARK: ↑ ↓ k j

    @Test func downAndJMoveToTheNextCity() {
        let state = Self.loaded()
        let after = Self.expect(state, .moveDown) { $0.list.selectedKey = "4" }
        Self.expect(after, .moveUp) { $0.list.selectedKey = "2" }
    }

    @Test func upOnTheFirstAndDownOnTheLastStayPut() {
        let state = Self.loaded()
        Self.expect(state, .moveUp)
        var last = state
        _ = last.reduce(.last)
        Self.expect(last, .moveDown)
    }

    @Test func movingOnAnEmptyListChangesNothing() {
        let empty = State(config: AppConfig(), now: Make.t0)
        for action in [Action.moveUp, .moveDown, .moveBy(-10), .moveBy(10), .first, .last, .openDetail, .togglePin] {
            Self.expect(empty, action)
        }
    }

    /// The selection's index is kept, not searched for per frame: it must follow every change of
    /// the selected key and of the list (filter, sort, pins, a new feed).
    @Test func theSelectedIndexFollowsTheKeyAndTheList() {
        var state = Self.loaded()
        func expectInStep() {
            #expect(state.list.selectedIndex == state.list.selectedKey.flatMap { key in state.list.visibleCities.firstIndex { $0.key == key } })
        }
        _ = state.reduce(.last)
        #expect(state.list.selectedIndex == 4)
        _ = state.reduce(.cycleSort)  // by temperature: Tokyo moves
        expectInStep()
        #expect(state.selectedCity?.englishName == "Tokyo")
        _ = state.reduce(.invertSort)
        expectInStep()
        #expect(state.list.selectedIndex == 1)  // Cairo 24°, Tokyo 17°, …
        _ = state.reduce(.togglePin)
        #expect(state.list.selectedIndex == 0)  // pinned cities come first
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("o"))
        expectInStep()
        state.list.selectedKey = "no such city"
        #expect(state.list.selectedIndex == nil && state.selectedCity == nil)
        state.list.selectedKey = "3"
        expectInStep()
        #expect(state.selectedCity?.englishName == "Moscow")
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(Array(Make.cities.prefix(2)), at: Make.t0), rateLimitRemaining: nil))))
        expectInStep()
        #expect(state.selectedCity != nil)
    }

    // MARK: PgUp PgDn

    /// A list of `count` cities "City 000"….
    static func many(_ count: Int, keyFormat: String = "%03d") -> State {
        let cities = (0..<count).map { Make.city(String(format: keyFormat, $0), String(format: "City %03d", $0)) }
        var state = State(config: AppConfig(), now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(Make.feed(cities, at: Make.t0))))
        return state
    }

    /// The core knows no rows: a page is a move by the count the front end gives, held to the
    /// list's ends (the front end's `ScreenStateTests` hold the rows and the scroll).
    @Test func aMoveByACountIsHeldToTheListsEnds() {
        var state = Self.many(100)
        state = Self.expect(state, .moveBy(10)) { $0.list.selectedKey = "010" }
        state = Self.expect(state, .moveBy(95)) { $0.list.selectedKey = "099" }
        state = Self.expect(state, .moveBy(-10)) { $0.list.selectedKey = "089" }
        state = Self.expect(state, .moveBy(-1000)) { $0.list.selectedKey = "000" }
    }

    // MARK: g G Home End

    @Test func gAndHomeGoFirstGAndEndGoLast() {
        let state = Self.loaded()
        let last = Self.expect(state, .last) { $0.list.selectedKey = "1" }
        Self.expect(last, .first) { $0.list.selectedKey = "2" }
    }

    // MARK: Enter → l

    @Test func enterOpensTheDetailAndFetchesItsForecast() {
        let state = Self.loaded()
        let opened = Self.expect(state, .openDetail, effects: [.fetchForecast(cityKey: "2", language: "en-us", pass: .open(.forecast, calls: 2))]) {
            $0.detail.mode = .detail
            $0.detail.forecastsInFlight = ["2"]
        }
        Self.expect(opened, .openDetail)  // the fetch is already under way
    }

    @Test func enterWithAFreshCachedForecastFetchesNothing() {
        var state = Self.loaded()
        let stored = StoredForecast(fetchedAt: Make.t0 - 3599, forecast: DailyForecastResponse(headline: nil, dailyForecasts: []))
        _ = state.reduce(.forecastsRestored(StoredForecasts(byCityKey: ["2": stored])))
        Self.expect(state, .openDetail) { $0.detail.mode = .detail }
    }

    @Test func aFreshForecastIsNotFetchedAgainButAnHourOldOneIs() {
        var state = Self.loaded()
        let stored = StoredForecast(fetchedAt: Make.t0, forecast: DailyForecastResponse(headline: nil, dailyForecasts: []))
        _ = state.reduce(.forecastLoaded(cityKey: "2", .success(ForecastPayload(forecast: stored, rateLimitRemaining: 7))))
        #expect(state.rateLimitRemaining == 7)
        #expect(state.reduce(.openDetail).isEmpty)
        _ = state.reduce(.closeDetail)
        _ = state.reduce(.tick(Make.t0 + 3601))
        #expect(state.reduce(.openDetail) == [.fetchForecast(cityKey: "2", language: "en-us", pass: .open(.forecast, calls: 2))])
    }

    @Test func enterWhenOfflineSaysWhyThereIsNoForecast() {
        let state = Self.loaded(config: AppConfig(refreshAfter: 1800, offline: true))
        Self.expect(state, .openDetail) {
            $0.detail.mode = .detail
            $0.detail.forecastErrors = ["2": "offline mode (--offline)"]
        }
        let keyless = Self.loaded(config: AppConfig(refreshAfter: 1800, hasAPIKey: false))
        Self.expect(keyless, .openDetail) {
            $0.detail.mode = .detail
            $0.detail.forecastErrors = ["2": FeedError.noAPIKey.errorDescription ?? ""]
        }
    }

    // MARK: Esc ← h

    @Test func escClosesTheDetail() {
        var state = Self.loaded()
        state.detail.mode = .detail
        Self.expect(state, .closeDetail) { $0.detail.mode = .list }
    }

    @Test func escOnTheListClearsAKeptFilter() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("o"))  // Cairo, Moscow, Tokyo; the selection moves to Cairo
        _ = state.reduce(.commitFilter)
        let kept = state
        #expect(kept.list.visibleCities == Self.cities("5", "3", "1") && kept.list.selectedKey == "5")
        Self.expect(kept, .closeDetail) {
            $0.list.filter = ""
            $0.list.visibleCities = Self.cities("2", "4", "5", "3", "1")
            $0.list.selectedKey = "2"  // back to the city selected before `/`
            $0.list.selectionBeforeFilter = nil
        }
    }

    @Test func escOnThePlainListDoesNothing() {
        Self.expect(Self.loaded(), .closeDetail)
    }

    // MARK: /

    @Test func slashStartsTypingAFilter() {
        Self.expect(Self.loaded(), .startFilter) { $0.list.isEditingFilter = true; $0.list.selectionBeforeFilter = "2" }
    }

    @Test func slashFromTheDetailReturnsToTheListItNarrows() {
        var state = Self.loaded()
        state.detail.mode = .detail
        Self.expect(state, .startFilter) { $0.list.isEditingFilter = true; $0.detail.mode = .list; $0.list.selectionBeforeFilter = "2" }
    }

    @Test func typedCharactersNarrowByCityOrCountryAsYouType() {
        var state = Self.expect(Self.loaded(), .startFilter) { $0.list.isEditingFilter = true; $0.list.selectionBeforeFilter = "2" }
        // "e": Athens (Greece), Berlin (Germany), Cairo (Egypt); not Moscow (Russia), Tokyo (Japan).
        state = Self.expect(state, .filterInput("e")) {
            $0.list.filter = "e"
            $0.list.visibleCities = Self.cities("2", "4", "5")
        }
        // "eg": Egypt only; the selection follows to the first city still listed.
        state = Self.expect(state, .filterInput("g")) {
            $0.list.filter = "eg"
            $0.list.visibleCities = Self.cities("5")
            $0.list.selectedKey = "5"
        }
        // Backspace widens again; Cairo stays selected.
        state = Self.expect(state, .filterBackspace) {
            $0.list.filter = "e"
            $0.list.visibleCities = Self.cities("2", "4", "5")
        }
        // Enter keeps the filter and stops typing.
        state = Self.expect(state, .commitFilter) { $0.list.isEditingFilter = false }
        // Typing is ignored once the prompt is closed.
        Self.expect(state, .filterInput("x"))
    }

    @Test func theFilterMatchesCityAndCountryNamesLocalizedOrEnglishWithoutCaseOrAccents() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        Self.expect(state, .filterInput("МОСКВА")) {
            $0.list.filter = "МОСКВА"
            $0.list.visibleCities = Self.cities("3")
            $0.list.selectedKey = "3"
        }
        Self.expect(state, .filterInput("toky")) {
            $0.list.filter = "toky"
            $0.list.visibleCities = Self.cities("1")
            $0.list.selectedKey = "1"
        }
        Self.expect(state, .filterInput("東")) {
            $0.list.filter = "東"
            $0.list.visibleCities = Self.cities("1")
            $0.list.selectedKey = "1"
        }
        Self.expect(state, .filterInput("GREECE")) {  // a country, in capitals
            $0.list.filter = "GREECE"
            $0.list.visibleCities = Self.cities("2")
        }
        Self.expect(state, .filterInput("Áthens")) {  // an accent the name does not have
            $0.list.filter = "Áthens"
            $0.list.visibleCities = Self.cities("2")
        }
    }

    @Test func escWhileTypingClearsTheFilter() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("zzz"))
        #expect(state.list.visibleCities.isEmpty && state.list.selectedKey == "2")  // nothing matches; the choice is kept
        Self.expect(state, .cancelFilter) {
            $0.list.isEditingFilter = false
            $0.list.filter = ""
            $0.list.visibleCities = Self.cities("2", "4", "5", "3", "1")
            $0.list.selectionBeforeFilter = nil
        }
    }

    @Test func escAfterReopeningAKeptFilterClearsIt() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("r"))  // Athens (Greece), Berlin, Cairo, Moscow (Russia)
        _ = state.reduce(.commitFilter)
        _ = state.reduce(.startFilter)
        #expect(state.list.filter == "r" && Self.names(state) == ["Athens", "Berlin", "Cairo", "Moscow"])
        Self.expect(state, .cancelFilter) {
            $0.list.isEditingFilter = false
            $0.list.filter = ""
            $0.list.visibleCities = Self.cities("2", "4", "5", "3", "1")
            $0.list.selectionBeforeFilter = nil
        }
    }

    @Test func backspaceOnAnEmptyFilterDoesNothing() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        Self.expect(state, .filterBackspace)
    }

    // MARK: s I

    @Test func sCyclesNameTemperatureCountryTheLayersMeasuresAndSavesTheChoice() {
        var state = Self.loaded()
        var wanted = state
        wanted.list.sortField = .temperature
        wanted.list.visibleCities = Self.cities("3", "2", "4", "1", "5")  // −3, 6, 7, 17, 24 °C
        state = Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings, fields: [.sortField, .sortDescending])]) {
            $0.list.sortField = .temperature
            $0.list.visibleCities = Self.cities("3", "2", "4", "1", "5")
        }
        wanted.list.sortField = .country
        state = Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings, fields: [.sortField, .sortDescending])]) {
            $0.list.sortField = .country
            $0.list.visibleCities = Self.cities("5", "4", "2", "1", "3")  // Egypt, Germany, Greece, Japan, Russia
        }
        // Then the map layers' measures; these cities have no rain chance: by name, as equals are.
        wanted.list.sortField = .rainChance
        wanted.list.visibleCities = Self.cities("2", "4", "5", "3", "1")
        state = Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings, fields: [.sortField, .sortDescending])]) {
            $0.list.sortField = .rainChance
            $0.list.visibleCities = Self.cities("2", "4", "5", "3", "1")
        }
        wanted.list.sortField = .wind
        state = Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings, fields: [.sortField, .sortDescending])]) { $0.list.sortField = .wind }
        wanted.list.sortField = .airQuality  // no air yet: all by name
        state = Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings, fields: [.sortField, .sortDescending])]) { $0.list.sortField = .airQuality }
        wanted.list.sortField = .name
        Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings, fields: [.sortField, .sortDescending])]) { $0.list.sortField = .name }
    }

    @Test func capitalIInvertsTheOrderAndKeepsTheSelectedCity() {
        let state = Self.loaded()
        var wanted = state
        wanted.list.sortDescending = true
        let inverted = Self.expect(state, .invertSort, effects: [.saveSettings(wanted.settings, fields: [.sortField, .sortDescending])]) {
            $0.list.sortDescending = true
            $0.list.visibleCities = Self.cities("1", "3", "5", "4", "2")
        }
        #expect(inverted.list.selectedIndex == 4)  // Athens, now at the bottom
    }

    @Test func capitalIInvertsWhicheverFieldIsSorted() {
        var state = Self.loaded()
        _ = state.reduce(.cycleSort)  // temperature
        _ = state.reduce(.invertSort)
        #expect(Self.names(state) == ["Cairo", "Tokyo", "Berlin", "Athens", "Moscow"])  // 24, 17, 7, 6, −3 °C
    }

    @Test func sAfterIStartsTheNextFieldAscending() {
        var state = Self.loaded()
        _ = state.reduce(.invertSort)
        _ = state.reduce(.cycleSort)
        #expect(state.list.sortField == .temperature && !state.list.sortDescending)
    }

    // MARK: u

    @Test func uTogglesCelsiusAndFahrenheitAndSavesIt() {
        let state = Self.loaded()
        var wanted = state
        wanted.units = .imperial
        let imperial = Self.expect(state, .toggleUnits, effects: [.saveSettings(wanted.settings, fields: [.units])]) { $0.units = .imperial }
        Self.expect(imperial, .toggleUnits, effects: [.saveSettings(state.settings, fields: [.units])]) { $0.units = .metric }
    }

    // MARK: p

    @Test func pPinsTheSelectedCityOnTopAndUnpinsIt() {
        var state = Self.loaded()
        _ = state.reduce(.moveDown)
        _ = state.reduce(.moveDown)  // Cairo
        let pin = PinnedCity(key: "5", name: "Cairo", latitude: 1, longitude: 2)
        let pinned = Self.expect(state, .togglePin, effects: [.changePins(.pin(pin))]) {
            $0.pinned = [pin]
            $0.pinChangesUnanswered = [.pin(pin)]
            $0.list.visibleCities = Self.cities("5", "2", "4", "3", "1")
        }
        #expect(pinned.list.selectedIndex == 0)
        Self.expect(pinned, .togglePin, effects: [.changePins(.unpin(key: "5"))]) {
            $0.pinned = []
            $0.pinChangesUnanswered = [.pin(pin), .unpin(key: "5")]
            $0.list.visibleCities = Self.cities("2", "4", "5", "3", "1")
        }
    }

    /// A run's end saves only what it owns of the settings (the selection, and what flags chose),
    /// so another copy's choices saved meanwhile stay (docs/spec.md §3).
    @Test func quittingSavesTheSelectionAndWhatTheFlagsChose() {
        var state = Self.loaded(config: AppConfig(count: 100, units: .imperial, refreshAfter: 1800))
        #expect(state.reduce(.quit) == [.saveSettings(state.settings, fields: [.selectedCityKey, .count, .units]), .quit])
    }

    @Test func pinnedCitiesStayOnTopWhateverTheSort() {
        var state = Self.loaded()
        _ = state.reduce(.last)  // Tokyo, the warmest but one
        _ = state.reduce(.togglePin)
        _ = state.reduce(.cycleSort)  // temperature
        #expect(state.list.visibleCities.map(\.key) == ["1", "3", "2", "4", "5"])
        _ = state.reduce(.invertSort)
        #expect(state.list.visibleCities.map(\.key) == ["1", "5", "4", "2", "3"])
    }

    // MARK: r R F5

    @Test func rStartsOneRefreshAndNoMoreWhileItRuns() {
        let state = Self.loaded()
        let fetching = Self.expectR(state, effects: [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 1))]) {
            $0.isFetching = true
        }
        // No second request, but the key is answered.
        Self.expect(fetching, .refresh) {
            $0.notice = "a refresh is already under way"
            $0.notices.messages = [Message(time: Make.t0, text: "a refresh is already under way")]
        }
    }

    @Test func rWithoutAKeyStartsNothingAndSaysWhy() {
        var state = Self.loaded(config: AppConfig(refreshAfter: 1800, hasAPIKey: false))
        state.banner = .none  // as if the banner had gone; r must bring the reason back
        Self.expect(state, .refresh) {
            $0.lastError = .noAPIKey
            $0.banner = .offline(savedAt: Make.t0, reason: FeedError.noAPIKey.errorDescription ?? "")
        }
    }

    @Test func rInOfflineModeStartsNothingAndSaysWhy() {
        let state = Self.loaded(config: AppConfig(refreshAfter: 1800, offline: true))
        Self.expect(state, .refresh) { $0.notice = "offline mode (--offline): not refreshing" }
    }

    // MARK: ? !

    /// The overlays are the front end's (ScreenStateTests): of their keys the core hears only that
    /// a key was pressed, which clears the notice and does nothing else.
    @Test func aKeyTheFrontEndAnsweredClearsTheNoticeAlone() {
        var state = Self.loaded()
        state.notice = "disk full"
        Self.expect(state, .dismissNotice) { $0.notice = nil }
        Self.expect(Self.loaded(), .dismissNotice)
    }

    // MARK: q Ctrl-C

    @Test func qQuitsAndSavesTheSettings() {
        var state = Self.loaded()
        _ = state.reduce(.moveDown)
        var wanted = state
        wanted.isQuitting = true
        Self.expect(state, .quit, effects: [.saveSettings(wanted.settings, fields: [.selectedCityKey]), .quit]) { $0.isQuitting = true }
        #expect(wanted.settings.selectedCityKey == "4")  // the selected city is remembered
    }

    @Test func ctrlCQuitsFromAnywhere() {
        var state = Self.loaded()
        state.list.isEditingFilter = true
        Self.expect(state, .interrupt, effects: [.saveSettings(state.settings, fields: [.selectedCityKey]), .quit]) { $0.isQuitting = true }
    }

    // MARK: refresh results

    @Test func selectionKeepsItsCityAcrossARefreshThatReordersTheList() {
        var state = Self.loaded()
        _ = state.reduce(.moveDown)
        _ = state.reduce(.moveDown)  // Cairo
        _ = state.pressR()
        let reordered = [Make.city("9", "Aachen")] + Make.cities.reversed()
        let feed = Make.feed(reordered, at: Make.t0 + 60)
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: 41))))
        #expect(state.selectedCity?.englishName == "Cairo")
        #expect(state.list.selectedIndex == 3)
        #expect(state.source == .live && state.banner == .none && state.rateLimitRemaining == 41)
    }

    /// A refresh that could not bring an own city still stands (no offline banner); the notice
    /// and the messages say which and why.
    @Test func aRefreshWithoutAnOwnCityStandsAndSaysWhich() {
        var state = Self.loaded()
        _ = state.pressR()
        let problem = "Oslo not refreshed: daily request limit reached; its earlier weather is shown"
        let payload = FeedPayload(feed: Make.feed(at: Make.t0 + 60), rateLimitRemaining: 0, ownProblem: problem)
        _ = state.reduce(.feedLoaded(.success(payload)))
        #expect(state.source == .live && state.banner == .none && state.lastError == nil)
        #expect(state.notice == problem)
        #expect(state.notices.messages.first?.text == state.notice)
        #expect(state.rateLimitRemaining == 0)
    }

    @Test func aFailedRefreshKeepsTheDataAndSaysWhyAndSince() {
        var state = Self.loaded()
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(.network(.unreachable(host: "dataservice.accuweather.com")))))
        #expect(!state.isFetching)
        #expect(state.list.visibleCities.count == 5)
        #expect(state.banner == .offline(savedAt: Make.t0, reason: "offline: cannot reach dataservice.accuweather.com"))
    }

    @Test func unauthorizedSaysTheKeyWasRejected() {
        var state = Self.loaded()
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(.network(.unauthorized(status: 401)))))
        guard case .offline(_, let reason) = state.banner else { Issue.record("no banner"); return }
        #expect(reason == "API key rejected (401): check ACCUWEATHER_API_KEY")
    }

    // MARK: forecasts

    @Test func aForecastFetchedBeforeTheSavedOnesAreReadIsNotSavedOverThem() {
        var state = Self.loaded()
        let fetched = Self.forecast(at: Make.t0)
        #expect(state.reduce(.forecastLoaded(cityKey: "2", .success(ForecastPayload(forecast: fetched, rateLimitRemaining: nil)))).isEmpty)
        // The file holds an older forecast for the same city, and one for another city.
        let saved = StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 7200), "4": Self.forecast(at: Make.t0 - 600)])
        let effects = state.reduce(.forecastsRestored(saved))
        let merged = ["2": fetched, "4": Self.forecast(at: Make.t0 - 600)]
        #expect(state.detail.forecasts == merged)
        #expect(effects == [.saveForecasts(StoredForecasts(byCityKey: merged))])
        // From now on every fetched forecast is saved at once.
        let later = Self.forecast(at: Make.t0 + 60)
        #expect(state.reduce(.forecastLoaded(cityKey: "5", .success(ForecastPayload(forecast: later, rateLimitRemaining: nil))))
                == [.saveForecasts(StoredForecasts(byCityKey: merged.merging(["5": later]) { a, _ in a }))])
    }

    @Test func restoringForecastsDropsThoseWithNoDayAheadAndSavesNothingWhenTheFileIsCurrent() {
        var current = Self.loaded()
        let saved = StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 86_400)])
        #expect(current.reduce(.forecastsRestored(saved)).isEmpty)
        #expect(current.detail.forecasts == saved.byCityKey && current.detail.forecastsRestored)
        // A week fetched 6 days ago still has its last day ahead; one fetched 8 days ago has none.
        var old = Self.loaded()
        let stale = StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 86_400), "4": Self.forecast(at: Make.t0 - 6 * 86_400),
                                                "5": Self.forecast(at: Make.t0 - 8 * 86_400)])
        let kept = ["2": Self.forecast(at: Make.t0 - 86_400), "4": Self.forecast(at: Make.t0 - 6 * 86_400)]
        #expect(old.reduce(.forecastsRestored(stale)) == [.saveForecasts(StoredForecasts(byCityKey: kept))])
        #expect(old.detail.forecasts.keys.sorted() == ["2", "4"])
    }

    @Test func aFailedForecastFetchKeepsTheCachedOneAndSaysWhy() {
        var state = Self.loaded()
        _ = state.reduce(.forecastsRestored(StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 7200)])))
        #expect(state.reduce(.openDetail) == [.fetchForecast(cityKey: "2", language: "en-us", pass: .open(.forecast, calls: 2))])
        let spentDay = SourceGate.Hold(until: CallDay(containing: state.now).end, reason: "daily request limit reached")
        #expect(state.reduce(.forecastLoaded(cityKey: "2", .failure(.network(.quotaExceeded)))) == [.keepHold(.accuWeather, spentDay)],
                "the spent day holds AccuWeather for every run")
        #expect(state.detail.forecasts["2"] == Self.forecast(at: Make.t0 - 7200))
        #expect(state.detail.forecastErrors["2"] == "daily request limit reached")
        #expect(state.detail.forecastsInFlight.isEmpty)
    }

    // MARK: settings

    @Test func rememberedSettingsApplyUnlessTheCommandLineSaidOtherwise() {
        var state = State(config: AppConfig(units: .metric), now: Make.t0)
        let saved = AppSettings(units: .imperial, sortField: .country, sortDescending: true, count: 100, language: "ja-jp", selectedCityKey: "4")
        _ = state.reduce(.settingsLoaded(saved))
        _ = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0, count: 100))))
        #expect(state.units == .metric)
        #expect(state.list.sortField == .country && state.list.sortDescending)
        #expect(state.request == FeedRequest(count: 100, language: "ja-jp"))
        #expect(state.selectedCity?.englishName == "Berlin")
    }

    @Test func aSavedCountAccuWeatherDoesNotServeFallsBackTo50() {
        var state = State(config: AppConfig(), now: Make.t0)
        _ = state.reduce(.settingsLoaded(AppSettings(count: 77, language: "")))
        #expect(state.request == FeedRequest(count: 50, language: "en-us"))
        _ = state.reduce(.settingsLoaded(AppSettings(count: 150, language: "ru-ru")))
        #expect(state.request == FeedRequest(count: 150, language: "ru-ru"))
    }

    // MARK: the clock

    @Test func aTickOnlyMovesTheClock() {
        let state = Self.loaded()
        Self.expect(state, .tick(Make.t0 + 300)) { $0.now = Make.t0 + 300 }
    }

    @Test func aNoticeIsClearedByTheNextKeyButNotByATick() {
        var state = Self.loaded()
        _ = state.reduce(.saveFailed("could not save settings: disk full"))
        #expect(state.notice == "could not save settings: disk full")
        let ticked = Self.expect(state, .tick(Make.t0 + 1)) { $0.now = Make.t0 + 1 }
        Self.expect(ticked, .moveDown) { $0.notice = nil; $0.list.selectedKey = "4" }
    }

    // MARK: the saved feed's preview, then its details

    /// The five cities as their summaries tell (no details), as the first frame restores them.
    static func previewed() -> (State, whole: WeatherFeed) {
        var whole = Make.feed(at: Make.t0)
        whole.cities = whole.cities.map { city in
            var city = city
            city.relativeHumidity = 55
            return city
        }
        var state = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(WeatherFeed(WeatherFeedSummary(whole)))))
        return (state, whole)
    }

    @Test func theWholeSavedFeedReplacesItsPreviewAndKeepsTheSelection() {
        var (state, whole) = Self.previewed()
        _ = state.reduce(.moveDown)
        #expect(state.selectedCity?.relativeHumidity == nil)
        let effects = state.reduce(.archiveDetailsRestored(.success(whole)))
        #expect(effects.isEmpty)
        #expect(state.selectedCity?.englishName == "Berlin" && state.selectedCity?.relativeHumidity == 55)
        #expect(state.feed == whole && state.source == .archive)
    }

    @Test func aLiveFeedThatCameFirstIsNotReplacedByTheSavedDetails() {
        var (state, whole) = Self.previewed()
        let live = Make.feed(Self.cities("a", "b"), at: Make.t0 + 5)
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: live, rateLimitRemaining: nil))))
        _ = state.reduce(.archiveDetailsRestored(.success(whole)))
        #expect(state.feed == live && state.source == .live)
    }

    /// A `--city` place a script added to the saved feed is hidden from the first frame too,
    /// which is drawn from the feed's summary (and is all `--once` reads).
    @Test func thePreviewHidesTheSameOtherPlacesAsTheWholeFeed() {
        var whole = Make.feed(at: Make.t0)
        whole.placeKeys = [whole.cities[0].key]
        var state = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(WeatherFeed(WeatherFeedSummary(whole)))))
        #expect(state.feed?.placeKeys == whole.placeKeys)
        #expect(!state.list.visibleCities.contains { $0.key == whole.cities[0].key })
        #expect(state.list.visibleCities.count == whole.cities.count - 1)
    }

    @Test func detailsThatCannotBeReadTakeThePreviewAwayAndSayWhy() {
        var (state, _) = Self.previewed()
        _ = state.reduce(.archiveDetailsRestored(.failure(.corrupt(reason: "cities[2].Wind has the wrong type"))))
        #expect(state.feed == nil && state.list.visibleCities.isEmpty)
        #expect(state.notice?.contains("moved aside to WeatherFeed.plist.corrupt") == true)
    }

    @Test func openMeteoNeedsNoKeyForTheForecast() {
        var state = Self.loaded(config: AppConfig(refreshAfter: 1800, provider: .openMeteo, hasAPIKey: false))
        let effects = state.reduce(.openDetail)
        #expect(effects == [.fetchForecast(cityKey: state.list.selectedKey ?? "", language: "en-us", pass: .open(.forecast, calls: 2, provider: .openMeteo))])
        #expect(state.selectedForecastError == nil)
    }

    @Test func aLimitResponseLeavesNoCallsLeftInTheHeader() {
        var state = Self.loaded()
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: 47))))
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(.network(.quotaExceeded))))
        #expect(state.rateLimitRemaining == 0)
    }

    @Test func settingsThatLostAValueSaySoOnce() {
        var state = Self.loaded()
        _ = state.reduce(.settingsLoaded(AppSettings(count: 100), notice: .settingsDropped(file: "settings.plist", fields: ["units"])))
        #expect(state.request.count == 100)
        #expect(state.notice?.contains("dropped units") == true)
    }
}
