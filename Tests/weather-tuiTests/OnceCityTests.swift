import Foundation
import PlistArchive
import Testing
import WeatherCore
import WeatherHTTP
import WeatherModels
import WeatherSource
import WeatherStore
@testable import weather_tui

/// A source with a place search and own cities: counts searches and refreshes, answers each own
/// city with made-up weather under its key.
final class PlaceService: WeatherService, @unchecked Sendable {
    let places: [PlaceMatch]
    private let lock = NSLock()
    private var counts = (searches: 0, refreshes: 0)
    private var alone: [[String]] = []
    var searches: Int { lock.withLock { counts.searches } }
    var refreshes: Int { lock.withLock { counts.refreshes } }
    /// The keys of each fetch of places alone, in order.
    var placesAlone: [[String]] { lock.withLock { alone } }

    init(_ places: [PlaceMatch]) { self.places = places }

    func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        try await topCities(count: count, language: language, own: [])
    }

    func topCities(count: Int, language: String, own: [PinnedCity]) async throws(ServiceError) -> TopCitiesResponse {
        lock.withLock { counts.refreshes += 1 }
        return TopCitiesResponse(cities: FeedPrinterTests.feed.cities, rateLimitRemaining: 9, ownCities: Self.weather(of: own))
    }

    func conditionsOfPlaces(_ own: [PinnedCity], language: String) async throws(ServiceError) -> TopCitiesResponse {
        lock.withLock { alone.append(own.map(\.key)) }
        return TopCitiesResponse(cities: [], rateLimitRemaining: 9, ownCities: Self.weather(of: own))
    }

    static func weather(of own: [PinnedCity]) -> [CityWeather] {
        own.map { city in
            CityWeather(key: city.key, localizedName: city.name, englishName: city.name,
                        country: Country(id: city.place?.countryCode ?? "", localizedName: "", englishName: ""),
                        weatherText: "Snow", isDayTime: false,
                        temperature: MetricImperial(metric: UnitValue(value: -3, unit: "C"), imperial: UnitValue(value: 27, unit: "F")))
        }
    }

    func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse { throw .cancelled }

    func searchPlaces(_ text: String, language: String) async throws(ServiceError) -> [PlaceMatch] {
        lock.withLock { counts.searches += 1 }
        return places.filter { $0.name.compare(text, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
    }
}

/// `--once --city NAME` (docs/spec.md §2, §6): resolved once, remembered, printed alone, thrifty.
@Suite struct OnceCityTests {
    let cache: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("once-city-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let request = FeedRequest(count: 50, language: "en-us")
    static let reykjavik = PlaceMatch(id: "om:3413829", name: "Reykjavík", country: "Iceland", countryCode: "IS", latitude: 64.1, longitude: -21.9)
    static let parisFR = PlaceMatch(id: "om:2988507", name: "Paris", region: "Île-de-France", country: "France", countryCode: "FR",
                                    latitude: 48.85, longitude: 2.35)
    static let parisUS = PlaceMatch(id: "om:4717560", name: "Paris", region: "Texas", country: "United States", countryCode: "US",
                                    latitude: 33.66, longitude: -95.56)
    let service = PlaceService([OnceCityTests.reykjavik, OnceCityTests.parisFR, OnceCityTests.parisUS])

    func config(_ cities: [String], extra: [String] = []) throws -> LaunchConfiguration {
        var args = ["--once", "--source", "open-meteo", "--cache-dir", cache.path, "--config-dir", cache.path] + extra
        for city in cities { args += ["--city", city] }
        return try LaunchConfiguration.resolve(try Options.parse(args), environment: ["HOME": "/nonexistent"])
    }

    func resolver(_ config: LaunchConfiguration) -> PlaceResolver {
        let service = self.service
        return PlaceResolver(search: { text in
            do throws(ServiceError) { return .success(try await service.searchPlaces(text, language: "en")) } catch { return .failure(.network(error)) }
        }, store: config.files.places, source: config.provider.rawValue)
    }

    func run(_ names: [String], at time: Date? = nil) async throws -> (OnceCommand.Outcome, PlaceResolver.Resolution) {
        let config = try config(names)
        let resolution = await resolver(config).resolve(names)
        return (await produce(config, places: resolution.places, at: time ?? now), resolution)
    }

    /// `--once` as `config` runs it against `service` at `time`, with `places` resolved from its `--city` names.
    func produce(_ config: LaunchConfiguration, places: [PlaceMatch] = [], at time: Date? = nil) async -> OnceCommand.Outcome {
        let now = time ?? self.now
        let loader = FeedLoader(service: service, archive: config.files.feed, now: { now })
        return await OnceCommand.produce(config.onceConfig, environment: .live(loader: loader, files: config.files, now: { now }),
                                         places: places)
    }

    @Test func aCityIsSearchedOnceFetchedAloneAndPrintedAlone() async throws {
        let (first, resolution) = try await run(["Reykjavik"])
        #expect(resolution.places == [Self.reykjavik] && resolution.notes.isEmpty)
        guard case .report(let report, nil) = first else { Issue.record("\(first)"); return }
        #expect(report.feed.cities.map(\.key) == ["om:3413829"])
        #expect(report.source == .live)
        #expect(service.searches == 1 && service.placesAlone == [["om:3413829"]], "the place alone: no top city is asked for")
        #expect(service.refreshes == 0)

        // Within --refresh-after: the name comes from Places.plist and the weather from the archive.
        let (second, _) = try await run(["reykjavik "])
        guard case .report(let again, nil) = second else { Issue.record("\(second)"); return }
        #expect(again.source == .archive && again.feed.cities.map(\.englishName) == ["Reykjavík"])
        #expect(service.searches == 1 && service.placesAlone.count == 1 && service.refreshes == 0)
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("Places.plist").path))
    }

    /// Two status bars alternating `--city Reykjavik` and `--city Paris` (#41 item 2): each place
    /// is fetched alone once, then costs nothing while fresh, and again alone once it is not.
    @Test func alternatingPlacesCostOneCallAPlaceAndNothingWhileFresh() async throws {
        for minute in 0..<10 {
            let at = now.addingTimeInterval(Double(minute) * 60)
            _ = try await run(["Reykjavik"], at: at)
            _ = try await run(["Paris, FR"], at: at)
        }
        #expect(service.placesAlone == [["om:3413829"], ["om:2988507"]])
        #expect(service.refreshes == 0, "no top city was ever asked for")
        // Past --refresh-after (30 minutes), the place alone again.
        let (late, _) = try await run(["Reykjavik"], at: now.addingTimeInterval(31 * 60))
        guard case .report(let report, _) = late else { Issue.record("\(late)"); return }
        #expect(service.placesAlone.last == ["om:3413829"] && service.placesAlone.count == 3)
        #expect(report.feed.fetchedAt == now.addingTimeInterval(31 * 60), "the time printed is the place's own")
        #expect(report.source == .live)
    }

    @Test func aPlainOnceAfterACityListsTheTopCitiesAndOwnCities() async throws {
        _ = try await run(["Reykjavik"])
        let config = try config([])
        // The archive holds the place alone: the top cities are fetched once.
        let plain = await produce(config)
        guard case .report(let report, nil) = plain else { Issue.record("\(plain)"); return }
        #expect(report.source == .live && Set(report.feed.cities.map(\.key)) == Set(FeedPrinterTests.feed.cities.map(\.key)))
        #expect(service.refreshes == 1)
        try config.files.pins.save([PinnedCity(place: Self.reykjavik)])
        let own = await produce(config)
        guard case .report(let withOwn, nil) = own else { Issue.record("\(own)"); return }
        #expect(withOwn.feed.cities.contains { $0.key == "om:3413829" })
        #expect(service.refreshes == 2, "an own city the feed lacks makes it stale")
    }

    @Test func aPlaceTheArchiveLacksIsFetchedAloneAndTheOthersComeFromTheArchive() async throws {
        _ = try await run(["Reykjavik"])
        let (outcome, _) = try await run(["Paris, FR", "Reykjavik"])
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.feed.cities.map(\.key) == ["om:2988507", "om:3413829"])
        #expect(service.placesAlone == [["om:3413829"], ["om:2988507"]] && service.refreshes == 0)
    }

    @Test func anAmbiguousNameTakesTheBestAndSaysWhichAndACountryCodeNarrows() async throws {
        let (_, ambiguous) = try await run(["Paris"])
        #expect(ambiguous.places == [Self.parisFR])
        #expect(ambiguous.notes == ["\"Paris\" is Paris, Île-de-France, France (FR), the best of 2 places; name the country to choose another, e.g. \"Paris, US\""])
        let (outcome, narrowed) = try await run(["Paris, us"])
        #expect(narrowed.places == [Self.parisUS] && narrowed.notes.isEmpty)
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.feed.cities.map(\.key) == ["om:4717560"])
    }

    @Test func aNameWithNoMatchFailsAndAddsNothing() async throws {
        let config = try config(["Nowhereville"])
        let resolution = await resolver(config).resolve(["Nowhereville"])
        #expect(resolution.failures == ["no place called \"Nowhereville\""] && resolution.places.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: config.files.places.url.path))
    }

    /// `--city Reykjavik --city Atlantis`: Reykjavík is still found (and printed), Atlantis named.
    @Test func aNameWithNoMatchIsNamedAndTheOthersStillResolve() async throws {
        let (outcome, resolution) = try await run(["Reykjavik", "Atlantis"])
        #expect(resolution.places == [Self.reykjavik])
        #expect(resolution.failures == ["no place called \"Atlantis\""])
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.feed.cities.map(\.key) == [Self.reykjavik.id])
    }

    /// Another run's `--city`, remembered while this one searched, stays in Places.plist.
    @Test func aPlaceAnotherRunRememberedMeanwhileIsKept() async throws {
        let config = try config(["Reykjavik"])
        let store = config.files.places, service = self.service
        let otherKey = StoredPlaces.key(source: config.provider.rawValue, name: "Paris, US")
        let resolver = PlaceResolver(search: { text in
            // Another copy of the program saves its name while this one waits for its search.
            _ = try? store.update(empty: StoredPlaces()) { $0.byName[otherKey] = OnceCityTests.parisUS }
            do throws(ServiceError) { return .success(try await service.searchPlaces(text, language: "en")) } catch { return .failure(.network(error)) }
        }, store: store, source: config.provider.rawValue)
        let resolution = await resolver.resolve(["Reykjavik"])
        #expect(resolution.places == [Self.reykjavik])
        let saved = try store.load().byName
        #expect(saved[otherKey] == Self.parisUS)
        #expect(saved[StoredPlaces.key(source: config.provider.rawValue, name: "Reykjavik")] == Self.reykjavik)
    }

    @Test func aFailedSearchSaysWhy() async throws {
        let config = try config(["Reykjavik"])
        let failing = PlaceResolver(search: { _ in .failure(.network(.unauthorized(status: 401))) }, store: config.files.places,
                                    source: "accuweather")
        let resolution = await failing.resolve(["Reykjavik"])
        #expect(resolution.failures == ["cannot look up \"Reykjavik\": API key rejected (401): check ACCUWEATHER_API_KEY"])
    }

    @Test func aRememberedPlaceOffTheEarthIsSearchedForAgain() async throws {
        // A damaged Places.plist whose coordinates no request could use: found again, and kept.
        let config = try config(["Reykjavik"])
        var lost = Self.reykjavik
        lost.latitude = 1e300
        try config.files.places.save(StoredPlaces(byName: [StoredPlaces.key(source: config.provider.rawValue, name: "Reykjavik"): lost]))
        let resolution = await resolver(config).resolve(["Reykjavik"])
        #expect(resolution.places == [Self.reykjavik])
        #expect(service.searches == 1)
        #expect(try config.files.places.load().byName.values.map(\.latitude) == [Self.reykjavik.latitude])
    }

    @Test func aDamagedPlacesFileIsMovedAsideAndTheNameSearchedAgain() async throws {
        let config = try config(["Reykjavik"])
        try Data("garbage".utf8).write(to: config.files.places.url)
        let resolution = await resolver(config).resolve(["Reykjavik"])
        #expect(resolution.places == [Self.reykjavik])
        #expect(resolution.notes.count == 1 && resolution.notes[0].contains("moved aside to Places.plist.corrupt"))
        #expect(try config.files.places.load().byName.count == 1)
    }

    @Test func theDemoFindsItsBundledPlacesWithoutFiles() async throws {
        let config = try LaunchConfiguration.resolve(try Options.parse(["--once", "--demo", "--city", "reykjavik"]),
                                                     environment: ["HOME": "/nonexistent"])
        let resolution = await config.placeResolver(language: "en-us").resolve(config.cities)
        #expect(resolution.places.map(\.name) == ["Reykjavík"])
        let outcome = await OnceCommand.produce(config.onceConfig, environment: .demo(now: { [now] in now }), places: resolution.places)
        guard case .report(let report, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.feed.cities.map(\.englishName) == ["Reykjavík"] && report.source == .demo)
    }

    @Test func cityIsForOnceAndNeedsAName() {
        #expect(throws: (any Error).self) { try Options.parse(["--city", "Oslo"]) }
        #expect(throws: (any Error).self) { try Options.parse(["--once", "--city", " "]) }
        #expect(PlaceResolver.query("Paris, US") == ("Paris", "US"))
        #expect(PlaceResolver.query("Washington, D.C.") == ("Washington, D.C.", nil))
    }
}

