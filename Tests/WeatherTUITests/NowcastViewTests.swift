import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// A kept place's rain in the next two hours on screen: the detail's line and bar, the list's ☂
/// mark (ASCII `R`), nothing for a place not kept.
@Suite struct NowcastViewTests {
    /// Five places, the second kept, with rain 12:15–13:00 (UTC, the places' clock) in its nowcast.
    static func state(kept: Bool = true, native: Bool = true) -> State {
        var state = ViewFixtures.state(HabitsTests.cities(5), selected: 1)
        if kept { state.pinned = [PinnedCity(key: "k1", name: "City 001", latitude: 1, longitude: 2)] }
        let now = Int(ViewFixtures.now.timeIntervalSince1970), first = now - now % 900 + 900
        let mm = [0, 0.3, 1.2, 0.2] + Array(repeating: 0.0, count: 12)
        let nowcast = Nowcast(quarters: mm.enumerated().map { NowcastQuarter(epochTime: first + $0.offset * 900, precipitation: $0.element) },
                              native: native)
        state.nowcast.stored = StoredNowcasts(fetchedAt: ViewFixtures.now, byCityKey: ["k1": nowcast])
        return state
    }

    static func screen(_ state: State, glyphs: GlyphSet = .unicode) -> [String] {
        BrowserView.render(state, size: TerminalSize(columns: 140, rows: 40), glyphs: glyphs).lines
    }

    @Test func theDetailSaysWhenTheRainComesAndGoesWithABarOfEightQuarters() {
        let lines = Self.screen(Self.state())
        #expect(lines.contains { $0.contains("Rain from 12:15 (moderate) until about 13:00") })
        #expect(lines.contains { $0.contains("Next 2 h ·▂▅▁···· · 15-minute data") })
        #expect(Self.screen(Self.state(native: false)).contains { $0.contains("· interpolated from hourly data") })
    }

    @Test func theListMarksAKeptPlaceWithRainWithinTheHour() {
        #expect(Self.screen(Self.state()).contains { $0.contains("☂ 12:15 · ") })
        #expect(Self.screen(Self.state(), glyphs: .ascii).contains { $0.contains("R 12:15 | ") })
    }

    @Test func aPlaceNotKeptHasNeitherLineNorMark() {
        let lines = Self.screen(Self.state(kept: false))
        #expect(!lines.contains { $0.contains("Rain from") || $0.contains("☂ 12:15") || $0.contains("Next 2 h") })
    }

    @Test func noRainIsSaidAsSuch() {
        var state = Self.state()
        let dry = (state.nowcast.stored?.byCityKey["k1"]?.quarters ?? []).map { NowcastQuarter(epochTime: $0.epochTime, precipitation: 0) }
        state.nowcast.stored?.byCityKey["k1"]?.quarters = dry
        #expect(Self.screen(state).contains { $0.contains("No rain in the next 2 hours") })
    }

    @Test func theRainIsSaidInTheRunsLanguage() {
        var state = Self.state()
        state.request.language = "de"
        let german = Self.screen(state)
        #expect(german.contains { $0.contains("Regen ab 12:15 (mäßig) bis etwa 13:00") }, "\(german)")
        #expect(german.contains { $0.contains("Nächste 2 h ·▂▅▁···· · 15-Minuten-Daten") })
        state.request.language = "ja"
        #expect(Self.screen(state).contains { $0.contains("12:15から雨（並）、13:00ごろまで") })
    }
}

/// `--notify` from the store to the terminal's bytes: rain due at a kept place is written once,
/// as OSC 777 through the backend, and nothing at all without it.
@Suite struct NotificationBytesTests {
    static func run(notify: Bool) async throws -> InMemoryBackend {
        let athens = ViewFixtures.make(key: "a", name: "Athens", country: "Greece", celsius: 6.1)
        let feed = WeatherFeed(fetchedAt: ViewFixtures.now.addingTimeInterval(-300), request: FeedRequest(count: 50, language: "en-us"),
                               cities: [athens, ViewFixtures.make(key: "b", name: "Berlin", country: "Germany", celsius: 7.2)])
        let now = Int(ViewFixtures.now.timeIntervalSince1970), first = now - now % 900 + 900
        let rain = Nowcast(quarters: (0..<16).map { NowcastQuarter(epochTime: first + $0 * 900, precipitation: $0 == 1 ? 0.4 : 0) }, native: true)
        var remembered = AppSettings()
        remembered.notify = notify
        let settings = remembered
        var environment = AppEnvironment(
            now: { ViewFixtures.now },
            loadArchive: { .success(feed) },
            fetchFeed: { _, _ in .failure(.offlineMode) },
            fetchForecast: { _, _ in .failure(.offlineMode) },
            loadForecasts: { (StoredForecasts(), nil) },
            saveForecasts: { _ in },
            loadSettings: { (settings, nil) },
            saveSettings: { _, _ in },
            loadPins: { ([PinnedCity(key: "a", name: "Athens", latitude: 1, longitude: 2)], nil) },
            changePins: { $0.applied(to: []) }
        )
        environment.loadNowcasts = { (StoredNowcasts(fetchedAt: ViewFixtures.now, byCityKey: ["a": rain]), nil) }
        let store = try Store(config: AppConfig(refreshAfter: 3600, timeZone: .utc), environment: environment)
        let backend = InMemoryBackend(keys: [])
        // Ends once the restored nowcast is on screen: its notification, if any, went before that frame.
        // The idle reads (10 ms each) are only a net: in a parallel run the restore's task can wait
        // for the pool for more than 20 s.
        backend.idleReadsBeforeTermination = 12_000
        backend.stopWhen = { $0.lines.contains { $0.contains("☂ 12:15") } }
        // The loop's clock is the store's: on the wall clock a minute turned during a slow
        // (parallel) run, and its tick left the restored rain untold (1 run in 4 of this target).
        _ = try await TerminalApp(driver: StoreDriver(store: store), backend: backend, clock: { ViewFixtures.now }).runOffThePool()
        return backend
    }

    @Test func rainDueAtAKeptPlaceIsWrittenOnceAsOSC777() async throws {
        let backend = try await Self.run(notify: true)
        #expect(backend.notificationBytes == [Array("\u{1B}]777;notify;weather-tui;Athens: rain from 12:15\u{1B}\\".utf8)])
    }

    @Test func withoutNotifyNothingIsWritten() async throws {
        let backend = try await Self.run(notify: false)
        #expect(backend.frames.last?.lines.contains { $0.contains("☂ 12:15") } == true)
        #expect(backend.notificationBytes.isEmpty)
    }
}
