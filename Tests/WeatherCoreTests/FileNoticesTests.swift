import WeatherSource
import Foundation
import PlistArchive
import Testing
import WeatherHTTP
import WeatherStore
import WeatherModels
@testable import WeatherCore

/// Every file the program could not use is said on the status line and kept in `!`, naming the
/// file and where it went; and a change another copy's lock keeps back is kept, not lost.
@Suite struct FileNoticesTests {
    let cache = Make.tempDirectory()
    let config = Make.tempDirectory()
    var files: AppFiles { AppFiles(cacheDirectory: cache, configDirectory: config) }

    func store(offline: Bool = true) throws -> Store {
        let files = self.files
        let env = AppEnvironment.live(loader: FeedLoader(service: FakeWeatherService(), archive: files.feed, now: { Make.t0 }), files: files, now: { Make.t0 })
            .showingAir({ _ throws(ServiceError) in [:] }, files: files)
        return try Store(config: AppConfig(refreshAfter: 1800, offline: offline), environment: env)
    }

    /// Holds the lock of `url` as another process would (a second open file description) until
    /// the returned descriptor is closed.
    func holdLock(of url: URL) throws -> Int32 {
        let fd = open(AtomicFile.lockURL(for: url).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd
    }

    /// A damaged `Pinned.plist`, `Forecasts.plist` and `AirQuality.plist` each vanished without a
    /// word (`!` said "No messages yet").
    @Test func damagedPinsForecastsAndAirAreSaidAndKeptInMessages() async throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed(at: Make.t0 - 60))
        try Data("garbage".utf8).write(to: files.pins.url)
        try Data("garbage".utf8).write(to: files.forecasts.url)
        try Data("garbage".utf8).write(to: files.airQuality.url)
        let store = try store()
        store.start()
        await store.settle()
        let said = store.state.notices.messages.map(\.text)
        for (name, then) in [("Pinned.plist", "pins and own cities start empty"), ("Forecasts.plist", "forecasts are fetched again"),
                             ("AirQuality.plist", "the air is fetched again")] {
            #expect(said.contains { $0.hasPrefix("\(name) not used: saved data unreadable (") && $0.hasSuffix("moved aside to \(name).corrupt; \(then)") },
                    "\(name): \(said)")
        }
        #expect(store.state.notice.map { said.contains($0) } == true, "the last of them is on the status line")
    }

    @Test func aNoticeCarriedByAFileActionIsShownAndRecorded() {
        for action in [Action.pinsLoaded([], notice: "P"), .forecastsRestored(StoredForecasts(), notice: "P"), .airQualityRestored(nil, notice: "P")] {
            var state = State(config: AppConfig(), now: Make.t0)
            _ = state.reduce(action)
            #expect(state.notice == "P" && state.notices.messages.map(\.text) == ["P"], "\(action)")
        }
    }

    /// A pin made while another copy holds `Pinned.plist` shows at once, is said to be kept, and
    /// is saved with the next change once the lock is free (it was never saved, the run hung on the lock).
    @Test func aPinTheLockKeptBackIsSavedWithTheNextChange() async throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed(at: Make.t0 - 60))
        let store = try store()
        store.start()
        await store.settle()
        let held = try holdLock(of: files.pins.url)
        store.send(.select(key: "2"))
        store.send(.togglePin)
        await store.settle()
        #expect(store.state.notice == "pinned cities not saved yet: another copy of weather-tui holds Pinned.plist (its lock .Pinned.plist.lock); the change is kept and saved with the next one")
        #expect(store.state.pinned.map(\.key) == ["2"], "shown as made")
        store.send(.select(key: "3"))
        store.send(.togglePin)
        await store.settle()
        close(held)
        store.send(.select(key: "4"))
        store.send(.togglePin)
        await store.settle()
        #expect(try files.pins.load().map(\.key) == ["2", "3", "4"])
        #expect(store.state.pinned.map(\.key) == ["2", "3", "4"])
    }

    /// A change still kept when the user quits gets one more try then; if the lock is still held,
    /// quitting says so and does not wait.
    @Test func keptPinsAreSavedAtQuitOrSaidNotSaved() async throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed(at: Make.t0 - 60))
        let store = try store()
        store.start()
        await store.settle()
        let held = try holdLock(of: files.pins.url)
        store.send(.select(key: "2"))
        store.send(.togglePin)
        await store.settle()
        close(held)
        await store.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(try files.pins.load().map(\.key) == ["2"])

        let other = try self.store()
        other.start()
        await other.settle()
        let stillHeld = try holdLock(of: files.pins.url)
        defer { close(stillHeld) }
        other.send(.select(key: "3"))
        other.send(.togglePin)
        await other.settle()
        await other.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(other.state.notice == "pinned cities not saved: another copy of weather-tui holds Pinned.plist (its lock .Pinned.plist.lock)")
        #expect(try files.pins.load().map(\.key) == ["2"])
    }

    /// Settings changed while another copy holds `settings.plist` are saved with the next change.
    @Test func settingsTheLockKeptBackAreSavedWithTheNextChange() async throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed(at: Make.t0 - 60))
        let store = try store()
        store.start()
        await store.settle()
        let held = try holdLock(of: files.settings.url)
        store.send(.toggleUnits)
        await store.settle()
        #expect(store.state.notice?.hasPrefix("settings not saved yet: another copy of weather-tui holds settings.plist") == true)
        close(held)
        store.send(.cycleSort)
        await store.settle()
        let saved = try files.settings.load()
        #expect(saved.units == .imperial && saved.sortField == store.state.list.sortField)
    }
}
