import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// docs/spec.md §5's key table, one test per row: each sends the key's action and asserts the WHOLE next
/// state (built from the previous one plus exactly the expected changes) and the effects, so a
/// key that changes something it should not fails too.
@Suite struct KeyTableTests {
    /// Five cities restored from a fresh archive: Athens, Berlin, Cairo, Moscow, Tokyo; Athens selected.
    static func loaded(rows: Int = 24, config: AppConfig = AppConfig(refreshAfter: 1800)) -> State {
        var state = State(config: config, now: Make.t0, terminal: TerminalSize(columns: 80, rows: rows))
        _ = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0))))
        return state
    }

    /// The test cities in the order of `keys`.
    static func cities(_ keys: String...) -> [CityWeather] {
        keys.compactMap { key in Make.cities.first { $0.key == key } }
    }

    /// Sends `action` to `state`; the result must equal `state` changed by `change`, with `effects`.
    @discardableResult
    static func expect(_ state: State, _ action: Action, effects expected: [Effect] = [],
                       sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout State) -> Void = { _ in }) -> State {
        var after = state
        let effects = after.reduce(action)
        var wanted = state
        change(&wanted)
        if after != wanted {
            // Name the fields that differ: a dump of two whole states is unreadable.
            let got = Dictionary(uniqueKeysWithValues: Mirror(reflecting: after).children.map { ($0.label ?? "?", "\($0.value)") })
            let diffs = Mirror(reflecting: wanted).children.compactMap { child -> String? in
                let label = child.label ?? "?"
                let want = "\(child.value)"
                return got[label] == want ? nil : "\(label): got \(got[label] ?? "nil"), wanted \(want)"
            }
            Issue.record("next state differs after \(String(describing: action).prefix(60)): \(diffs.joined(separator: "; "))", sourceLocation: sourceLocation)
        }
        #expect(effects == expected, sourceLocation: sourceLocation)
        return after
    }

    @Test func theFixtureIsSortedByEnglishNameWithTheFirstSelected() {
        let state = Self.loaded()
        #expect(state.visibleCities == Self.cities("2", "4", "5", "3", "1"))
        #expect(state.selectedKey == "2" && state.listScrollOffset == 0 && state.banner == .none)
    }

    @Test func startingWithoutAKeySaysSoEvenOverAFreshArchive() {
        let state = State(config: AppConfig(refreshAfter: 1800, hasAPIKey: false), now: Make.t0 + 60)
        var expected = state
        expected.feed = Make.feed(at: Make.t0)
        expected.source = .archive
        expected.visibleCities = Self.cities("2", "4", "5", "3", "1")
        expected.selectedKey = "2"
        expected.lastError = .noAPIKey
        expected.banner = .offline(savedAt: Make.t0, reason: FeedError.noAPIKey.errorDescription ?? "")
        Self.expect(state, .archiveRestored(.success(Make.feed(at: Make.t0)))) { $0 = expected }
    }

    // MARK: ↑ ↓ k j

    @Test func downAndJMoveToTheNextCity() {
        let state = Self.loaded()
        let after = Self.expect(state, .moveDown) { $0.selectedKey = "4" }
        Self.expect(after, .moveUp) { $0.selectedKey = "2" }
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
        for action in [Action.moveUp, .moveDown, .pageUp, .pageDown, .first, .last, .openDetail, .togglePin] {
            Self.expect(empty, action)
        }
    }

    // MARK: PgUp PgDn

    @Test func pageDownAndUpMoveByTheListHeightAndScroll() {
        let many = (0..<100).map { Make.city(String(format: "%03d", $0), String(format: "City %03d", $0)) }
        var state = State(config: AppConfig(), now: Make.t0, terminal: TerminalSize(columns: 80, rows: 13))
        _ = state.reduce(.archiveRestored(.success(Make.feed(many, at: Make.t0))))
        #expect(state.listRows == 10)  // 13 rows − header − column titles − status line
        state = Self.expect(state, .pageDown) { $0.selectedKey = "010"; $0.listScrollOffset = 1 }
        state = Self.expect(state, .pageDown) { $0.selectedKey = "020"; $0.listScrollOffset = 11 }
        state = Self.expect(state, .pageUp) { $0.selectedKey = "010"; $0.listScrollOffset = 10 }
        state = Self.expect(state, .pageUp) { $0.selectedKey = "000"; $0.listScrollOffset = 0 }
    }

    // MARK: g G Home End

    @Test func gAndHomeGoFirstGAndEndGoLast() {
        let state = Self.loaded()
        let last = Self.expect(state, .last) { $0.selectedKey = "1" }
        Self.expect(last, .first) { $0.selectedKey = "2" }
    }

    @Test func endScrollsSoTheLastCityIsOnTheBottomRow() {
        let many = (0..<30).map { Make.city(String(format: "%02d", $0), String(format: "City %02d", $0)) }
        var state = State(config: AppConfig(), now: Make.t0, terminal: TerminalSize(columns: 80, rows: 13))
        _ = state.reduce(.archiveRestored(.success(Make.feed(many, at: Make.t0))))
        Self.expect(state, .last) { $0.selectedKey = "29"; $0.listScrollOffset = 20 }
    }

    // MARK: Enter → l

    @Test func enterOpensTheDetailAndFetchesItsForecast() {
        let state = Self.loaded()
        let opened = Self.expect(state, .openDetail, effects: [.fetchForecast(cityKey: "2", language: "en-us")]) {
            $0.mode = .detail
            $0.forecastsInFlight = ["2"]
        }
        Self.expect(opened, .openDetail)  // the fetch is already under way
    }

    @Test func enterWithAFreshCachedForecastFetchesNothing() {
        var state = Self.loaded()
        let stored = StoredForecast(fetchedAt: Make.t0 - 3599, forecast: DailyForecastResponse(headline: nil, dailyForecasts: []))
        _ = state.reduce(.forecastsRestored(StoredForecasts(byCityKey: ["2": stored])))
        Self.expect(state, .openDetail) { $0.mode = .detail }
    }

    @Test func enterWhenOfflineSaysWhyThereIsNoForecast() {
        let state = Self.loaded(config: AppConfig(refreshAfter: 1800, offline: true))
        Self.expect(state, .openDetail) {
            $0.mode = .detail
            $0.forecastErrors = ["2": "offline mode (--offline)"]
        }
        let keyless = Self.loaded(config: AppConfig(refreshAfter: 1800, hasAPIKey: false))
        Self.expect(keyless, .openDetail) {
            $0.mode = .detail
            $0.forecastErrors = ["2": FeedError.noAPIKey.errorDescription ?? ""]
        }
    }

    // MARK: Esc ← h

    @Test func escClosesTheDetail() {
        var state = Self.loaded()
        state.mode = .detail
        Self.expect(state, .closeDetail) { $0.mode = .list }
    }

    @Test func escClosesTheHelpBeforeTheDetail() {
        var state = Self.loaded()
        state.mode = .detail
        state.showHelp = true
        Self.expect(state, .closeDetail) { $0.showHelp = false }
    }

    @Test func escOnTheListClearsAKeptFilter() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("o"))  // Cairo, Moscow, Tokyo; the selection moves to Cairo
        _ = state.reduce(.commitFilter)
        let kept = state
        #expect(kept.visibleCities == Self.cities("5", "3", "1") && kept.selectedKey == "5")
        Self.expect(kept, .closeDetail) {
            $0.filter = ""
            $0.visibleCities = Self.cities("2", "4", "5", "3", "1")
        }
    }

    @Test func escOnThePlainListDoesNothing() {
        Self.expect(Self.loaded(), .closeDetail)
    }

    // MARK: /

    @Test func slashStartsTypingAFilter() {
        Self.expect(Self.loaded(), .startFilter) { $0.isEditingFilter = true }
    }

    @Test func slashFromTheDetailReturnsToTheListItNarrows() {
        var state = Self.loaded()
        state.mode = .detail
        Self.expect(state, .startFilter) { $0.isEditingFilter = true; $0.mode = .list }
    }

    @Test func typedCharactersNarrowByCityOrCountryAsYouType() {
        var state = Self.expect(Self.loaded(), .startFilter) { $0.isEditingFilter = true }
        // "e": Athens (Greece), Berlin (Germany), Cairo (Egypt); not Moscow (Russia), Tokyo (Japan).
        state = Self.expect(state, .filterInput("e")) {
            $0.filter = "e"
            $0.visibleCities = Self.cities("2", "4", "5")
        }
        // "eg": Egypt only; the selection follows to the first city still listed.
        state = Self.expect(state, .filterInput("g")) {
            $0.filter = "eg"
            $0.visibleCities = Self.cities("5")
            $0.selectedKey = "5"
        }
        // Backspace widens again; Cairo stays selected.
        state = Self.expect(state, .filterBackspace) {
            $0.filter = "e"
            $0.visibleCities = Self.cities("2", "4", "5")
        }
        // Enter keeps the filter and stops typing.
        state = Self.expect(state, .commitFilter) { $0.isEditingFilter = false }
        // Typing is ignored once the prompt is closed.
        Self.expect(state, .filterInput("x"))
    }

    @Test func theFilterMatchesLocalizedAndEnglishNamesWithoutCaseOrAccents() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        Self.expect(state, .filterInput("МОСКВА")) {
            $0.filter = "МОСКВА"
            $0.visibleCities = Self.cities("3")
            $0.selectedKey = "3"
        }
        Self.expect(state, .filterInput("toky")) {
            $0.filter = "toky"
            $0.visibleCities = Self.cities("1")
            $0.selectedKey = "1"
        }
        Self.expect(state, .filterInput("東")) {
            $0.filter = "東"
            $0.visibleCities = Self.cities("1")
            $0.selectedKey = "1"
        }
    }

    @Test func escWhileTypingClearsTheFilter() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("zzz"))
        #expect(state.visibleCities.isEmpty && state.selectedKey == "2")  // nothing matches; the choice is kept
        Self.expect(state, .cancelFilter) {
            $0.isEditingFilter = false
            $0.filter = ""
            $0.visibleCities = Self.cities("2", "4", "5", "3", "1")
        }
    }

    @Test func backspaceOnAnEmptyFilterDoesNothing() {
        var state = Self.loaded()
        _ = state.reduce(.startFilter)
        Self.expect(state, .filterBackspace)
    }

    // MARK: s I

    @Test func sCyclesNameTemperatureCountryAndSavesTheChoice() {
        var state = Self.loaded()
        var wanted = state
        wanted.sortField = .temperature
        wanted.visibleCities = Self.cities("3", "2", "4", "1", "5")  // −3, 6, 7, 17, 24 °C
        state = Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings)]) {
            $0.sortField = .temperature
            $0.visibleCities = Self.cities("3", "2", "4", "1", "5")
        }
        wanted.sortField = .country
        state = Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings)]) {
            $0.sortField = .country
            $0.visibleCities = Self.cities("5", "4", "2", "1", "3")  // Egypt, Germany, Greece, Japan, Russia
        }
        wanted.sortField = .name
        Self.expect(state, .cycleSort, effects: [.saveSettings(wanted.settings)]) {
            $0.sortField = .name
            $0.visibleCities = Self.cities("2", "4", "5", "3", "1")
        }
    }

    @Test func capitalIInvertsTheOrderAndKeepsTheSelectedCity() {
        let state = Self.loaded()
        var wanted = state
        wanted.sortDescending = true
        let inverted = Self.expect(state, .invertSort, effects: [.saveSettings(wanted.settings)]) {
            $0.sortDescending = true
            $0.visibleCities = Self.cities("1", "3", "5", "4", "2")
        }
        #expect(inverted.selectedIndex == 4)  // Athens, now at the bottom
    }

    @Test func sAfterIStartsTheNextFieldAscending() {
        var state = Self.loaded()
        _ = state.reduce(.invertSort)
        _ = state.reduce(.cycleSort)
        #expect(state.sortField == .temperature && !state.sortDescending)
    }

    // MARK: u

    @Test func uTogglesCelsiusAndFahrenheitAndSavesIt() {
        let state = Self.loaded()
        var wanted = state
        wanted.units = .imperial
        let imperial = Self.expect(state, .toggleUnits, effects: [.saveSettings(wanted.settings)]) { $0.units = .imperial }
        Self.expect(imperial, .toggleUnits, effects: [.saveSettings(state.settings)]) { $0.units = .metric }
    }

    // MARK: p

    @Test func pPinsTheSelectedCityOnTopAndUnpinsIt() {
        var state = Self.loaded()
        _ = state.reduce(.moveDown)
        _ = state.reduce(.moveDown)  // Cairo
        let pin = PinnedCity(key: "5", name: "Cairo", latitude: 1, longitude: 2)
        let pinned = Self.expect(state, .togglePin, effects: [.savePins([pin])]) {
            $0.pinned = [pin]
            $0.visibleCities = Self.cities("5", "2", "4", "3", "1")
        }
        #expect(pinned.selectedIndex == 0)
        Self.expect(pinned, .togglePin, effects: [.savePins([])]) {
            $0.pinned = []
            $0.visibleCities = Self.cities("2", "4", "5", "3", "1")
        }
    }

    @Test func pinnedCitiesStayOnTopWhateverTheSort() {
        var state = Self.loaded()
        _ = state.reduce(.last)  // Tokyo, the warmest but one
        _ = state.reduce(.togglePin)
        _ = state.reduce(.cycleSort)  // temperature
        #expect(state.visibleCities.map(\.key) == ["1", "3", "2", "4", "5"])
        _ = state.reduce(.invertSort)
        #expect(state.visibleCities.map(\.key) == ["1", "5", "4", "2", "3"])
    }

    // MARK: r R F5

    @Test func rStartsOneRefreshAndNoMoreWhileItRuns() {
        let state = Self.loaded()
        let fetching = Self.expect(state, .refresh, effects: [.fetchFeed(FeedRequest(count: 50, language: "en-us"))]) {
            $0.isFetching = true
        }
        Self.expect(fetching, .refresh)
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

    // MARK: ?

    @Test func questionMarkTogglesTheHelpOverlay() {
        let state = Self.loaded()
        let shown = Self.expect(state, .toggleHelp) { $0.showHelp = true }
        Self.expect(shown, .toggleHelp) { $0.showHelp = false }
    }

    // MARK: q Ctrl-C

    @Test func qQuitsAndSavesTheSettings() {
        var state = Self.loaded()
        _ = state.reduce(.moveDown)
        var wanted = state
        wanted.isQuitting = true
        Self.expect(state, .quit, effects: [.saveSettings(wanted.settings), .quit]) { $0.isQuitting = true }
        #expect(wanted.settings.selectedCityKey == "4")  // the selected city is remembered
    }

    @Test func qInTheHelpOverlayClosesItInstead() {
        var state = Self.loaded()
        state.showHelp = true
        Self.expect(state, .quit) { $0.showHelp = false }
    }

    @Test func ctrlCQuitsFromAnywhere() {
        var state = Self.loaded()
        state.showHelp = true
        state.isEditingFilter = true
        Self.expect(state, .interrupt, effects: [.saveSettings(state.settings), .quit]) { $0.isQuitting = true }
    }

    // MARK: not keys, but the same table's neighbours

    @Test func resizeKeepsTheSelectionVisible() {
        let many = (0..<40).map { Make.city(String(format: "%02d", $0), String(format: "City %02d", $0)) }
        var state = State(config: AppConfig(), now: Make.t0, terminal: TerminalSize(columns: 80, rows: 40))
        _ = state.reduce(.archiveRestored(.success(Make.feed(many, at: Make.t0))))
        _ = state.reduce(.moveDown)
        for _ in 0..<29 { _ = state.reduce(.moveDown) }  // City 30, visible on a 40-row terminal
        #expect(state.listScrollOffset == 0)
        Self.expect(state, .resize(columns: 60, rows: 13)) {
            $0.terminal = TerminalSize(columns: 60, rows: 13)
            $0.listScrollOffset = 21  // rows 21…30 shown, City 30 on the bottom row
        }
    }

    @Test func aTickOnlyMovesTheClock() {
        let state = Self.loaded()
        Self.expect(state, .tick(Make.t0 + 300)) { $0.now = Make.t0 + 300 }
    }

    @Test func aNoticeIsClearedByTheNextKeyButNotByATick() {
        var state = Self.loaded()
        _ = state.reduce(.saveFailed("could not save settings: disk full"))
        #expect(state.notice == "could not save settings: disk full")
        let ticked = Self.expect(state, .tick(Make.t0 + 1)) { $0.now = Make.t0 + 1 }
        Self.expect(ticked, .moveDown) { $0.notice = nil; $0.selectedKey = "4" }
    }
}
