import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// Browsing as users of other terminal programs expect, at the reducer: messages kept for `!`,
/// half pages, pointing at rows and titles, the map, a filter that `Esc` takes back, and keys
/// never dropped.
@Suite struct BrowsingReducerTests {
    typealias R = ReducerTests

    // MARK: messages

    @Test func everyNoticeIsKeptNewestFirstWithItsTime() {
        var state = R.loaded()
        _ = state.reduce(.saveFailed("could not save settings: cannot write in /ro: Permission denied"))
        _ = state.reduce(.tick(Make.t0 + 90))
        _ = state.reduce(.moveDown)  // the next key clears the status line's notice, not the message
        _ = state.reduce(.saveFailed("could not save pinned cities: disk full"))
        #expect(state.notices.messages == [
            Message(time: Make.t0 + 90, text: "could not save pinned cities: disk full"),
            Message(time: Make.t0, text: "could not save settings: cannot write in /ro: Permission denied"),
        ])
    }

    @Test func onlyTheLastTwentyAreKept() {
        var state = R.loaded()
        for i in 1...25 {
            _ = state.reduce(.saveFailed("failure \(i)"))
        }
        #expect(state.notices.messages.count == NoticesState.maxMessages)
        #expect(state.notices.messages.first?.text == "failure 25" && state.notices.messages.last?.text == "failure 6")
    }

    @Test func aFailedRefreshIsKeptButACancelledOneIsNot() {
        var state = R.loaded()
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(.network(.unreachable(host: "example.com")))))
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(.network(.cancelled))))  // quitting
        #expect(state.notices.messages.map(\.text) == ["refresh failed: offline: cannot reach example.com"])
    }

    // MARK: keys never dropped

    /// `r` during a refresh starts no second one (docs/spec.md §4) but says so.
    @Test func rWhileARefreshRunsIsAnswered() {
        var state = R.loaded()
        #expect(state.pressR() == [.fetchFeed(state.request, pass: .open(.weather, calls: 1))])
        #expect(state.reduce(.refresh) == [])
        #expect(state.notice == "a refresh is already under way")
    }

    @Test func rUnderOfflineSaysWhyNothingHappens() {
        var state = R.loaded(config: AppConfig(refreshAfter: 1800, offline: true))
        #expect(state.reduce(.refresh) == [])
        #expect(state.notice == "offline mode (--offline): not refreshing")
    }

    // MARK: moving

    @Test func theWheelMovesByRows() {
        var state = R.loaded()
        _ = state.reduce(.moveBy(3))
        #expect(state.list.selectedIndex == 3)
        _ = state.reduce(.moveBy(-3))
        #expect(state.list.selectedIndex == 0)
    }

    @Test func aClickedCityIsSelectedAndAnUnlistedOneIsIgnored() {
        let state = R.loaded()
        R.expect(state, .select(key: "3")) { $0.list.selectedKey = "3" }
        var filtered = state
        _ = filtered.reduce(.startFilter)
        _ = filtered.reduce(.filterInput("ber"))
        let before = filtered
        R.expect(before, .select(key: "3"))  // Moscow is filtered out
    }

    @Test func aClickedTitleSortsByItsColumnAndAgainInverts() {
        let state = R.loaded()
        var byTemp = state
        let effects = byTemp.reduce(.sortBy(.temperature))
        #expect(effects == [.saveSettings(byTemp.settings, fields: [.sortField, .sortDescending])])
        #expect(R.names(byTemp) == ["Moscow", "Athens", "Berlin", "Tokyo", "Cairo"])
        _ = byTemp.reduce(.sortBy(.temperature))
        #expect(byTemp.list.sortDescending && R.names(byTemp).first == "Cairo")
        _ = byTemp.reduce(.sortBy(.country))
        #expect(byTemp.list.sortField == .country && !byTemp.list.sortDescending)
    }

    /// The wide list's columns and the weather sort too, by what they show (docs/spec.md §5);
    /// cities without the value go last either way.
    @Test func everyColumnSortsByWhatItShows() {
        var cities = Make.cities  // Tokyo, Athens, Moscow, Berlin, Cairo
        let humidity = [40, 88, nil, 91, 64], feels = [14.0, 4.0, -6.0, nil, 25.0], wind = [12.0, 25.0, 5.0, 33.0, nil]
        let offsets = [9.0, 2.0, 3.0, 1.0, 4.0], texts = ["Sunny", "fog", "Rain and snow", "Cloudy", "Hazy sunshine"]
        let rain = [10, nil, 90, 0, 45]
        for i in cities.indices {
            cities[i].rainChanceNextHours = rain[i].map { RainChance(percent: $0, hours: 6) }
            cities[i].relativeHumidity = humidity[i]
            cities[i].realFeelTemperature = feels[i].map { MetricImperial(metric: UnitValue(value: $0, unit: "C"), imperial: nil) }
            cities[i].wind = wind[i].map { Wind(direction: nil, speed: MetricImperial(metric: UnitValue(value: $0, unit: "km/h"), imperial: nil)) }
            cities[i].timeZone = CityTimeZone(code: nil, name: nil, gmtOffset: offsets[i])
            cities[i].weatherText = texts[i]
        }
        var state = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(Make.feed(cities, at: Make.t0))))
        let expected: [(SortField, [String])] = [
            (.humidity, ["Tokyo", "Cairo", "Athens", "Berlin", "Moscow"]),
            (.feelsLike, ["Moscow", "Athens", "Tokyo", "Cairo", "Berlin"]),
            (.wind, ["Moscow", "Tokyo", "Athens", "Berlin", "Cairo"]),
            (.localTime, ["Berlin", "Athens", "Moscow", "Cairo", "Tokyo"]),
            (.weather, ["Berlin", "Athens", "Cairo", "Moscow", "Tokyo"]),
            (.rainChance, ["Berlin", "Tokyo", "Cairo", "Moscow", "Athens"]),
        ]
        for (field, names) in expected {
            _ = state.reduce(.sortBy(field))
            #expect(state.list.sortField == field && R.names(state) == names, "\(field): \(R.names(state))")
            _ = state.reduce(.sortBy(field))
            #expect(state.list.sortDescending, "\(field)")
            let valued = names.filter { name in field != .humidity || name != "Moscow" }.filter { field != .feelsLike || $0 != "Berlin" }
                .filter { field != .wind || $0 != "Cairo" }.filter { field != .rainChance || $0 != "Athens" }
            #expect(Array(R.names(state).prefix(valued.count)) == valued.reversed(), "\(field) inverted: \(R.names(state))")
        }
    }

    /// `s` steps through name, temperature, country and the map layers' rain chance, wind and
    /// air; from a column outside that cycle, sorted by a click, it goes back to the name.
    @Test func sFromAClickedColumnGoesBackToTheName() {
        var state = R.loaded()
        _ = state.reduce(.sortBy(.humidity))
        _ = state.reduce(.cycleSort)
        #expect(state.list.sortField == .name)
        var seen: [SortField] = []
        for _ in 0..<7 {
            _ = state.reduce(.cycleSort)
            seen.append(state.list.sortField)
        }
        #expect(seen == [.temperature, .country, .rainChance, .wind, .airQuality, .name, .temperature])
    }

    // MARK: filter

    @Test func escOnTheFilterReturnsToTheCitySelectedBefore() {
        var state = R.loaded()
        _ = state.reduce(.select(key: "5"))  // Cairo
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("to"))  // Tokyo only: the selection moves to it
        #expect(state.selectedCity?.englishName == "Tokyo")
        _ = state.reduce(.cancelFilter)
        #expect(state.list.filter.isEmpty && state.list.selectedKey == "5")
    }

    @Test func escOnAKeptFilterReturnsToTheCitySelectedBeforeIt() {
        var state = R.loaded()
        _ = state.reduce(.select(key: "4"))  // Berlin
        _ = state.reduce(.startFilter)
        _ = state.reduce(.filterInput("o"))
        _ = state.reduce(.commitFilter)
        _ = state.reduce(.startFilter)  // editing the kept filter again: still Berlin to go back to
        _ = state.reduce(.commitFilter)
        _ = state.reduce(.closeDetail)
        #expect(state.list.filter.isEmpty && state.list.selectedKey == "4")
    }

    // MARK: the header's figures

    @Test func aForecastRefusedForTheLimitLeavesNoCallsCountedLeft() {
        var state = R.loaded()
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: 47))))
        _ = state.reduce(.openDetail)
        _ = state.reduce(.forecastLoaded(cityKey: "2", .failure(.network(.quotaExceeded))))
        #expect(state.rateLimitRemaining == 0)
        #expect(state.notices.messages.first?.text == "forecast for Athens failed: daily request limit reached")
    }

    // MARK: the map

    @Test func mTogglesTheMapAndKeepsTheSelection() {
        var state = R.loaded()
        _ = state.reduce(.moveDown)
        let onMap = R.expect(state, .toggleMap) { $0.map.shown = true }
        R.expect(onMap, .toggleMap) { $0.map.shown = false }
    }

    @Test func theMapMovesTheSameSelectionAsTheList() {
        let onMap = R.expect(R.loaded(), .toggleMap) { $0.map.shown = true }
        R.expect(onMap, .moveDown) { $0.list.selectedKey = "4" }
    }

    @Test func enterOnTheMapOpensTheDetailAndEscReturnsToTheMapThenTheList() {
        let onMap = R.expect(R.loaded(), .toggleMap) { $0.map.shown = true }
        let detail = R.expect(onMap, .openDetail, effects: [.fetchForecast(cityKey: "2", language: "en-us", pass: .open(.forecast, calls: 2))]) {
            $0.detail.mode = .detail
            $0.detail.forecastsInFlight = ["2"]
        }
        let back = R.expect(detail, .closeDetail) { $0.detail.mode = .list }
        R.expect(back, .closeDetail) { $0.map.shown = false }
    }

    @Test func escOnTheMapReturnsToTheListBeforeClearingAFilter() {
        var state = R.loaded()
        for action: Action in [.startFilter, .filterInput("o"), .commitFilter, .toggleMap] { _ = state.reduce(action) }
        #expect(state.map.shown && state.list.filter == "o")
        let list = R.expect(state, .closeDetail) { $0.map.shown = false }
        #expect(list.list.filter == "o")
    }

    /// `v` on the map: the next layer, round to the first, each saved alone (another copy's
    /// settings stay); from the list or a detail: the map at the layer it has, nothing saved.
    @Test func vCyclesTheMapsLayersAndRemembersEach() {
        var state = R.loaded()
        _ = state.reduce(.openDetail)
        state = R.expect(state, .cycleMapLayer) {
            $0.map.shown = true
            $0.detail.mode = .list
        }
        for layer: MapLayer in [.rainChance, .wind, .airQuality, .alerts, .temperature] {
            var wanted = state
            wanted.map.layer = layer
            state = R.expect(state, .cycleMapLayer, effects: [.saveSettings(wanted.settings, fields: [.mapLayer])]) { $0.map.layer = layer }
        }
        #expect(state.settings.mapLayer == .temperature)
    }

    @Test func theRememberedLayerIsTheMapsAtStartUp() {
        R.expect(R.loaded(), .settingsLoaded(AppSettings(mapLayer: .wind))) { $0.map.layer = .wind }
    }

    @Test func mFromAnOpenDetailShowsTheMapNotTheDetail() {
        var state = R.loaded()
        _ = state.reduce(.openDetail)
        R.expect(state, .toggleMap) {
            $0.map.shown = true
            $0.detail.mode = .list
        }
    }

}
