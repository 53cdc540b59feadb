import BrowserTestSupport
import Testing
import Foundation
import PlistArchive
import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// The live driver against a real `Store` with in-memory surroundings: keys in, frames out.
@Suite struct StoreDriverTests {
    static func environment(feed: WeatherFeed?, fetch: Result<FeedPayload, FeedError> = .failure(.offlineMode)) -> AppEnvironment {
        AppEnvironment(
            now: { ViewFixtures.now },
            loadArchive: { feed.map { .success($0) } ?? .failure(.missing) },
            fetchFeed: { _, _ in fetch },
            fetchForecast: { _, _ in .failure(.offlineMode) },
            loadForecasts: { (StoredForecasts(), nil) },
            saveForecasts: { _ in },
            loadSettings: { (nil, nil) },
            saveSettings: { _, _ in },
            loadPins: { ([], nil) },
            changePins: { $0.applied(to: []) }  // a file that held nothing else
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

    @Test func browsesTheArchivedFeedWithEveryKindOfKey() async throws {
        let store = try Store(config: AppConfig(refreshAfter: 3600), environment: Self.environment(feed: feed()))
        let backend = InMemoryBackend(keys: [
            .character("j"), .character("s"), .character("u"), .character("p"),
            .character("/"), .character("м"), .enter, .character("?"), .character("q"), .character("q"),
        ])
        let exit = try await TerminalApp(driver: StoreDriver(store: store), backend: backend).runOffThePool()
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

    @Test func failedRefreshShowsTheOfflineBannerWithTheReason() async throws {
        // The refresh fails only once the first frame is up, as a real one would: an answer at
        // once could be applied before that frame is drawn.
        let framesShown = LockedCount()
        var env = Self.environment(feed: feed(age: 3 * 3600))
        env.fetchFeed = { _, _ in
            while framesShown.value == 0 { try? await Task.sleep(for: .milliseconds(1)) }
            return .failure(.offlineMode)
        }
        let store = try Store(config: AppConfig(refreshAfter: 60), environment: env)
        let backend = InMemoryBackend()
        backend.idleReadsBeforeTermination = 6000  // up to a minute on a loaded machine; it stops as soon as the banner shows
        backend.stopWhen = { frame in
            framesShown.increment()
            return frame.line(1).contains("OFFLINE")
        }
        // The fixtures' clock for the age ticks too: on a loaded machine the banner may take longer
        // than a tick, and the real clock would age the feed by however far today is from the fixture.
        try await TerminalApp(driver: StoreDriver(store: store), backend: backend, clock: { ViewFixtures.now }).runOffThePool()
        #expect(backend.frames.first?.line(0).contains("refreshing…") == true)
        let banner = try #require(backend.lastFrame?.line(1))
        // 80 columns: the saved time as its age, so the reason fits whole.
        #expect(banner.trimmingCharacters(in: .whitespaces) == "OFFLINE · saved 3 h ago · offline mode (--offline)")
    }

    @Test func storeStartsOnlyOnceTheTerminalIsTaken() throws {
        final class Refusing: TerminalBackend {
            let size = TerminalSize(columns: 80, rows: 24)
            let supportsColor = false
            func start() throws(TerminalError) { throw .notATerminal }
            func stop() {}
            func present(_ buffer: ScreenBuffer) {}
            func repaintAll() {}
            func waitForInput(timeoutMilliseconds: Int, wake: Int32?) -> [TerminalInput] { [] }
        }
        let store = try Store(config: AppConfig(refreshAfter: 60), environment: Self.environment(feed: feed(age: 3600)))
        #expect(throws: TerminalError.notATerminal) { try TerminalApp(driver: StoreDriver(store: store), backend: Refusing()).run() }
        #expect(store.state.feed == nil)
        #expect(!store.state.isFetching)
    }

    /// A key's action reaches the store as it is; a resize asks nothing of it, and fits the page.
    @Test func aKeysActionReachesTheStoreAsItIs() throws {
        let store = try Store(config: AppConfig(refreshAfter: 60), environment: Self.environment(feed: nil))
        let driver = StoreDriver(store: store, startsStore: false)
        let size = TerminalSize(columns: 80, rows: 24)
        driver.handle(.send(.startFilter), size: size)
        driver.handle(.send(.filterInput("東")), size: size)
        #expect(store.state.list.filter == "東")
        driver.handle(.resize, size: size)
        #expect(store.state.list.filter == "東" && store.state.list.isEditingFilter)
        #expect(driver.screen.list.rows == Layout.pageRows(size: size, state: store.state))
    }

    private func topCitiesFeed(age: TimeInterval) throws -> WeatherFeed {
        WeatherFeed(fetchedAt: ViewFixtures.now.addingTimeInterval(-age), request: FeedRequest(count: 50, language: "en-us"),
                    cities: try ViewFixtures.topCities())
    }

    /// The frame's row holding the selected city, if the list shows it.
    private func selectedRow(_ frame: ScreenBuffer) -> Int? {
        frame.lines.firstIndex { $0.hasPrefix(">") }
    }

    /// At 80×24 the list shows 21 cities; the filter prompt takes a row. The driver fits its
    /// screen state before the frame is drawn, so the selection on the list's last row stays on
    /// screen and PgDn moves by the 20 rows now shown.
    @Test func theFilterRowShrinksThePageBeforeTheFrameIsDrawn() async throws {
        let store = try Store(config: AppConfig(refreshAfter: 3600), environment: Self.environment(feed: try topCitiesFeed(age: 300)))
        let backend = InMemoryBackend(keys: [.pageDown, .character("/"), .pageDown, .escape, .character("q")])
        var shown: [(index: Int?, offset: Int, frames: Int)] = []
        let driver = StoreDriver(store: store)
        backend.stopWhen = { _ in
            shown.append((store.state.list.selectedIndex, driver.screen.list.offset, backend.frames.count))
            return false
        }
        try await TerminalApp(driver: driver, backend: backend).runOffThePool()
        let frames = backend.frames
        let names = store.state.list.visibleCities.map(\.localizedName)
        // PgDn: 21 rows down, city 22 on the list's last row (screen row 23 of 24).
        #expect(frames[1].lines[22].hasPrefix(">  \(names[21])"))
        // `/`: the filter prompt takes row 23; the list scrolls by one, city 22 still on its last row.
        #expect(frames[2].lines[22].hasPrefix(" Filter: █"))
        #expect(frames[2].lines[21].hasPrefix(">  \(names[21])"))
        #expect(shown[2].offset == 2)
        // PgDn while typing: 20 rows on, to city 42, on the last row.
        #expect(shown[3].index == 41)
        #expect(frames[3].lines[21].hasPrefix(">  \(names[41])"))
        // Esc: the prompt closes, the page is 21 again and PgDn would move by it.
        #expect(driver.screen.list.rows == 21)
        for frame in frames { #expect(selectedRow(frame) != nil) }
    }

    /// A banner that appears with a result (no key pressed) takes a row from the list too.
    @Test func aBannerShrinksThePageAndPgDnMovesByTheRowsLeft() async throws {
        let store = try Store(config: AppConfig(refreshAfter: 60),
                          environment: Self.environment(feed: try topCitiesFeed(age: 3 * 3600), fetch: .failure(.offlineMode)))
        let driver = StoreDriver(store: store)
        let size = TerminalSize(columns: 80, rows: 24)
        driver.handle(.resize, size: size)  // as the run loop starts
        driver.start()
        #expect(store.state.banner == .none && driver.screen.list.rows == 21)
        driver.handle(.pageList(1), size: size)
        #expect(store.state.list.selectedIndex == 21 && driver.screen.list.offset == 1)
        await store.settle()  // the refresh fails: OFFLINE banner
        #expect(store.state.banner != .none)
        let screen = driver.layOut(at: size)  // the run loop's step before drawing
        #expect(screen.list.rows == 20 && screen.list.offset == 2)
        let frame = BrowserView.render(store.state, screen: screen, size: size)  // banner on row 2: the list is rows 4…23
        #expect(frame.lines[22].hasPrefix(">  \(store.state.list.visibleCities[21].localizedName)"))
        driver.handle(.pageList(1), size: size)
        #expect(store.state.list.selectedIndex == 41)
    }
}
