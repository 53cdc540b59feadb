import WeatherSource
import Foundation
import PlistArchive
import Testing
import WeatherHTTP
import WeatherStore
import WeatherModels
@testable import WeatherCore

/// The alerts end to end through the store: each request runs under its gate's pass, the answers
/// are kept in `Alerts.plist`, and a second run within ten minutes asks nothing.
@Suite struct AlertsStoreTests {
    let cache = Make.tempDirectory()
    let config = Make.tempDirectory()
    static let denver = AlertsReducerTests.denver

    final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [(AlertRequest, AlertPass?)] = []
        func add(_ request: AlertRequest) { lock.withLock { asked.append((request, AlertPass.current)) } }
        var all: [(AlertRequest, AlertPass?)] { lock.withLock { asked } }
    }

    var files: AppFiles { AppFiles(cacheDirectory: cache, configDirectory: config) }

    func store(asked: Asked, now: Date) throws -> Store {
        let env = AppEnvironment.live(loader: FeedLoader(service: FakeWeatherService(), archive: files.feed, now: { now }), files: files, now: { now })
            .showingAlerts({ request throws(ServiceError) in
                asked.add(request)
                return AlertsAnswer(alerts: [AlertsReducerTests.storm()], freshUntil: now)
            }, files: files)
        return try Store(config: AppConfig(refreshAfter: 1800), environment: env)
    }

    @Test func alertsAreAskedUnderTheirPassKeptAndSharedWithTheNextRun() async throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed([Make.cities[0], Self.denver], at: Make.t0 - 60))
        let asked = Asked()
        let first = try store(asked: asked, now: Make.t0)
        first.start()
        await first.settle()
        #expect(asked.all.map(\.0.cityKey) == ["6"])
        #expect(asked.all.map(\.1) == [AlertPass.open(.nws, "6")], "the request ran under its gate's pass")
        #expect(first.state.alertStatus(for: Self.denver).alerts == [AlertsReducerTests.storm()])
        let saved = try #require(files.alerts.loadIfReadable())
        #expect(saved.byCityKey["6"]?.nextAskAt == Make.t0 + 600)

        let second = try store(asked: asked, now: Make.t0 + 599)
        second.start()
        await second.settle()
        #expect(asked.all.count == 1, "asked once in ten minutes across runs")
        #expect(second.state.alertStatus(for: Self.denver).alerts == [AlertsReducerTests.storm()])
    }

    @Test func withoutAlertsNothingIsReadOrAsked() async throws {
        try WeatherFeedArchive(directory: cache).save(Make.feed([Self.denver], at: Make.t0 - 60))
        let env = AppEnvironment.live(loader: FeedLoader(service: FakeWeatherService(), archive: files.feed, now: { Make.t0 }), files: files, now: { Make.t0 })
        let store = try Store(config: AppConfig(refreshAfter: 1800), environment: env)
        store.start()
        await store.settle()
        #expect(!store.state.alertsState.restored)
        #expect(store.state.alertStatus(for: Self.denver) == .unknown(why: "alerts not checked yet"))
    }
}
