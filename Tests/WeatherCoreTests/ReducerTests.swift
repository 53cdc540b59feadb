import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// Every key of docs/spec.md §5 as a reducer behaviour: send actions, assert the next state and effects.
@Suite struct ReducerTests {
    /// A state with the five test cities restored from the archive, sorted by English name.
    func loaded(rows: Int = 24, config: AppConfig = AppConfig(refreshAfter: 1800)) -> State {
        var state = State(config: config, now: Make.t0, terminal: TerminalSize(columns: 80, rows: rows))
        _ = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0))))
        return state
    }

    var names: (State) -> [String] { { $0.visibleCities.map(\.englishName) } }

    @Test func restoredListIsSortedByEnglishNameAndFirstIsSelected() {
        let state = loaded()
        #expect(names(state) == ["Athens", "Berlin", "Cairo", "Moscow", "Tokyo"])
        #expect(state.selectedCity?.englishName == "Athens")
        #expect(state.source == .archive)
        #expect(state.banner == .none)
    }

    /// The selection's index is kept, not searched for per frame: it must follow every change of
    /// the selected key and of the list (filter, sort, pins, a new feed).
    @Test func theSelectedIndexFollowsTheKeyAndTheList() {
        var state = loaded()
        func expectInStep() {
            #expect(state.selectedIndex == state.selectedKey.flatMap { key in state.visibleCities.firstIndex { $0.key == key } })
        }
        _ = state.reduce(.last)
        #expect(state.selectedIndex == 4)
        _ = state.reduce(.cycleSort)  // by temperature: Tokyo moves
        expectInStep()
        #expect(state.selectedCity?.englishName == "Tokyo")
        _ = state.reduce(.invertSort)
        expectInStep()
        #expect(state.selectedIndex == 1)  // Cairo 24°, Tokyo 17°, …
        _ = state.reduce(.togglePin)
        #expect(state.selectedIndex == 0)  // pinned cities come first
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("o"))
        expectInStep()
        state.selectedKey = "no such city"
        #expect(state.selectedIndex == nil && state.selectedCity == nil)
        state.selectedKey = "3"
        expectInStep()
        #expect(state.selectedCity?.englishName == "Moscow")
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(Array(Make.cities.prefix(2)), at: Make.t0), rateLimitRemaining: nil))))
        expectInStep()
        #expect(state.selectedCity != nil)
    }

    @Test func movingUpDownFirstLastAndClamping() {
        var state = loaded()
        #expect(state.reduce(.moveDown).isEmpty)
        #expect(state.selectedCity?.englishName == "Berlin")
        _ = state.reduce(.moveUp)
        _ = state.reduce(.moveUp)
        #expect(state.selectedCity?.englishName == "Athens")
        _ = state.reduce(.last)
        #expect(state.selectedCity?.englishName == "Tokyo")
        _ = state.reduce(.moveDown)
        #expect(state.selectedCity?.englishName == "Tokyo")
        _ = state.reduce(.first)
        #expect(state.selectedCity?.englishName == "Athens")
    }

    @Test func pagingMovesByTheListHeightAndScrollsToKeepTheSelectionVisible() {
        let many = (0..<100).map { Make.city(String($0), String(format: "City %03d", $0)) }
        var state = State(config: AppConfig(), now: Make.t0, terminal: TerminalSize(columns: 80, rows: 13))
        _ = state.reduce(.archiveRestored(.success(Make.feed(many, at: Make.t0))))
        #expect(state.listRows == 10)
        _ = state.reduce(.pageDown)
        #expect(state.selectedIndex == 10)
        #expect(state.listScrollOffset == 1)
        _ = state.reduce(.pageDown)
        #expect(state.selectedIndex == 20)
        #expect(state.listScrollOffset == 11)
        _ = state.reduce(.pageUp)
        #expect(state.selectedIndex == 10)
        #expect(state.listScrollOffset == 10)
        _ = state.reduce(.last)
        #expect(state.selectedIndex == 99 && state.listScrollOffset == 90)
        _ = state.reduce(.resize(columns: 80, rows: 30))
        #expect(state.listScrollOffset == 73)  // no blank rows under the last city
    }

    @Test func detailOpensFetchesTheForecastOnceAndCloses() {
        var state = loaded()
        let effects = state.reduce(.openDetail)
        #expect(state.mode == .detail)
        #expect(effects == [.fetchForecast(cityKey: "2", language: "en-us")])
        #expect(state.reduce(.openDetail).isEmpty)  // already in flight
        _ = state.reduce(.closeDetail)
        #expect(state.mode == .list)
    }

    @Test func aFreshForecastIsNotFetchedAgainButAnHourOldOneIs() {
        var state = loaded()
        let stored = StoredForecast(fetchedAt: Make.t0, forecast: DailyForecastResponse(headline: nil, dailyForecasts: []))
        _ = state.reduce(.forecastLoaded(cityKey: "2", .success(ForecastPayload(forecast: stored, rateLimitRemaining: 7))))
        #expect(state.rateLimitRemaining == 7)
        #expect(state.reduce(.openDetail).isEmpty)
        _ = state.reduce(.closeDetail)
        _ = state.reduce(.tick(Make.t0 + 3601))
        #expect(state.reduce(.openDetail) == [.fetchForecast(cityKey: "2", language: "en-us")])
    }

    @Test func filterNarrowsAsYouTypeEnterKeepsEscClears() {
        var state = loaded()
        _ = state.reduce(.startFilter)
        #expect(state.isEditingFilter)
        _ = state.reduce(.filterInput("r"))
        _ = state.reduce(.filterInput("u"))
        #expect(names(state) == ["Moscow"])  // "ru" matches Russia
        #expect(state.selectedCity?.englishName == "Moscow")
        _ = state.reduce(.filterBackspace)
        #expect(Set(names(state)) == ["Athens", "Berlin", "Cairo", "Moscow"])  // "r": Greece, Berlin, Cairo, Russia
        _ = state.reduce(.commitFilter)
        #expect(!state.isEditingFilter && state.filter == "r")
        _ = state.reduce(.startFilter)
        _ = state.reduce(.cancelFilter)
        #expect(state.filter.isEmpty && names(state).count == 5)
    }

    @Test func filterMatchesLocalizedNamesAndCountriesWithoutCaseOrAccents() {
        var state = loaded()
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("東京"))
        #expect(names(state) == ["Tokyo"])
        _ = state.reduce(.cancelFilter)
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("GREECE"))
        #expect(names(state) == ["Athens"])
    }

    @Test func sortCyclesNameTemperatureCountryAndInverts() {
        var state = loaded()
        #expect(state.reduce(.cycleSort) == [.saveSettings(state.settings)])
        #expect(state.sortField == .temperature)
        #expect(names(state) == ["Moscow", "Athens", "Berlin", "Tokyo", "Cairo"])
        _ = state.reduce(.invertSort)
        #expect(names(state) == ["Cairo", "Tokyo", "Berlin", "Athens", "Moscow"])
        _ = state.reduce(.cycleSort)
        #expect(state.sortField == .country && !state.sortDescending)
        #expect(names(state) == ["Cairo", "Berlin", "Athens", "Tokyo", "Moscow"])
        _ = state.reduce(.cycleSort)
        #expect(state.sortField == .name)
    }

    @Test func unitsToggleAndAreSaved() {
        var state = loaded()
        let effects = state.reduce(.toggleUnits)
        #expect(state.units == .imperial)
        #expect(effects == [.saveSettings(state.settings)])
        _ = state.reduce(.toggleUnits)
        #expect(state.units == .metric)
    }

    @Test func pinnedCitiesGoOnTopAndAreSaved() {
        var state = loaded()
        _ = state.reduce(.last)  // Tokyo
        let effects = state.reduce(.togglePin)
        #expect(names(state).first == "Tokyo")
        #expect(state.selectedCity?.englishName == "Tokyo")
        #expect(effects == [.savePins([PinnedCity(key: "1", name: "Tokyo", latitude: 1, longitude: 2)])])
        _ = state.reduce(.togglePin)
        #expect(names(state).first == "Athens")
        #expect(state.pinned.isEmpty)
    }

    @Test func refreshStartsOneFetchAndNoMoreWhileInFlight() {
        var state = loaded()
        #expect(state.reduce(.refresh) == [.fetchFeed(FeedRequest(count: 50, language: "en-us"))])
        #expect(state.isFetching)
        for _ in 0..<4 { #expect(state.reduce(.refresh).isEmpty) }
    }

    @Test func helpOverlayQClosesItAndQuitsOtherwise() {
        var state = loaded()
        _ = state.reduce(.toggleHelp)
        #expect(state.showHelp)
        #expect(state.reduce(.quit).isEmpty)
        #expect(!state.showHelp && !state.isQuitting)
        let effects = state.reduce(.quit)
        #expect(state.isQuitting)
        #expect(effects == [.saveSettings(state.settings), .quit])
    }

    @Test func interruptQuitsEvenFromTheHelp() {
        var state = loaded()
        _ = state.reduce(.toggleHelp)
        #expect(state.reduce(.interrupt).contains(.quit))
        #expect(state.isQuitting)
    }

    @Test func escapeGoesBackOneStep() {
        var state = loaded()
        _ = state.reduce(.openDetail)
        _ = state.reduce(.toggleHelp)
        _ = state.reduce(.closeDetail)
        #expect(!state.showHelp && state.mode == .detail)
        _ = state.reduce(.closeDetail)
        #expect(state.mode == .list)
    }

    @Test func selectionKeepsItsCityAcrossARefreshThatReordersTheList() {
        var state = loaded()
        _ = state.reduce(.moveDown)
        _ = state.reduce(.moveDown)  // Cairo
        _ = state.reduce(.refresh)
        let reordered = [Make.city("9", "Aachen")] + Make.cities.reversed()
        let feed = Make.feed(reordered, at: Make.t0 + 60)
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: 41))))
        #expect(state.selectedCity?.englishName == "Cairo")
        #expect(state.selectedIndex == 3)
        #expect(state.source == .live && state.banner == .none && state.rateLimitRemaining == 41)
    }

    @Test func aFailedRefreshKeepsTheDataAndSaysWhyAndSince() {
        var state = loaded()
        _ = state.reduce(.refresh)
        _ = state.reduce(.feedLoaded(.failure(.network(.unreachable(host: "dataservice.accuweather.com")))))
        #expect(!state.isFetching)
        #expect(state.visibleCities.count == 5)
        #expect(state.banner == .offline(savedAt: Make.t0, reason: "offline: cannot reach dataservice.accuweather.com"))
    }

    @Test func unauthorizedSaysTheKeyWasRejected() {
        var state = loaded()
        _ = state.reduce(.refresh)
        _ = state.reduce(.feedLoaded(.failure(.network(.unauthorized(status: 401)))))
        guard case .offline(_, let reason) = state.banner else { Issue.record("no banner"); return }
        #expect(reason == "API key rejected (401): check ACCUWEATHER_API_KEY")
    }

    @Test func startUpFetchesOnlyWhenTheArchiveIsMissingStaleOrForAnotherRequest() {
        var fresh = State(config: AppConfig(refreshAfter: 1800), now: Make.t0 + 600)
        #expect(fresh.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))).isEmpty)
        var stale = State(config: AppConfig(refreshAfter: 1800), now: Make.t0 + 1801)
        #expect(stale.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))).count == 1)
        var missing = State(config: AppConfig(), now: Make.t0)
        #expect(missing.reduce(.archiveRestored(.failure(.missing))) == [.fetchFeed(FeedRequest(count: 50, language: "en-us"))])
        var other = State(config: AppConfig(count: 150), now: Make.t0 + 60)
        #expect(other.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))) == [.fetchFeed(FeedRequest(count: 150, language: "en-us"))])
    }

    @Test func aCorruptArchiveIsReportedOnceAndAFetchStarts() {
        var state = State(config: AppConfig(), now: Make.t0)
        let effects = state.reduce(.archiveRestored(.failure(.corrupt(reason: "not a property list"))))
        #expect(effects.count == 1)
        #expect(state.notice?.contains("moved aside to WeatherFeed.plist.corrupt") == true)
        _ = state.reduce(.moveDown)
        #expect(state.notice == nil)
    }

    @Test func offlineModeNeverFetchesAndSaysSo() {
        var state = State(config: AppConfig(offline: true), now: Make.t0 + 99999)
        #expect(state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))).isEmpty)
        #expect(state.banner == .offline(savedAt: Make.t0, reason: "offline mode (--offline)"))
        #expect(state.reduce(.refresh).isEmpty)
        #expect(state.reduce(.openDetail).isEmpty)
    }

    @Test func withoutAKeyTheBannerAndTheEmptyScreenSayWhatToDo() {
        var state = State(config: AppConfig(hasAPIKey: false), now: Make.t0)
        #expect(state.reduce(.archiveRestored(.failure(.missing))).isEmpty)
        guard case .offline(nil, let reason) = state.banner else { Issue.record("no banner"); return }
        #expect(reason.contains("no API key"))
        let lines = state.emptyExplanation?.joined(separator: "\n") ?? ""
        #expect(lines.contains("ACCUWEATHER_API_KEY") && lines.contains("--demo"))
    }

    @Test func demoShowsTheDemoBannerAndRefreshesFromBundledData() {
        var state = State(config: AppConfig(demo: true, hasAPIKey: false), now: Make.t0)
        #expect(state.banner == .demo)
        #expect(state.reduce(.archiveRestored(.failure(.missing))) == [.fetchFeed(FeedRequest(count: 50, language: "en-us"))])
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil))))
        #expect(state.source == .demo && state.banner == .demo)
    }

    @Test func rememberedSettingsApplyUnlessTheCommandLineSaidOtherwise() {
        var state = State(config: AppConfig(units: .metric), now: Make.t0)
        let saved = AppSettings(units: .imperial, sortField: .country, sortDescending: true, count: 100, language: "ja-jp", selectedCityKey: "4")
        _ = state.reduce(.settingsLoaded(saved))
        _ = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0, count: 100))))
        #expect(state.units == .metric)
        #expect(state.sortField == .country && state.sortDescending)
        #expect(state.request == FeedRequest(count: 100, language: "ja-jp"))
        #expect(state.selectedCity?.englishName == "Berlin")
    }

    @Test func resizeRecordsTheTerminal() {
        var state = loaded()
        _ = state.reduce(.resize(columns: 30, rows: 8))
        #expect(state.terminal.isTooSmall)
        _ = state.reduce(.resize(columns: 140, rows: 40))
        #expect(state.terminal.isWide && !state.terminal.isTooSmall)
    }

    static func forecast(at date: Date) -> StoredForecast {
        StoredForecast(fetchedAt: date, forecast: DailyForecastResponse(headline: ForecastHeadline(text: "at \(date)"), dailyForecasts: []))
    }

    @Test func aForecastFetchedBeforeTheSavedOnesAreReadIsNotSavedOverThem() {
        var state = loaded()
        let fetched = Self.forecast(at: Make.t0)
        #expect(state.reduce(.forecastLoaded(cityKey: "2", .success(ForecastPayload(forecast: fetched, rateLimitRemaining: nil)))).isEmpty)
        // The file holds an older forecast for the same city, and one for another city.
        let saved = StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 7200), "4": Self.forecast(at: Make.t0 - 600)])
        let effects = state.reduce(.forecastsRestored(saved))
        let merged = ["2": fetched, "4": Self.forecast(at: Make.t0 - 600)]
        #expect(state.forecasts == merged)
        #expect(effects == [.saveForecasts(StoredForecasts(byCityKey: merged))])
        // From now on every fetched forecast is saved at once.
        let later = Self.forecast(at: Make.t0 + 60)
        #expect(state.reduce(.forecastLoaded(cityKey: "5", .success(ForecastPayload(forecast: later, rateLimitRemaining: nil))))
                == [.saveForecasts(StoredForecasts(byCityKey: merged.merging(["5": later]) { a, _ in a }))])
    }

    @Test func restoringForecastsDropsThoseWithNoDayAheadAndSavesNothingWhenTheFileIsCurrent() {
        var current = loaded()
        let saved = StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 86_400)])
        #expect(current.reduce(.forecastsRestored(saved)).isEmpty)
        #expect(current.forecasts == saved.byCityKey && current.forecastsRestored)
        var old = loaded()
        let stale = StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 86_400), "4": Self.forecast(at: Make.t0 - 6 * 86_400)])
        #expect(old.reduce(.forecastsRestored(stale)) == [.saveForecasts(StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 86_400)]))])
        #expect(old.forecasts.keys.sorted() == ["2"])
    }

    @Test func aFailedForecastFetchKeepsTheCachedOneAndSaysWhy() {
        var state = loaded()
        _ = state.reduce(.forecastsRestored(StoredForecasts(byCityKey: ["2": Self.forecast(at: Make.t0 - 7200)])))
        #expect(state.reduce(.openDetail) == [.fetchForecast(cityKey: "2", language: "en-us")])
        #expect(state.reduce(.forecastLoaded(cityKey: "2", .failure(.network(.quotaExceeded)))).isEmpty)
        #expect(state.forecasts["2"] == Self.forecast(at: Make.t0 - 7200))
        #expect(state.forecastErrors["2"] == "daily request limit reached")
        #expect(state.forecastsInFlight.isEmpty)
    }

    @Test func aSavedCountAccuWeatherDoesNotServeFallsBackTo50() {
        var state = State(config: AppConfig(), now: Make.t0)
        _ = state.reduce(.settingsLoaded(AppSettings(count: 77, language: "")))
        #expect(state.request == FeedRequest(count: 50, language: "en-us"))
        _ = state.reduce(.settingsLoaded(AppSettings(count: 150, language: "ru-ru")))
        #expect(state.request == FeedRequest(count: 150, language: "ru-ru"))
    }
}
