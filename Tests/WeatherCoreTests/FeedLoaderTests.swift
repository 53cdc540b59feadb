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

    /// The refresh hands the feed on unsaved (the screen first, the disk after: the reducer asks
    /// for `save`), and `save` is what archives it.
    @Test func aSuccessfulFetchIsSortedByEnglishNameCarriesTheRateLimitAndIsArchivedBySave() async throws {
        let service = FakeWeatherService()
        let result = await loader(service).refresh(request)
        guard case .success(let payload) = result else { Issue.record("\(result)"); return }
        #expect(payload.feed.cities.map(\.englishName) == ["Athens", "Berlin", "Cairo", "Moscow", "Tokyo"])
        #expect(payload.feed.fetchedAt == Make.t0 && payload.feed.request == request)
        #expect(payload.rateLimitRemaining == 42)
        #expect(loader(service).restore() == .failure(.missing))
        try loader(service).save(payload.feed)
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
        // Saved ahead of the clock: within a minute it is just saved, further it has no known age.
        #expect(!FeedPolicy.isStale(feed, request: request, refreshAfter: 1800, now: Make.t0 - 60))
        #expect(FeedPolicy.isStale(feed, request: request, refreshAfter: 1800, now: Make.t0 - 61))
        #expect(FeedPolicy.age(of: Make.t0, now: Make.t0 - 30) == 0 && FeedPolicy.age(of: Make.t0, now: Make.t0 + 90) == 90)
        #expect(FeedPolicy.age(of: Make.t0, now: Make.t0 - 3600) == nil && FeedPolicy.age(of: Date(timeIntervalSince1970: .nan), now: Make.t0) == nil)
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

    // MARK: own cities a refresh could not bring

    static let oslo = PinnedCity(key: "p1", name: "Oslo", latitude: 59.9, longitude: 10.7)
    static let lima = PinnedCity(key: "p2", name: "Lima", latitude: -12, longitude: -77)
    static let nuuk = PinnedCity(key: "p3", name: "Nuuk", latitude: 64.2, longitude: -51.7)

    /// A source whose place search answers `places`.
    struct PlacesService: WeatherService {
        var places: [PlaceMatch]
        func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse { throw .cancelled }
        func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse { throw .cancelled }
        func searchPlaces(_ text: String, language: String) async throws(ServiceError) -> [PlaceMatch] { places }
    }

    @Test func placesOffTheEarthAreNotOffered() async throws {
        // A server's 1e300 or NaN would reach every refresh's request once added (the browser's
        // search and --city both ask here).
        let good = PlaceMatch(id: "om:1", name: "Reykjavik", latitude: 64.1355, longitude: -21.8954)
        let broken = [PlaceMatch(id: "om:2", name: "Reykjavik", latitude: 1e300, longitude: 0),
                      PlaceMatch(id: "om:3", name: "Reykjavik", latitude: 64, longitude: .nan),
                      PlaceMatch(id: "om:4", name: "Reykjavik", latitude: -90.5, longitude: 10),
                      PlaceMatch(id: "om:5", name: "Reykjavik", latitude: 10, longitude: -180.01)]
        let found = await loader(nil).with(PlacesService(places: broken + [good])).searchPlaces("Reykjavik", language: "en")
        #expect(found == .success([good]))
        let none = await loader(nil).with(PlacesService(places: broken)).searchPlaces("Reykjavik", language: "en")
        #expect(none == .success([]))
    }

    /// A source whose refresh brings the top cities and `fresh`, and names `failed` as unrefreshed.
    struct PartialService: WeatherService {
        var fresh: [CityWeather]
        var failed: [PinnedCity]
        func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
            TopCitiesResponse(cities: Make.cities, rateLimitRemaining: 0)
        }
        func topCities(count: Int, language: String, own: [PinnedCity]) async throws(ServiceError) -> TopCitiesResponse {
            var response = try await topCities(count: count, language: language)
            response.ownCities = fresh
            response.unrefreshed = UnrefreshedCities(cities: failed, error: .quotaExceeded)
            return response
        }
        func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse { throw .cancelled }
    }

    /// The refresh stands; an own city whose call failed keeps the saved feed's weather for it
    /// (its old observation and all), in the order the own cities were asked; the user is told.
    @Test func anUnrefreshedOwnCityKeepsItsSavedWeather() async throws {
        var savedOslo = Make.city("p1", "Oslo", celsius: -4)
        savedOslo.epochTime = Int(Make.t0.timeIntervalSince1970) - 3 * 3600
        try archive.save(WeatherFeed(fetchedAt: Make.t0 - 3 * 3600, request: request, cities: Make.cities + [savedOslo], placeKeys: ["p1"]))
        let lima = Make.city("p2", "Lima", celsius: 19)
        let service = PartialService(fresh: [lima], failed: [Self.oslo])
        let result = await loader(nil).with(service).refresh(request, own: [Self.oslo, Self.lima])
        guard case .success(let payload) = result else { Issue.record("\(result)"); return }
        #expect(payload.feed.fetchedAt == Make.t0)
        #expect(payload.feed.placeKeys == ["p1", "p2"])
        #expect(payload.feed.cities.first { $0.key == "p1" } == savedOslo)
        #expect(payload.feed.cities.first { $0.key == "p2" } == lima)
        #expect(payload.ownProblem == "Oslo not refreshed: daily request limit reached; its earlier weather is shown")
    }

    /// With nothing saved for it, the city is left out and the words say only why.
    @Test func anUnrefreshedOwnCityWithNothingSavedIsLeftOut() async throws {
        var savedOslo = Make.city("p1", "Oslo", celsius: -4)
        savedOslo.epochTime = Int(Make.t0.timeIntervalSince1970) - 3 * 3600
        let service = PartialService(fresh: [], failed: [Self.oslo, Self.nuuk])
        guard case .success(let none) = await loader(nil).with(service).refresh(request, own: [Self.oslo, Self.nuuk]) else {
            Issue.record("the refresh failed"); return
        }
        #expect(none.feed.placeKeys == nil && none.feed.cities.count == Make.cities.count)
        #expect(none.ownProblem == "Oslo, Nuuk not refreshed: daily request limit reached")

        try archive.save(WeatherFeed(fetchedAt: Make.t0 - 3600, request: request, cities: Make.cities + [savedOslo], placeKeys: ["p1"]))
        guard case .success(let some) = await loader(nil).with(service).refresh(request, own: [Self.oslo, Self.nuuk]) else {
            Issue.record("the refresh failed"); return
        }
        #expect(some.feed.placeKeys == ["p1"])
        #expect(some.ownProblem == "Oslo, Nuuk not refreshed: daily request limit reached; earlier weather shown for Oslo")
    }

    /// A source whose refresh brings the top cities with a Paris, and names `failed` as unrefreshed.
    struct ParisService: WeatherService {
        var failed: [PinnedCity]
        func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
            TopCitiesResponse(cities: Make.cities + [Make.city("623", "Paris", country: "France", code: "FR")], rateLimitRemaining: 0)
        }
        func topCities(count: Int, language: String, own: [PinnedCity]) async throws(ServiceError) -> TopCitiesResponse {
            var response = try await topCities(count: count, language: language)
            response.unrefreshed = UnrefreshedCities(cities: failed, error: .quotaExceeded)
            return response
        }
        func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse { throw .cancelled }
    }

    /// docs/spec.md §5: an own city named as a listed city is named with its region in the
    /// messages too; one no listed city shares a name with, alone.
    @Test func anUnrefreshedNamesakeIsNamedWithItsRegion() async throws {
        let texas = PinnedCity(place: PlaceMatch(id: "om:4717560", name: "Paris", region: "Texas", country: "United States",
                                                 countryCode: "US", latitude: 33.66, longitude: -95.56))
        let service = ParisService(failed: [texas, Self.nuuk])
        guard case .success(let payload) = await loader(nil).with(service).refresh(request, own: [texas, Self.nuuk]) else {
            Issue.record("the refresh failed"); return
        }
        // A name with a comma in it: the names are told apart by semicolons.
        #expect(payload.ownProblem == "Paris, Texas; Nuuk not refreshed: daily request limit reached")
    }

    /// The detail dates an observation well older than its feed, and only such a one.
    @Test func anObservationIsDatedWhenItIsWellBeforeItsFeed() {
        var city = Make.city("p1", "Oslo")
        let feed = Make.feed(at: Make.t0)
        city.epochTime = Int(Make.t0.timeIntervalSince1970 - FeedPolicy.observationDatedAfter)
        #expect(FeedPolicy.outdatedObservation(of: city, in: feed) == nil)
        city.epochTime! -= 1
        #expect(FeedPolicy.outdatedObservation(of: city, in: feed) == Date(timeIntervalSince1970: TimeInterval(city.epochTime!)))
        city.epochTime = nil
        #expect(FeedPolicy.outdatedObservation(of: city, in: feed) == nil)
    }
}

private extension FeedLoader {
    func with(_ service: some WeatherService) -> FeedLoader {
        var copy = self
        copy.service = service
        return copy
    }
}
