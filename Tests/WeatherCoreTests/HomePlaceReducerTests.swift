import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// The home place and the own places' order (docs/spec.md §5 keys `H`, `K`, `J`): each key asserts
/// the whole next state and the save it asks for through `ReducerTests.expect`.
@Suite struct HomePlaceReducerTests {
    /// An own city standing for the test city of `key` (a top city made one's own keeps its key).
    static func own(_ key: String) -> PinnedCity {
        let city = ReducerTests.cities(key)[0]
        return PinnedCity(key: key, name: city.englishName, latitude: 1, longitude: 2,
                          place: PlaceMatch(id: "om:\(key)", name: city.englishName, latitude: 1, longitude: 2))
    }

    static let tokyoPin = PinnedCity(key: "1", name: "Tokyo", latitude: 1, longitude: 2)

    /// The list with Cairo and Athens as own cities (in that order) and Tokyo pinned.
    static func kept() -> State {
        var state = ReducerTests.loaded()
        _ = state.reduce(.pinsLoaded([own("5"), own("2"), tokyoPin]))
        return state
    }

    @Test func ownCitiesStandInTheirOrderBeforeThePinsWhateverTheSort() {
        var state = Self.kept()
        #expect(ReducerTests.names(state) == ["Cairo", "Athens", "Tokyo", "Berlin", "Moscow"])
        _ = state.reduce(.sortBy(.temperature))
        _ = state.reduce(.invertSort)
        // Cairo (24°) before Athens (6°) either way; the rest by temperature, warmest first.
        #expect(ReducerTests.names(state) == ["Cairo", "Athens", "Tokyo", "Berlin", "Moscow"])
        _ = state.reduce(.invertSort)
        #expect(ReducerTests.names(state) == ["Cairo", "Athens", "Tokyo", "Moscow", "Berlin"])
    }

    @Test func hMakesAPinnedCityHomeFirstInTheList() {
        var state = Self.kept()
        _ = state.reduce(.select(key: "1"))
        let home = ReducerTests.expect(state, .toggleHome, effects: [.changePins(.home(key: "1"))]) {
            $0.pinChangesUnanswered.append(.home(key: "1"))
            $0.pinned[2].isHome = true
            $0.recomputeVisible()
            $0.notice = "Tokyo is home: first in the list, selected at start"
        }
        #expect(ReducerTests.names(home) == ["Tokyo", "Cairo", "Athens", "Berlin", "Moscow"])
        #expect(home.homeKey == "1")
        // Again on home: no place is home, and the list is as before.
        let none = ReducerTests.expect(home, .toggleHome, effects: [.changePins(.home(key: nil))]) {
            $0.pinChangesUnanswered.append(.home(key: nil))
            $0.pinned[2].isHome = false
            $0.recomputeVisible()
            $0.notice = "Tokyo is no longer home"
        }
        #expect(ReducerTests.names(none) == ["Cairo", "Athens", "Tokyo", "Berlin", "Moscow"])
    }

    @Test func homeIsOneOwnCityAtMostAndStandsBeforeTheOthers() {
        var state = Self.kept()
        _ = state.reduce(.select(key: "1"))
        _ = state.reduce(.toggleHome)
        _ = state.reduce(.select(key: "2"))
        let athens = ReducerTests.expect(state, .toggleHome, effects: [.changePins(.home(key: "2"))]) {
            $0.pinChangesUnanswered.append(.home(key: "2"))
            $0.pinned[1].isHome = true
            $0.pinned[2].isHome = false
            $0.recomputeVisible()
            $0.notice = "Athens is home: first in the list, selected at start"
        }
        #expect(ReducerTests.names(athens) == ["Athens", "Cairo", "Tokyo", "Berlin", "Moscow"])
    }

    @Test func hOnACityNeitherOwnNorPinnedSaysWhatWould() {
        var state = Self.kept()
        _ = state.reduce(.select(key: "4"))
        ReducerTests.expect(state, .toggleHome) { $0.notice = "H makes one of your places home: p pins Berlin first" }
    }

