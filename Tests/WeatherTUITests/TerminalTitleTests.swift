import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// `--title`: the home place's weather as the terminal's title (docs/spec.md §2, §5), and the run
/// loop handing it to the backend.
@Suite struct TerminalTitleTests {
    static let reykjavik = ViewFixtures.make(key: "r", name: "Reykjavík", english: "Reykjavik", country: "Iceland",
                                             celsius: 11.6, text: "Showers", icon: 12)

    /// A state with the feed of `cities`, Reykjavík home when `home`, the title on when `title`.
    static func state(title: Bool? = true, home: Bool = true, units: TemperatureUnit = .metric) -> State {
        var config = AppConfig(units: units, refreshAfter: 3600)
        config.title = title
        var state = State(config: config, now: ViewFixtures.now)
        let others = ViewFixtures.make(key: "b", name: "Berlin", country: "Germany", celsius: 7.2)
        _ = state.reduce(.archiveRestored(.success(WeatherFeed(fetchedAt: ViewFixtures.now, request: FeedRequest(count: 50, language: "en-us"),
                                                               cities: [others, reykjavik]))))
        _ = state.reduce(.pinsLoaded([PinnedCity(key: "r", name: "Reykjavik", latitude: 64.1, longitude: -21.9, isHome: home)]))
        return state
    }

    @Test func theHomePlacesGlyphWholeDegreesAndName() {
        #expect(TerminalTitle.text(of: Self.state()) == "☂ 12° Reykjavík")
        #expect(TerminalTitle.text(of: Self.state(units: .imperial)) == "☂ 53° Reykjavík")
        #expect(TerminalTitle.text(of: Self.state(), glyphs: .ascii) == "R 12C Reykjavík")
    }

    @Test func withoutTitleNothingIsSetAndWithoutHomeTheProgramsName() {
        #expect(TerminalTitle.text(of: Self.state(title: nil)) == nil)
        #expect(TerminalTitle.text(of: Self.state(title: false)) == nil)
        #expect(TerminalTitle.text(of: Self.state(home: false)) == "weather-tui")
    }

    @Test func theRememberedChoiceStandsUnlessAFlagSaysOtherwise() {
        var remembered = State(config: AppConfig(), now: ViewFixtures.now)
        _ = remembered.reduce(.settingsLoaded(AppSettings(title: true)))
        #expect(remembered.showsTitle)
        var config = AppConfig()
        config.title = false
        var refused = State(config: config, now: ViewFixtures.now)
        _ = refused.reduce(.settingsLoaded(AppSettings(title: true)))
        #expect(!refused.showsTitle)
        // A flag is remembered at the end of the run, as --units is; without one nothing is said of it.
        #expect(refused.reduce(.quit) == [.saveSettings(refused.settings, fields: [.selectedCityKey, .title]), .quit])
        #expect(refused.settings.title == false)
        #expect(remembered.reduce(.quit) == [.saveSettings(remembered.settings, fields: [.selectedCityKey]), .quit])
    }

    /// The loop gives the backend the title with each frame drawn; units changed, the title follows.
    @Test func theRunLoopSetsTheTitleAndFollowsTheUnits() throws {
        var config = AppConfig(refreshAfter: 3600)
        config.title = true
        var env = StoreDriverTests.environment(feed: WeatherFeed(fetchedAt: ViewFixtures.now, request: FeedRequest(count: 50, language: "en-us"),
                                                                 cities: [Self.reykjavik]))
        env.loadPins = { ([PinnedCity(key: "r", name: "Reykjavik", latitude: 64.1, longitude: -21.9, isHome: true)], nil) }
        let store = try Store(config: config, environment: env)
        let backend = InMemoryBackend(keys: [.character("u"), .character("q")])
        _ = try TerminalApp(driver: StoreDriver(store: store), backend: backend).run()
        #expect(backend.titles == ["☂ 12° Reykjavík", "☂ 53° Reykjavík"])
    }
}
