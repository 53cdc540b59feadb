import WeatherSource
import Foundation
import WeatherHTTP
import PlistArchive
import Testing
import WeatherStore
import WeatherModels
@testable import WeatherCore

/// The loader the browser and `--once` share, against a fake AccuWeather and a real archive folder.
@Suite struct FeedLoaderTests {
    let cache = Make.tempDirectory()
    let request = FeedRequest(count: 50, language: "en-us")
    var archive: WeatherFeedArchive { WeatherFeedArchive(directory: cache) }

    func loader(_ service: FakeWeatherService?, now: Date = Make.t0) -> FeedLoader {
        FeedLoader(service: service, archive: archive, now: { now })
    }

    @Test func restoringWithoutAnArchiveSaysMissing() {
        #expect(loader(FakeWeatherService()).restore() == .failure(.missing))
    }

    @Test func aSuccessfulFetchIsSortedByEnglishNameArchivedAndCarriesTheRateLimit() async throws {
        let service = FakeWeatherService()
        let result = await loader(service).refresh(request)
        guard case .success(let payload) = result else { Issue.record("\(result)"); return }
        #expect(payload.feed.cities.map(\.englishName) == ["Athens", "Berlin", "Cairo", "Moscow", "Tokyo"])
        #expect(payload.feed.fetchedAt == Make.t0 && payload.feed.request == request)
        #expect(payload.rateLimitRemaining == 42 && payload.saveProblem == nil)
        #expect(try archive.load() == payload.feed)
        #expect(loader(service).restore() == .success(payload.feed))
        #expect(await service.topCitiesCalls == 1)
    }

    @Test(arguments: [
        ServiceError.unreachable(host: "dataservice.accuweather.com"),
        .timedOut(host: "dataservice.accuweather.com", seconds: 15),
        .unauthorized(status: 401),
        .quotaExceeded,
        .unexpectedResponse(host: "dataservice.accuweather.com", detail: "not JSON"),
    ])
    func aFailedFetchLeavesTheArchiveByteIdentical(error: ServiceError) async throws {
        try archive.save(Make.feed(at: Make.t0 - 7200))
        let before = try Data(contentsOf: archive.url)
        let result = await loader(FakeWeatherService(.failure(error))).refresh(request)
        #expect(result == .failure(.network(error)))
        #expect(try Data(contentsOf: archive.url) == before)
    }

    @Test func withoutAServiceNothingIsFetchedOrWritten() async {
        let result = await loader(nil).refresh(request)
        #expect(result == .failure(.noAPIKey))
        #expect(!FileManager.default.fileExists(atPath: archive.url.path))
    }

    @Test func stalenessIsAgeBeyondRefreshAfterOrAnotherRequest() {
        let feed = Make.feed(at: Make.t0)
        #expect(!FeedPolicy.isStale(feed, request: request, refreshAfter: 1800, now: Make.t0 + 1800))
        #expect(FeedPolicy.isStale(feed, request: request, refreshAfter: 1800, now: Make.t0 + 1801))
        #expect(FeedPolicy.isStale(feed, request: FeedRequest(count: 100, language: "en-us"), refreshAfter: 1800, now: Make.t0))
        #expect(FeedPolicy.isStale(feed, request: FeedRequest(count: 50, language: "ja-jp"), refreshAfter: 1800, now: Make.t0))
    }

    /// docs/spec.md §4's table, as the banner and `--once` word it.
    @Test func failuresAreWordedForPeople() {
        let words: [(FeedError, String)] = [
            (.network(.unreachable(host: "dataservice.accuweather.com")), "offline: cannot reach dataservice.accuweather.com"),
            (.network(.timedOut(host: "dataservice.accuweather.com", seconds: 15)), "offline: dataservice.accuweather.com did not answer within 15 s"),
            (.network(.unauthorized(status: 403)), "API key rejected (403): check ACCUWEATHER_API_KEY"),
            (.network(.quotaExceeded), "daily request limit reached"),
            (.offlineMode, "offline mode (--offline)"),
        ]
        for (error, text) in words { #expect(error.errorDescription == text) }
        #expect(FeedError.noAPIKey.errorDescription?.contains("ACCUWEATHER_API_KEY") == true)
        #expect(FeedError.noAPIKey.errorDescription?.contains("--demo") == true)
    }
}
