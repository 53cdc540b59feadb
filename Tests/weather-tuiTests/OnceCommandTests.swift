import WeatherSource
import Foundation
import WeatherHTTP
import PlistArchive
import Testing
import WeatherStore
import WeatherCore
import WeatherModels
@testable import weather_tui

/// A service that answers one canned result and counts calls.
final class CannedService: WeatherService, @unchecked Sendable {
    let result: Result<[CityWeather], ServiceError>
    private let lock = NSLock()
    private var count = 0
    var calls: Int { lock.withLock { count } }

    init(_ result: Result<[CityWeather], ServiceError>) { self.result = result }

    func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        lock.withLock { self.count += 1 }
        return TopCitiesResponse(cities: try result.get(), rateLimitRemaining: 10)
    }

    func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse {
        throw .cancelled
    }
}

@Suite struct OnceCommandTests {
    let cache: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("once-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let request = FeedRequest(count: 50, language: "en-us")
    var cities: [CityWeather] { FeedPrinterTests.feed.cities }

    /// A run with a key (the loader's fake service stands for the source) unless `key` is nil.
    func config(_ args: [String], key: String? = "test-key") throws -> LaunchConfiguration {
        let keyArgs = key.map { ["--api-key", $0] } ?? []
        return try LaunchConfiguration.resolve(try Options.parse(["--once", "--cache-dir", cache.path] + keyArgs + args), environment: ["HOME": "/nonexistent"])
    }

    func loader(_ service: CannedService?) -> FeedLoader {
        FeedLoader(service: service, archive: WeatherFeedArchive(directory: cache), now: { [now] in now })
    }

    func save(age: TimeInterval) throws {
        try WeatherFeedArchive(directory: cache).save(WeatherFeed(fetchedAt: now - age, request: request, cities: cities))
    }

    @Test func aFreshArchiveIsPrintedWithoutSpendingACall() async throws {
        try save(age: 60)
        let service = CannedService(.success(cities))
        let outcome = await OnceCommand.produce(try config([]), request: request, loader: loader(service), now: now)
        guard case .report(let report, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .archive && !report.offline && report.reason == nil)
        #expect(service.calls == 0)
    }

    @Test func aStaleArchiveIsRefreshedOnce() async throws {
        try save(age: 3600)
        let service = CannedService(.success(cities))
        let outcome = await OnceCommand.produce(try config([]), request: request, loader: loader(service), now: now)
        guard case .report(let report, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .live && report.feed.fetchedAt == now)
        #expect(service.calls == 1)
    }

    @Test func aFailedFetchPrintsTheArchiveWithOneWarning() async throws {
        try save(age: 3600)
        let service = CannedService(.failure(.unreachable(host: "dataservice.accuweather.com")))
        let outcome = await OnceCommand.produce(try config([]), request: request, loader: loader(service), now: now)
        guard case .report(let report, let warning?) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .archive && report.offline)
        #expect(report.reason == "offline: cannot reach dataservice.accuweather.com")
        #expect(warning.contains("cannot reach") && warning.contains("1 h ago") && !warning.contains("\n"))
    }

    @Test func nothingToShowIsExitStatusOne() async throws {
        let service = CannedService(.failure(.timedOut(host: "h", seconds: 15)))
        let outcome = await OnceCommand.produce(try config([]), request: request, loader: loader(service), now: now)
        guard case .nothing(let why) = outcome else { Issue.record("\(outcome)"); return }
        #expect(why.contains("did not answer within 15 s"))
    }

    @Test func offlineNeverCallsAndSaysSo() async throws {
        try save(age: 99999)
        let service = CannedService(.success(cities))
        let outcome = await OnceCommand.produce(try config(["--offline"]), request: request, loader: loader(service), now: now)
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.offline && report.reason == "offline mode (--offline)")
        #expect(service.calls == 0)
    }

    @Test func demoNeedsNothing() async throws {
        let outcome = await OnceCommand.produce(try config(["--demo"]), request: request, loader: loader(nil), now: now)
        guard case .report(let report, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .demo && report.feed.cities.count == 50)
    }

    @Test func aCorruptArchiveIsReportedAndSetAside() async throws {
        try Data("garbage".utf8).write(to: cache.appendingPathComponent("WeatherFeed.plist"))
        let outcome = await OnceCommand.produce(try config([]), request: request, loader: loader(CannedService(.success(cities))), now: now)
        guard case .report(let report, let warning?) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .live)
        #expect(warning.contains("moved aside to WeatherFeed.plist.corrupt"))
    }

    /// AccuWeather without a key, as in the browser: the saved feed is shown as offline, and why, even when fresh.
    @Test func withoutAKeyAFreshArchiveIsPrintedAsOfflineAndSaysWhy() async throws {
        try save(age: 60)
        let service = CannedService(.success(cities))
        let outcome = await OnceCommand.produce(try config(["--source", "accuweather"], key: nil), request: request, loader: loader(service), now: now)
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.offline && report.reason == FeedError.noAPIKey.errorDescription)
        #expect(service.calls == 0)
    }
}