    @Test func homeOpensSelectedAtStartOverTheCityLastSelected() {
        var state = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = state.reduce(.settingsLoaded(AppSettings(selectedCityKey: "4")))
        var tokyo = Self.tokyoPin
        tokyo.isHome = true
        _ = state.reduce(.pinsLoaded([Self.own("5"), tokyo]))
        _ = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0))))
        #expect(state.selectedCity?.englishName == "Tokyo")
        #expect(ReducerTests.names(state).first == "Tokyo")
        // Pins read later (a change saved, another copy's) leave the selection where the user put it.
        _ = state.reduce(.select(key: "4"))
        _ = state.reduce(.pinsLoaded([Self.own("5"), tokyo]))
        #expect(state.selectedCity?.englishName == "Berlin")
    }

    @Test func withoutAHomeTheCityLastSelectedOpensSelected() {
        var state = State(config: AppConfig(refreshAfter: 1800), now: Make.t0)
        _ = state.reduce(.settingsLoaded(AppSettings(selectedCityKey: "4")))
        _ = state.reduce(.pinsLoaded([Self.own("5"), Self.tokyoPin]))
        _ = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0))))
        #expect(state.selectedCity?.englishName == "Berlin")
    }

    @Test func kAndJMoveAnOwnCityAmongTheOwnCities() {
        var state = Self.kept()
        _ = state.reduce(.select(key: "5"))
        let down = ReducerTests.expect(state, .moveOwnCity(up: false), effects: [.changePins(.move(key: "5", up: false))]) {
            $0.pinChangesUnanswered.append(.move(key: "5", up: false))
            $0.pinned = [Self.own("2"), Self.own("5"), Self.tokyoPin]
            $0.recomputeVisible()
        }
        #expect(ReducerTests.names(down) == ["Athens", "Cairo", "Tokyo", "Berlin", "Moscow"])
        #expect(down.selectedCity?.englishName == "Cairo", "the selection goes with the city")
        ReducerTests.expect(down, .moveOwnCity(up: false)) { $0.notice = "Cairo is already the last of your places" }
        let up = ReducerTests.expect(down, .moveOwnCity(up: true), effects: [.changePins(.move(key: "5", up: true))]) {
            $0.pinChangesUnanswered.append(.move(key: "5", up: true))
            $0.pinned = [Self.own("5"), Self.own("2"), Self.tokyoPin]
            $0.recomputeVisible()
        }
        ReducerTests.expect(up, .moveOwnCity(up: true)) { $0.notice = "Cairo is already the first of your places" }
    }

    /// Home stands first whatever its place among the own cities: K and J move the others past
    /// it as if it were not there, and on home itself say why it does not move.
    @Test func kAndJMoveTheOwnCitiesOtherThanHome() {
        var state = ReducerTests.loaded()
        var cairo = Self.own("5")
        cairo.isHome = true
        _ = state.reduce(.pinsLoaded([cairo, Self.own("2"), Self.own("4")]))
        #expect(ReducerTests.names(state) == ["Cairo", "Athens", "Berlin", "Moscow", "Tokyo"])
        _ = state.reduce(.select(key: "2"))
        ReducerTests.expect(state, .moveOwnCity(up: true)) { $0.notice = "Athens is already the first of your places" }
        let down = ReducerTests.expect(state, .moveOwnCity(up: false), effects: [.changePins(.move(key: "2", up: false))]) {
            $0.pinChangesUnanswered.append(.move(key: "2", up: false))
            $0.pinned = [cairo, Self.own("4"), Self.own("2")]
            $0.recomputeVisible()
        }
        #expect(ReducerTests.names(down) == ["Cairo", "Berlin", "Athens", "Moscow", "Tokyo"])
        _ = state.reduce(.select(key: "5"))
        ReducerTests.expect(state, .moveOwnCity(up: false)) {
            $0.notice = "Cairo is home, always first: H on it makes it one of your places again"
        }
    }

    @Test func kAndJOnACityNotOneOfYoursSayWhatTheyMove() {
        var state = Self.kept()
        _ = state.reduce(.select(key: "1"))
        ReducerTests.expect(state, .moveOwnCity(up: true)) { $0.notice = "K and J move your own places (a adds one)" }
    }

    @Test func theHomeNoticesAreInTheRunsLanguage() {
        var state = Self.kept()
        state.request.language = "de"
        _ = state.reduce(.select(key: "1"))
        _ = state.reduce(.toggleHome)
        #expect(state.notice == "Tokyo ist Zuhause: zuerst in der Liste, beim Start ausgewählt")
        _ = state.reduce(.toggleHome)
        #expect(state.notice == "Tokyo ist nicht mehr Zuhause")
    }
}
