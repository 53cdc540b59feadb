import WeatherSource
import Foundation
import PlistArchive
import Testing
import WeatherHTTP
import WeatherStore
import WeatherModels
@testable import WeatherCore

/// The air end to end through the store: fetched once for every listed place, saved, and shown
/// again from `AirQuality.plist` after an offline restart without a request.
@Suite struct AirQualityStoreTests {
    let cache = Make.tempDirectory()
    let config = Make.tempDirectory()

    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [[AirQualityPlace]] = []
        func add(_ places: [AirQualityPlace]) { lock.withLock { asked.append(places) } }
        var all: [[AirQualityPlace]] { lock.withLock { asked } }
    }

    var files: AppFiles { AppFiles(cacheDirectory: cache, configDirectory: config) }

    func environment() -> AppEnvironment {
        .live(loader: FeedLoader(service: FakeWeatherService(), archive: files.feed, now: { Make.t0 }), files: files, now: { Make.t0 })
    }

    func store(calls: Calls, appConfig: AppConfig = AppConfig(refreshAfter: 1800)) throws -> Store {
        let env = environment().showingAir({ places throws(ServiceError) in
            calls.add(places)
            return ["2": AirQuality(epochTime: 0, europeanAQI: 12, usAQI: 20)]
        }, files: files)
        return try Store(config: appConfig, environment: env)
    }

    @Test func theAirIsFetchedOnceSavedAndRestoredOffline() async throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed(at: Make.t0 - 60))
        let calls = Calls()
        let first = try store(calls: calls)
        first.start()
        await first.settle()
        #expect(calls.all.map { $0.map(\.key) } == [["1", "2", "3", "4", "5"]])
        #expect(first.state.air(for: "2")?.europeanAQI == 12)
        let saved = try #require(files.airQuality.loadIfReadable())
        #expect(saved.fetchedAt == Make.t0 && saved.byCityKey["2"]?.usAQI == 20)

        let offline = try store(calls: calls, appConfig: AppConfig(refreshAfter: 1800, offline: true))
        offline.start()
        await offline.settle()
        #expect(calls.all.count == 1, "no request offline")
        #expect(offline.state.air.stored == saved)
    }

    @Test func withoutTheAirNothingIsReadOrAsked() async throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed(at: Make.t0 - 60))
        try files.airQuality.save(StoredAirQuality(fetchedAt: Make.t0, byCityKey: ["2": AirQuality(epochTime: 0, europeanAQI: 1)]))
        let store = try Store(config: AppConfig(refreshAfter: 1800), environment: environment())
        store.start()
        await store.settle()
        #expect(store.state.air.stored == nil, "--once prints no air and reads none")
    }
}
