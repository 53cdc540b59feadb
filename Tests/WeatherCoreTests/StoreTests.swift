import WeatherSource
import Foundation
import PlistArchive
import Testing
import WeatherStore
import WeatherModels
@testable import WeatherCore

/// The offline promise end to end, with a fake AccuWeather and real archives in a temporary folder.
@Suite struct StoreTests {
    let cache = Make.tempDirectory()
    let config = Make.tempDirectory()
    let clock = TestClock(Make.t0)

    func store(_ service: FakeWeatherService?, appConfig: AppConfig = AppConfig(refreshAfter: 1800)) throws -> Store {
        let clock = self.clock
        let env = AppEnvironment.live(loader: FeedLoader(service: service, archive: WeatherFeedArchive(directory: cache), now: { clock.now }),
                                        files: AppFiles(cacheDirectory: cache, configDirectory: config), now: { clock.now })
        return try Store(config: appConfig, environment: env)
    }

    var archiveURL: URL { cache.appendingPathComponent("WeatherFeed.plist") }

    func saveArchive(fetchedAt: Date) throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed(at: fetchedAt))
    }

    /// `--once`'s start over a fresh feed (no forecasts, no air, no preview: what it prints needs
    /// none) decides everything on the caller's thread: the day's calls are read there too, so no
    /// task, and no thread pool, is started.
    @Test func aStartThatFetchesNothingRunsNoEffect() throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        try "day 2027-01-15\nopen-meteo 120\n".write(to: cache.appendingPathComponent(CallLedger.fileName), atomically: true, encoding: .utf8)
        let clock = self.clock
        var env = AppEnvironment.live(loader: FeedLoader(service: FakeWeatherService(), archive: WeatherFeedArchive(directory: cache), now: { clock.now }),
                                      files: AppFiles(cacheDirectory: cache, configDirectory: config), now: { clock.now })
        let ledger = CallLedger(directory: cache)
        env.callsToday = { ([.openMeteo: ledger.read(now: clock.now).counts.spent("open-meteo")], nil) }
        env.previewArchive = nil
        env.loadForecasts = nil
        env.loadAirQuality = nil
        let store = try Store(config: AppConfig(refreshAfter: 1800, provider: .openMeteo), environment: env)
        store.start()
        #expect(store.state.list.visibleCities.count == 5)
        #expect(store.state.gate(for: .openMeteo).spentToday == 120, "the ledger read as the store starts")
        #expect(!store.hasRunningEffects, "nothing left to run: no thread is started")
    }

    @Test func aFreshArchiveIsShownAtOnceAndNoRequestIsMade() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let service = FakeWeatherService()
        let store = try store(service)
        store.start()
        #expect(store.state.list.visibleCities.count == 5)  // on screen before any network
        await store.settle()
        #expect(await service.topCitiesCalls == 0)
        #expect(store.state.source == .archive)
        // The first frame's preview has been replaced by the whole saved feed, details and all.
        #expect(store.state.feed == Make.feed(at: Make.t0 - 60))
    }

    @Test func aStaleArchiveIsShownAndRefreshedWithOneRequest() async throws {
        try saveArchive(fetchedAt: Make.t0 - 3600)
        let service = FakeWeatherService()
        let store = try store(service)
        store.start()
        #expect(store.state.source == .archive && store.state.isFetching)
        await store.settle()
        #expect(await service.topCitiesCalls == 1)
        #expect(store.state.source == .live)
        #expect(store.state.feed?.fetchedAt == Make.t0)
        #expect(store.state.rateLimitRemaining == 42)
        #expect(try WeatherFeedArchive(directory: cache).load().fetchedAt == Make.t0)
    }

    @Test func serverDownKeepsTheArchiveByteIdenticalAndShowsWhyAndSince() async throws {
        try saveArchive(fetchedAt: Make.t0 - 7200)
        let before = try Data(contentsOf: archiveURL)
        let service = FakeWeatherService(.failure(.unreachable(host: "dataservice.accuweather.com")))
        let store = try store(service)
        store.start()
        await store.settle()
        #expect(try Data(contentsOf: archiveURL) == before)
        #expect(store.state.banner == .offline(savedAt: Make.t0 - 7200, reason: "offline: cannot reach dataservice.accuweather.com"))
        #expect(store.state.list.visibleCities.count == 5)
    }

    @Test func unauthorizedBannerSaysTheKeyWasRejected() async throws {
        try saveArchive(fetchedAt: Make.t0 - 7200)
        let store = try store(FakeWeatherService(.failure(.unauthorized(status: 401))))
        store.start()
        await store.settle()
        guard case .offline(_, let reason) = store.state.banner else { Issue.record("no banner"); return }
        #expect(reason.contains("API key rejected (401)"))
    }

    @Test func refreshPressedFiveTimesWhileInFlightMakesOneRequest() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let service = FakeWeatherService()
        await service.hold()
        let store = try store(service)
        store.start()
        for _ in 0..<5 { store.send(.refresh) }
        // Let the one request reach the server, then let it answer.
        while await service.topCitiesCalls == 0 {
            store.processPendingResults()  // the shared files read first, as the loop applies them
            await Task.yield()
        }
        await service.release()
        await store.settle()
        #expect(await service.topCitiesCalls == 1)
        #expect(!store.state.isFetching)
    }

    @Test func noArchiveAndNoNetworkExplainsWhatToDo() async throws {
        let store = try store(FakeWeatherService(.failure(.unreachable(host: "dataservice.accuweather.com"))))
        store.start()
        await store.settle()
        let text = store.state.emptyExplanation?.joined(separator: " ") ?? ""
        #expect(text.contains("cannot reach dataservice.accuweather.com"))
        #expect(text.contains("--demo"))
        #expect(!FileManager.default.fileExists(atPath: archiveURL.path))
    }

    @Test func pinsSettingsAndForecastsSurviveARestart() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let first = try store(FakeWeatherService())
        first.start()
        first.send(.last)           // Tokyo
        first.send(.togglePin)
        first.send(.toggleUnits)
        first.send(.cycleSort)      // temperature
        first.send(.openDetail)     // fetches Tokyo's forecast
        await first.settle()
        first.send(.quit)
        await first.settle()

        let service = FakeWeatherService()
        let second = try store(service)
        second.start()
        await second.settle()
        let state = second.state
        #expect(state.pinned.map(\.key) == ["1"])
        #expect(state.list.visibleCities.first?.englishName == "Tokyo")
        #expect(state.units == .imperial)
        #expect(state.list.sortField == .temperature)
        #expect(state.selectedCity?.englishName == "Tokyo")
        #expect(state.detail.forecasts["1"] != nil)
        second.send(.openDetail)    // cached less than an hour ago: no request
        await second.settle()
        #expect(await service.forecastCalls == 0)
    }

    @Test func aCorruptArchiveIsMovedAsideAndTheUserIsTold() async throws {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("<html>not an archive</html>".utf8).write(to: archiveURL)
        let store = try store(FakeWeatherService(.failure(.unreachable(host: "h"))))
        store.start()
        await store.settle()
        #expect(store.state.notice?.contains("moved aside") == true)
        #expect(FileManager.default.fileExists(atPath: archiveURL.path + ".corrupt"))
    }

    @Test func anUnwritableCacheFolderStillShowsTheFetchedFeedAndSaysItWasNotSaved() async throws {
        let blocked = try Make.fileInPlaceOfAFolder()
        let env = AppEnvironment.live(loader: FeedLoader(service: FakeWeatherService(), archive: WeatherFeedArchive(directory: blocked), now: { Make.t0 }),
                                        files: AppFiles(cacheDirectory: blocked, configDirectory: config), now: { Make.t0 })
        let store = try Store(config: AppConfig(), environment: env)
        store.start()
        await store.settle()
        #expect(store.state.source == .live && store.state.list.visibleCities.count == 5)
        // Said, and kept in the messages: the saved files' restores fail on the same folder and
        // may be said after it, in whatever order the disk work ends.
        #expect(store.state.notices.messages.contains { $0.text.contains("could not save the feed") }, "\(store.state.notices.messages.map(\.text))")
    }

    /// Two browsers on one config folder, both started before either changed anything (docs/spec.md
    /// §3): each one's pins and settings are made over the other's, and each shows the other's pins.
    @Test func twoStoresOnOneFolderKeepEachOthersPinsAndSettings() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let first = try store(FakeWeatherService()), second = try store(FakeWeatherService())
        first.start()
        second.start()
        await first.settle()
        await second.settle()
        first.send(.select(key: "1"))   // Tokyo
        first.send(.togglePin)
        await first.settle()            // saved in the background: landed before the second's
        second.send(.select(key: "3"))  // Moscow
        second.send(.togglePin)
        first.send(.toggleUnits)
        second.send(.cycleSort)         // temperature
        first.send(.quit)
        await first.settle()            // its save lands before the second quits
        second.send(.quit)
        await second.settle()
        #expect(Set(second.state.pinned.map(\.key)) == ["1", "3"], "the second browser shows the first one's pin")
        #expect(Set(try PinnedCityStore(directory: config).load().map(\.key)) == ["1", "3"])
        let saved = try AppFiles(cacheDirectory: cache, configDirectory: config).settings.load()
        #expect(saved.units == .imperial && saved.sortField == .temperature)
        #expect(saved.selectedCityKey == "3", "the last to quit says which city was selected")

        // Unpinning in one leaves the other's pin.
        let third = try store(FakeWeatherService())
        third.start()
        third.send(.select(key: "1"))
        third.send(.togglePin)
        await third.settle()
        #expect(try PinnedCityStore(directory: config).load().map(\.key) == ["3"])
        #expect(third.state.pinned.map(\.key) == ["3"])
    }

    @Test func aReadOnlyConfigFolderIsReportedNotFatal() async throws {
        let blocked = try Make.fileInPlaceOfAFolder()
        let env = AppEnvironment.live(loader: FeedLoader(service: FakeWeatherService(), archive: WeatherFeedArchive(directory: cache), now: { Make.t0 }),
                                        files: AppFiles(cacheDirectory: cache, configDirectory: blocked), now: { Make.t0 })
        let store = try Store(config: AppConfig(), environment: env)
        store.start()
        await store.settle()
        store.send(.toggleUnits)
        await store.settle()
        #expect(store.state.notice?.contains("could not save settings") == true)
        #expect(store.state.units == .imperial)
    }

    @Test func theSelectionKeepsItsCityAcrossALiveRefreshThatReordersTheList() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let service = FakeWeatherService(.success([Make.city("9", "Aachen")] + Make.cities.reversed()))
        let store = try store(service)
        store.start()
        store.send(.moveDown)
        store.send(.moveDown)  // Cairo, third of five
        #expect(store.state.selectedCity?.englishName == "Cairo")
        store.send(.refresh)
        await store.settle()
        #expect(await service.topCitiesCalls == 1)
        #expect(store.state.list.visibleCities.map(\.englishName) == ["Aachen", "Athens", "Berlin", "Cairo", "Moscow", "Tokyo"])
        #expect(store.state.selectedCity?.englishName == "Cairo")
        #expect(store.state.source == .live && store.state.banner == .none)
    }

    @Test func settingsSurviveARestart() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let first = try store(FakeWeatherService())
        first.start()
        first.send(.invertSort)     // Tokyo, Moscow, Cairo, Berlin, Athens
        first.send(.first)
        first.send(.moveDown)       // Moscow
        first.send(.toggleUnits)
        first.send(.quit)
        await first.settle()
        #expect(first.isQuitting)

        let second = try store(FakeWeatherService())
        second.start()
        let state = second.state
        #expect(state.list.sortField == .name && state.list.sortDescending)
        #expect(state.units == .imperial)
        #expect(state.selectedCity?.englishName == "Moscow")
        #expect(state.list.visibleCities.first?.englishName == "Tokyo")
        // Units given on the command line win over the remembered ones for that run.
        let third = try store(FakeWeatherService(), appConfig: AppConfig(units: .metric, refreshAfter: 1800))
        third.start()
        #expect(third.state.units == .metric)
    }

    @Test func withoutAKeyTheBannerSaysSoAndNothingIsRequested() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)  // fresh: still, no refresh could ever replace it
        let service = FakeWeatherService()
        let store = try store(service, appConfig: AppConfig(refreshAfter: 1800, hasAPIKey: false))
        store.start()
        store.send(.refresh)
        await store.settle()
        #expect(await service.topCitiesCalls == 0)
        #expect(store.state.list.visibleCities.count == 5)
        guard case .offline(let savedAt, let reason) = store.state.banner else { Issue.record("no banner"); return }
        #expect(savedAt == Make.t0 - 60)
        #expect(reason.contains("no API key") && reason.contains("ACCUWEATHER_API_KEY"))
    }

    @Test func offlineModeShowsTheArchiveAndNeverTouchesTheNetwork() async throws {
        try saveArchive(fetchedAt: Make.t0 - 86_400)
        let service = FakeWeatherService()
        let store = try store(service, appConfig: AppConfig(refreshAfter: 1800, offline: true))
        store.start()
        store.send(.refresh)
        store.send(.openDetail)
        await store.settle()
        #expect(await service.topCitiesCalls == 0)
        #expect(await service.forecastCalls == 0)
        #expect(store.state.banner == .offline(savedAt: Make.t0 - 86_400, reason: "offline mode (--offline)"))
        #expect(store.state.detail.forecastErrors[store.state.list.selectedKey ?? ""] == "offline mode (--offline)")
    }

    @Test func aRefreshAfterTheFirstIsAllowedOnceTheFirstHasAnswered() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let service = FakeWeatherService()
        let store = try store(service)
        store.start()
        store.send(.refresh)
        await store.settle()
        store.send(.refresh)
        await store.settle()
        #expect(await service.topCitiesCalls == 2)
    }

    @Test func resultsWaitInTheMailboxUntilTheUILoopAppliesThem() async throws {
        let service = FakeWeatherService()
        let store = try store(service)
        store.start()  // no archive: a fetch starts
        #expect(store.state.isFetching && store.state.feed == nil)
        var mailbox = pollfd(fd: store.mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(120)
        // Other letters (the day's calls) may come before the feed's: each waits for the loop too.
        while store.state.feed == nil && Date() < deadline {
            while poll(&mailbox, 1, 0) == 0 && Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
            #expect(store.state.feed == nil)  // arrived, but not applied behind the UI's back
            let changed = store.processPendingResults()
            if store.state.feed != nil { #expect(changed, "the feed applied: a redraw") }
        }
        #expect(store.state.list.visibleCities.count == 5 && !store.state.isFetching)
        await store.settle()  // the feed's save and the places' air, which applying it started
        #expect(!store.processPendingResults())  // nothing new: no redraw
    }

    @Test func theDemoNeverReadsOrWritesTheFeedArchive() async throws {
        try saveArchive(fetchedAt: Make.t0 - 60)
        let before = try Data(contentsOf: archiveURL)
        let clock = self.clock
        let store = try Store(config: AppConfig(refreshAfter: 1800, demo: true, hasAPIKey: false),
                          environment: .demo(now: { clock.now }))
        store.start()
        await store.settle()
        #expect(store.state.source == .demo && store.state.banner == .demo)
        #expect(store.state.list.visibleCities.count == 50)
        store.send(.openDetail)
        await store.settle()
        #expect(store.state.detail.forecasts[store.state.list.selectedKey ?? ""] != nil)
        #expect(try Data(contentsOf: archiveURL) == before)
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("Forecasts.plist").path))
        // Settings and pins too stay in memory: the demo touches no file of the user's.
        store.send(.toggleUnits)
        store.send(.togglePin)
        await store.settle()
        #expect(try FileManager.default.contentsOfDirectory(atPath: config.path).isEmpty)
    }
}
