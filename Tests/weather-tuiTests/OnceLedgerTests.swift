import Foundation
import Testing
import WeatherCore
import WeatherHTTP
import WeatherModels
import WeatherSource
import WeatherStore
@testable import weather_tui

/// A source that answers `cities` and counts each answer through its recorder, as the live clients do.
struct CountingService: WeatherService {
    let cities: [CityWeather]
    let recordCalls: CallRecorder

    func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        recordCalls(1)
        return TopCitiesResponse(cities: cities, rateLimitRemaining: 10)
    }

    func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse { throw .cancelled }
}

/// `--once` counts its calls: the store it runs writes them to `Calls.txt` before `produce`
/// returns, so the process ends with them in the ledger (#42 item 4).
@Suite struct OnceLedgerTests {
    let cache: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("once-ledger-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aRefreshsCallsAreInTheLedgerWhenOnceHasProduced() async throws {
        let config = try LaunchConfiguration.resolve(
            try Options.parse(["--once", "--cache-dir", cache.path, "--config-dir", cache.path, "--api-key", "test-key"]),
            environment: ["HOME": "/nonexistent"])
        let archive = WeatherFeedArchive(directory: cache)
        try archive.save(WeatherFeed(fetchedAt: now - 3600, request: FeedRequest(count: 50, language: "en-us"), cities: FeedPrinterTests.feed.cities))
        let service = CountingService(cities: FeedPrinterTests.feed.cities, recordCalls: config.recordCalls(of: config.provider))
        let now = self.now
        let environment = AppEnvironment.live(loader: FeedLoader(service: service, archive: archive, now: { now }), files: config.files, now: { now })
            .countingCalls(with: config.calls, now: { now })
        let outcome = await OnceCommand.produce(config.onceConfig, environment: environment)
        guard case .report(let report, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .live)
        #expect(config.calls.ledger.read(now: now).counts.calls == [config.provider.rawValue: 1])
    }
}