/// A `--city` run reads the saved feed's summary, which holds no city's coordinates or zone: the
/// feed it saves with its place joined keeps every other city whole, as the browser needs it.
@Suite struct OnceCityKeepsTheSavedFeedWholeTests {
    @Test func theCitiesARunDidNotFetchAreSavedWhole() async throws {
        let test = OnceCityTests()
        let config = try test.config(["Reykjavik"])
        var whole = FeedPrinterTests.feed
        whole.fetchedAt = test.now
        for index in whole.cities.indices {
            whole.cities[index].geoPosition = GeoPosition(latitude: Double(index) + 10, longitude: 20)
            whole.cities[index].timeZone = CityTimeZone(code: "JST", name: "Asia/Tokyo", gmtOffset: 9)
        }
        try config.files.feed.save(whole)
        let resolution = await test.resolver(config).resolve(["Reykjavik"])
        guard case .report = await test.produce(config, places: resolution.places) else { Issue.record("no report"); return }
        #expect(test.service.placesAlone == [["om:3413829"]])
        let saved = try config.files.feed.load()
        #expect(saved.cities.contains { $0.key == "om:3413829" }, "the place joined the feed")
        for city in whole.cities {
            #expect(saved.cities.first { $0.key == city.key } == city, "\(city.englishName) is saved as it was")
        }
    }

