import Foundation
import Testing
import WeatherStore
import WeatherModels
@testable import WeatherCore

/// The home place and the own places' order through the real store and `Pinned.plist`.
extension StoreTests {
    /// Two browsers on one config folder: one makes a place home while the other moves its own
    /// places; each change is made to the file as the other left it, and the next start opens
    /// at home.
    @Test func twoStoresKeepEachOthersHomeAndOrderAndHomeOpensSelected() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let own = [("2", "Athens"), ("4", "Berlin"), ("5", "Cairo")].map { key, name in
            PinnedCity(key: key, name: name, latitude: 1, longitude: 2, place: PlaceMatch(id: "om:\(key)", name: name, latitude: 1, longitude: 2))
        }
        try PinnedCityStore(directory: config).save(own)  // Athens, Berlin, Cairo
        let first = try store(FakeWeatherService()), second = try store(FakeWeatherService())
        first.start()
        second.start()
        await first.settle()
        await second.settle()
        first.send(.select(key: "5"))    // Cairo
        first.send(.toggleHome)
        await first.settle()             // saved in the background: landed before the second's change
        second.send(.select(key: "2"))   // Athens
        second.send(.moveOwnCity(up: false))
        first.send(.quit)
        await first.settle()
        second.send(.quit)
        await second.settle()
        var home = own[2]
        home.isHome = true
        #expect(try PinnedCityStore(directory: config).load() == [own[1], own[0], home], "Athens moved after Berlin; Cairo is home")
        #expect(second.state.homeKey == "5", "the second browser shows the first one's home")

        let third = try store(FakeWeatherService())
        third.start()
        await third.settle()
        #expect(third.state.selectedCity?.englishName == "Cairo", "home opens selected, over the city the last run left selected")
        #expect(third.state.list.visibleCities.prefix(3).map(\.englishName) == ["Cairo", "Berlin", "Athens"])
    }
}
