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
        return try LaunchConfiguration.resolve(try Options.parse(["--once", "--cache-dir", cache.path, "--config-dir", cache.path] + keyArgs + args),
                                               environment: ["HOME": "/nonexistent"])
    }

    /// `--once` as `config` runs it, the live source being `service` (none: no key).
    func produce(_ config: LaunchConfiguration, _ service: CannedService?) async -> OnceCommand.Outcome {
        let environment = config.demo ? AppEnvironment.demo(now: { [now] in now })
            : .live(loader: loader(service), files: config.files, now: { [now] in now })
        return await OnceCommand.produce(config.onceConfig, environment: environment)
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
        let outcome = await produce(try config([]), service)
        guard case .report(let report, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .archive && !report.offline && report.reason == nil)
        #expect(service.calls == 0)
    }

    @Test func aStaleArchiveIsRefreshedOnce() async throws {
        try save(age: 3600)
        let service = CannedService(.success(cities))
        let outcome = await produce(try config([]), service)
        guard case .report(let report, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .live && report.feed.fetchedAt == now)
        #expect(service.calls == 1)
    }

    @Test func aFailedFetchPrintsTheArchiveWithOneWarning() async throws {
        try save(age: 3600)
        let service = CannedService(.failure(.unreachable(host: "dataservice.accuweather.com")))
        let outcome = await produce(try config([]), service)
        guard case .report(let report, let warning?) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .archive && report.offline)
        #expect(report.reason == "offline: cannot reach dataservice.accuweather.com")
        #expect(warning.contains("cannot reach") && warning.contains("1 h ago") && !warning.contains("\n"))
    }

    @Test func nothingToShowIsExitStatusOne() async throws {
        let service = CannedService(.failure(.timedOut(host: "h", seconds: 15)))
        let outcome = await produce(try config([]), service)
        guard case .nothing(let why) = outcome else { Issue.record("\(outcome)"); return }
        #expect(why.contains("did not answer within 15 s"))
    }

    @Test func offlineNeverCallsAndSaysSo() async throws {
        try save(age: 99999)
        let service = CannedService(.success(cities))
        let outcome = await produce(try config(["--offline"]), service)
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.offline && report.reason == "offline mode (--offline)")
        #expect(service.calls == 0)
    }

    @Test func demoNeedsNothing() async throws {
        let outcome = await produce(try config(["--demo"]), nil)
        guard case .report(let report, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .demo && report.feed.cities.count == 50)
    }

    @Test func aCorruptArchiveIsReportedAndSetAside() async throws {
        try Data("garbage".utf8).write(to: cache.appendingPathComponent("WeatherFeed.plist"))
        let outcome = await produce(try config([]), CannedService(.success(cities)))
        guard case .report(let report, let warning?) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .live)
        #expect(warning.contains("moved aside to WeatherFeed.plist.corrupt"))
    }

    /// AccuWeather without a key, as in the browser: the saved feed is shown as offline, and why, even when fresh.
    @Test func withoutAKeyAFreshArchiveIsPrintedAsOfflineAndSaysWhy() async throws {
        try save(age: 60)
        let service = CannedService(.success(cities))
        let outcome = await produce(try config(["--source", "accuweather"], key: nil), service)
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.offline && report.reason == FeedError.noAPIKey.errorDescription)
        #expect(service.calls == 0)
    }

    /// docs/spec.md §6: the browser's order, pinned and own cities first, then the remembered
    /// sort; not the order the feed was saved in.
    @Test func citiesComeInTheBrowsersOrderPinnedFirstThenTheSort() async throws {
        try save(age: 60)  // Tokyo, Moscow, London, as saved
        let config = try config([])
        try config.files.pins.save([PinnedCity(key: "328328", name: "London", latitude: 51.5, longitude: -0.1)])
        guard case .report(let byName, _) = await produce(config, nil) else { Issue.record("nothing"); return }
        #expect(byName.feed.cities.map(\.englishName) == ["London", "Moscow", "Tokyo"])
        #expect(byName.pinned == ["328328"])

        try config.files.settings.save(AppSettings(sortField: .temperature, sortDescending: true))
        guard case .report(let warmest, _) = await produce(config, nil) else { Issue.record("nothing"); return }
        #expect(warmest.feed.cities.map(\.englishName) == ["London", "Tokyo", "Moscow"])
    }

    /// docs/spec.md §5: an own city named as another listed city is named with its region
    /// wherever it is named: in the table and the CSV too (the JSON keeps the fields as sent).
    @Test func anOwnNamesakeIsPrintedWithItsRegion() async throws {
        let texas = PlaceMatch(id: "om:4717560", name: "Paris", region: "Texas", country: "United States", countryCode: "US",
                               latitude: 33.66, longitude: -95.56)
        let paris = FeedPrinterTests.city("623", "Paris", "Paris", country: "France", code: "FR", c: 9, f: 48)
        let own = FeedPrinterTests.city(texas.id, "Paris", "Paris", country: "United States", code: "US", c: 18, f: 64)
        try WeatherFeedArchive(directory: cache).save(WeatherFeed(fetchedAt: now - 60, request: request, cities: cities + [paris, own],
                                                                  placeKeys: [texas.id]))
        let config = try config([])
        try config.files.pins.save([PinnedCity(place: texas)])
        guard case .report(let report, _) = await produce(config, nil) else { Issue.record("nothing"); return }
        let table = FeedPrinter.render(report, format: .table, units: .metric)
        #expect(table.contains("Paris, Texas "), "\(table)")
        let rows = FeedPrinter.render(report, format: .csv, units: .metric).components(separatedBy: "\r\n")
        #expect(rows.contains { $0.hasPrefix("\(texas.id),\"Paris, Texas\",Paris,") }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("623,Paris,Paris,") }, "\(rows)")
    }

    /// The reason a refresh failed is said once, though the browser keeps it twice (its banner
    /// and its messages).
    @Test func aFailedFetchSaysItsReasonOnce() async throws {
        try save(age: 3600)
        let service = CannedService(.failure(.unreachable(host: "dataservice.accuweather.com")))
        guard case .report(_, let warning?) = await produce(try config([]), service) else { Issue.record("no warning"); return }
        #expect(warning.components(separatedBy: "cannot reach").count == 2, "\(warning)")
        #expect(OnceCommand.onceEach(["a: x", "x", "y", "y; z", "a: x"]) == ["a: x", "y; z"])
    }
}
