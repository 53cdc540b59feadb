import Foundation
import Testing
@testable import WeatherCore
import WeatherModels

/// The core's words name the keys it is given (`AppConfig.keyNames`, the front end's table): a key
/// rebound there is named anew in every notice, the empty screen and the add-a-city prompt.
@Suite struct KeyNamesTests {
    /// Names no key of today's table has, so a word spelled in a catalogue would show.
    static let rebound = KeyNames([
        .init(.removeCity(.ask), "X"), .init(.addCity(.start), "Ctrl-A"), .init(.togglePin, "P"), .init(.toggleHome, "F7"),
        .init(.moveOwnCity(up: true), "U"), .init(.moveOwnCity(up: false), "D"), .init(.refresh, "F5"), .init(.addCity(.submit), "Tab"),
    ])

    static var config: AppConfig {
        var config = AppConfig(refreshAfter: 1800)
        config.keyNames = rebound
        return config
    }

    @Test func theNoticesNameTheKeysGiven() {
        var state = ReducerTests.loaded(config: Self.config)
        _ = state.reduce(.removeCity(.ask))
        #expect(state.notice == "X removes your own cities (Ctrl-A adds one)")
        _ = state.reduce(.toggleHome)
        #expect(state.notice == "F7 makes one of your places home: P pins Athens first")
        _ = state.reduce(.moveOwnCity(up: true))
        #expect(state.notice == "U and D move your own places (Ctrl-A adds one)")
        _ = state.reduce(.togglePin)
        _ = state.reduce(.removeCity(.ask))
        #expect(state.notice == "X removes your own cities; P unpins Athens")
    }

    @Test func theEmptyScreenAndTheSearchPromptNameTheKeysGiven() {
        let empty = State(config: Self.config, now: Make.t0)
        #expect(empty.emptyExplanation?.last?.hasPrefix("Press F5 to try again") == true, "\(empty.emptyExplanation ?? [])")
        var state = ReducerTests.loaded(config: Self.config)
        _ = state.reduce(.addCity(.start))
        _ = state.reduce(.addCity(.submit))
        #expect(state.placeEditing.search?.message == "type a place name, then Tab")
    }

    @Test func anUnlistedOwnCityIsFoundAgainWithTheKeyGiven() {
        let city = PinnedCity(key: "k", name: "Reykjavík", latitude: 64.1, longitude: -21.9)
        let said = FeedPolicy.describe(unlisted: [city], provider: .openMeteo, inBrowser: true, keys: Self.rebound)
        #expect(said.hasSuffix("press Ctrl-A to find it again"), "\(said)")
    }

    @Test func anActionNoKeySendsIsNamedByTheStandardTableElseItself() {
        #expect(KeyNames([]).name(of: .refresh) == "r")
        #expect(KeyNames([]).name(of: .toggleMap) == "toggleMap")
    }
}
