import Testing
import Foundation
import PlistArchive
import WeatherCore
import WeatherModels
@testable import WeatherTUI

/// The live driver against a real `Store` with in-memory surroundings: keys in, frames out.
@Suite struct StoreDriverTests {
    static func environment(feed: WeatherFeed?, fetch: Result<FeedPayload, FeedError> = .failure(.offlineMode)) -> AppEnvironment {
        AppEnvironment(
            now: { ViewFixtures.now },
            loadArchive: { feed.map { .success($0) } ?? .failure(.missing) },
            fetchFeed: { _ in fetch },
            fetchForecast: { _, _ in .failure(.offlineMode) },
            loadForecasts: { StoredForecasts() },
            saveForecasts: { _ in },
            loadSettings: { nil },
            saveSettings: { _ in },
            loadPins: { [] },
            savePins: { _ in }
        )
    }

    private func cities() -> [CityWeather] {
        [
            ViewFixtures.make(key: "b", name: "Berlin", country: "Germany", celsius: 7.2),
            ViewFixtures.make(key: "t", name: "東京", english: "Tokyo", country: "日本", countryEnglish: "Japan", celsius: 17.8),
            ViewFixtures.make(key: "a", name: "Athens", country: "Greece", celsius: 6.1),
            ViewFixtures.make(key: "m", name: "Москва", english: "Moscow", country: "Россия", countryEnglish: "Russia", celsius: -4),
        ]
    }

    private func feed(age: TimeInterval = 300) -> WeatherFeed {
        WeatherFeed(fetchedAt: ViewFixtures.now.addingTimeInterval(-age), request: FeedRequest(count: 50, language: "en-us"), cities: cities())
    }

    @Test func browsesTheArchivedFeedWithEveryKindOfKey() throws {
        let store = Store(config: AppConfig(refreshAfter: 3600), environment: Self.environment(feed: feed()))
        let backend = InMemoryBackend(keys: [
            .character("j"), .character("s"), .character("u"), .character("p"),
            .character("/"), .character("м"), .enter, .character("?"), .character("q"), .character("q"),
        ])
        let exit = try TerminalApp(driver: StoreDriver(store: store), backend: backend).run()
        #expect(exit == .quit)
        let frames = backend.frames.map(\.lines)
        // Sorted by English name: Athens, Berlin, Moscow, Tokyo; `j` selects Berlin.
        #expect(frames[0][2].hasPrefix(">  Athens"))
        #expect(frames[0][0].contains("updated 12:04 (5 min ago)"))
        #expect(frames.contains { $0[3].hasPrefix(">  Berlin") })
        #expect(frames.contains { $0[1].contains("Temp ▲") })
        #expect(frames.contains { $0.joined().contains("°F") })
        #expect(frames.contains { $0[2].hasPrefix(">★ Berlin") })
        #expect(frames.contains { $0.contains { $0.hasPrefix(" Filter: м█") } && $0.contains { $0.contains("Москва") } })
        #expect(frames.contains { $0.joined().contains(" Keys ") })
        #expect(store.isQuitting)
    }

    @Test func failedRefreshShowsTheOfflineBannerWithTheReason() throws {
        let store = Store(config: AppConfig(refreshAfter: 60), environment: Self.environment(feed: feed(age: 3 * 3600), fetch: .failure(.offlineMode)))
        let backend = InMemoryBackend()
        backend.idleReadsBeforeTermination = 6000  // up to a minute on a loaded machine; it stops as soon as the banner shows
        backend.stopWhen = { $0.line(1).contains("OFFLINE") }
        // The fixtures' clock for the age ticks too: on a loaded machine the banner may take longer
        // than a tick, and the real clock would age the feed by however far today is from the fixture.
        try TerminalApp(driver: StoreDriver(store: store), backend: backend, clock: { ViewFixtures.now }).run()
        #expect(backend.frames.first?.line(0).contains("refreshing…") == true)
        let banner = try #require(backend.lastFrame?.line(1))
        // 80 columns: the saved time as its age, so the reason fits whole.
        #expect(banner.trimmingCharacters(in: .whitespaces) == "OFFLINE · saved 3 h ago · offline mode (--offline)")
    }

    @Test func storeStartsOnlyOnceTheTerminalIsTaken() {
        final class Refusing: TerminalBackend {
            let size = TerminalSize(columns: 80, rows: 24)
            let supportsColor = false
            let terminationRequested = false
            func start() throws(TerminalError) { throw .notATerminal }
            func stop() {}
            func present(_ buffer: ScreenBuffer) {}
            func readKey(timeoutMilliseconds: Int) -> KeyEvent? { nil }
        }
        let store = Store(config: AppConfig(refreshAfter: 60), environment: Self.environment(feed: feed(age: 3600)))
        #expect(throws: TerminalError.notATerminal) { try TerminalApp(driver: StoreDriver(store: store), backend: Refusing()).run() }
        #expect(store.state.feed == nil)
        #expect(!store.state.isFetching)
    }

    @Test func commandsMapToActions() {
        let size = TerminalSize(columns: 90, rows: 30)
        #expect(StoreDriver.action(for: .filterInsert("東"), size: size) == .filterInput("東"))
        #expect(StoreDriver.action(for: .resize, size: size) == .resize(columns: 90, rows: 30))
        #expect(StoreDriver.action(for: .back, size: size) == .closeDetail)
        #expect(StoreDriver.action(for: .interrupt, size: size) == .interrupt)
    }
}