    /// A place an earlier `--city` run fetched alone keeps its own time through the summary, so
    /// the next run's save knows it did not fetch it, and keeps it whole.
    @Test func aPlaceAnEarlierRunFetchedAloneIsKeptWholeWithItsTime() async throws {
        let test = OnceCityTests()
        let config = try test.config(["Paris, FR"])
        var reykjavik = PlaceService.weather(of: [PinnedCity(place: OnceCityTests.reykjavik)])[0]
        reykjavik.geoPosition = GeoPosition(latitude: 64.1, longitude: -21.9)
        reykjavik.timeZone = CityTimeZone(code: "GMT", name: "Atlantic/Reykjavik", gmtOffset: 0)
        let alone = test.now.addingTimeInterval(-90.25)
        var whole = FeedPrinterTests.feed
        whole.fetchedAt = test.now.addingTimeInterval(-600)
        whole.cities.append(reykjavik)
        whole.placeKeys = [reykjavik.key]
        whole.fetchedAloneKeys = [reykjavik.key]
        whole.fetchedAloneAt = [alone]
        try config.files.feed.save(whole)
        let resolution = await test.resolver(config).resolve(["Paris, FR"])
        guard case .report = await test.produce(config, places: resolution.places) else { Issue.record("no report"); return }
        let saved = try config.files.feed.load()
        #expect(saved.cities.first { $0.key == reykjavik.key } == reykjavik)
        #expect(saved.fetchedAt(ofCity: reykjavik.key) == alone)
        #expect(saved.fetchedAt(ofCity: OnceCityTests.parisFR.id) == test.now)
    }

    @Test func aCityFetchedAgainIsTheNewOneAndAnotherLanguageIsLeftAlone() {
        let old = FeedPrinterTests.feed
        var new = old
        new.cities[0].temperature = MetricImperial(metric: UnitValue(value: 1, unit: "C"), imperial: UnitValue(value: 34, unit: "F"))
        new.cities[1].geoPosition = nil
        new.fetchedAloneKeys = [new.cities[0].key]
        new.fetchedAloneAt = [old.fetchedAt.addingTimeInterval(60)]
        var saved = old
        saved.cities[1].geoPosition = GeoPosition(latitude: 55.75, longitude: 37.62)
        let kept = OnceCommand.keepingWhole(new, from: saved)
        #expect(kept.cities[0] == new.cities[0], "fetched by this run: its own")
        #expect(kept.cities[1] == saved.cities[1], "not fetched: the saved one whole")
        #expect(kept.fetchedAloneKeys == new.fetchedAloneKeys)
        var other = saved
        other.request = FeedRequest(count: 50, language: "ja-jp")
        #expect(OnceCommand.keepingWhole(new, from: other) == new)
    }
}
