import WeatherSource
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import PlistArchive
import WeatherStore
import WeatherModels

/// The offline promise in one place: restore the saved feed, decide whether it is stale, and
/// fetch a new one that is archived only when the fetch succeeded. Used by the browser and `--once`.
public struct FeedLoader: Sendable {
    public var service: (any WeatherService)?
    public var archive: WeatherFeedArchive
    public var now: @Sendable () -> Date

    public init(service: (any WeatherService)?, archive: WeatherFeedArchive, now: @escaping @Sendable () -> Date = { Date() }) {
        self.service = service
        self.archive = archive
        self.now = now
    }

    /// The saved feed; a corrupt file has been moved aside by the archive when this fails with `.corrupt`.
    public func restore() -> Result<WeatherFeed, ArchiveError> {
        restore(WeatherFeed.self)
    }

    /// The saved feed read as `View` (`WeatherFeedSummary` decodes only what `--once` prints).
    public func restore<View: WeatherFeedView>(_ view: View.Type) -> Result<View, ArchiveError> {
        do { return .success(try archive.load(view)) } catch { return .failure(error) }
    }

    /// One refresh of the top cities and the `own` places; on success the feed is sorted (English
    /// name first, as the original app did). It is not archived here: the answer goes to the
    /// screen first, and the reducer asks for `save` (a failed fetch is never saved).
    public func refresh(_ request: FeedRequest, own: [PinnedCity] = []) async -> Result<FeedPayload, FeedError> {
        guard let service else { return .failure(.noAPIKey) }
        var response: TopCitiesResponse
        do throws(ServiceError) {
            response = try await service.topCities(count: request.count, language: request.language, own: own)
        } catch {
            return .failure(.network(error))
        }
        var ownProblem: String?
        if let unrefreshed = response.unrefreshed {
            // The saved feed is read on a thread of its own: the pool has a thread a core, and a
            // slow disk there would keep other answers from the screen.
            let archive = self.archive
            let saved = await DedicatedThread.run { try? archive.load(WeatherFeed.self) }
            let kept = FeedLoader.keepSaved(unrefreshed, from: saved, in: &response, order: own)
            ownProblem = FeedLoader.describe(unrefreshed, kept: kept, listed: response.cities + response.ownCities,
                                             in: Language.resolve(request.language).language)
        }
        let feed = FeedLoader.feed(response, request: request, fetchedAt: now())
        let forecasts = response.forecasts.mapValues {
            StoredForecast(fetchedAt: feed.fetchedAt, forecast: $0.forecast, hourly: $0.hourly)
        }
        return .success(FeedPayload(feed: feed, rateLimitRemaining: response.rateLimitRemaining,
                                    forecasts: forecasts, ownProblem: ownProblem))
    }

    /// The `own` places alone (a `--city` run's that are not fresh), dated now, to join the saved
    /// feed; places whose call failed while others came are named in `ownProblem`.
    public func refreshPlaces(_ own: [PinnedCity], language: String) async -> Result<PlacesPayload, FeedError> {
        guard let service else { return .failure(.noAPIKey) }
        let response: TopCitiesResponse
        do throws(ServiceError) {
            response = try await service.conditionsOfPlaces(own, language: language)
        } catch {
            return .failure(.network(error))
        }
        return .success(PlacesPayload(cities: response.ownCities, fetchedAt: now(), language: language,
                                      rateLimitRemaining: response.rateLimitRemaining,
                                      ownProblem: response.unrefreshed.map { FeedLoader.describe($0, kept: [], in: Language.resolve(language).language) }))
    }

    /// Archives a refreshed feed (what `refresh` brought), replacing the saved one.
    public func save(_ feed: WeatherFeed) throws(ArchiveError) {
        try archive.save(feed)
    }

    /// Own cities a refresh could not bring keep the weather the saved feed holds for them (with
    /// its own observation time), rather than dropping out of the list; returns those kept.
    /// The own cities stay in the order asked.
    private static func keepSaved(_ unrefreshed: UnrefreshedCities, from saved: WeatherFeed?, in response: inout TopCitiesResponse,
                                  order own: [PinnedCity]) -> [PinnedCity] {
        guard let saved else { return [] }
        let savedByKey = Dictionary(saved.cities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let kept = unrefreshed.cities.filter { savedByKey[$0.key] != nil }
        guard !kept.isEmpty else { return [] }
        var byKey = Dictionary(response.ownCities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for city in kept { byKey[city.key] = savedByKey[city.key] }
        response.ownCities = own.compactMap { byKey.removeValue(forKey: $0.key) }
        return kept
    }

    /// What the user reads when own cities were not refreshed: which, why, and whether their
    /// earlier weather is still shown. A city another of `listed` or of the unrefreshed shares a
    /// name with is named with its region, as the list names it (`State.displayName(of:)`). Said in
    /// `language`; the server's own words in the reason stay as it sent them.
    static func describe(_ unrefreshed: UnrefreshedCities, kept: [PinnedCity], listed: [CityWeather] = [],
                         in language: Language = .english) -> String {
        var keysByName: [String: Set<String>] = [:]
        for city in listed {
            keysByName[city.localizedName, default: []].insert(city.key)
            keysByName[city.englishName, default: []].insert(city.key)
        }
        for city in unrefreshed.cities { keysByName[city.name, default: []].insert(city.key) }
        func named(_ city: PinnedCity) -> String {
            guard keysByName[city.name, default: []].contains(where: { $0 != city.key }) else { return city.name }
            return State.whereabouts(of: city.name, place: city.place)
        }
        // Names with a comma of their own (`Paris, Texas`) are told apart by semicolons.
        func list(_ cities: [PinnedCity]) -> String {
            let names = cities.map(named)
            return names.joined(separator: names.contains { $0.contains(",") } ? "; " : ", ")
        }
        let count = unrefreshed.cities.count
        var text = language.text("own.notRefreshed", ("names", list(unrefreshed.cities)), ("why", FeedError.network(unrefreshed.error).description(in: language)))
        if kept.count == count {
            text += "; " + language.counted("own.earlierShown", count)
        } else if !kept.isEmpty {
            text += "; " + language.text("own.earlierShownFor", ("names", list(kept)))
        }
        return text
    }

    /// Places named `text` from the source (no key: `.noAPIKey`), the browser's and `--city`'s
    /// alike. A place off the Earth (a server's 1e300 or NaN) is left out: no request could use it.
    public func searchPlaces(_ text: String, language: String) async -> Result<[PlaceMatch], FeedError> {
        guard let service else { return .failure(.noAPIKey) }
        do throws(ServiceError) {
            return .success(try await service.searchPlaces(text, language: language).filter(\.isOnEarth))
        } catch {
            return .failure(.network(error))
        }
    }

    /// The feed of a response: its top cities and, once each, the places they do not already hold.
    static func feed(_ response: TopCitiesResponse, request: FeedRequest, fetchedAt: Date) -> WeatherFeed {
        var keys = Set(response.cities.map(\.key))
        let places = response.ownCities.filter { keys.insert($0.key).inserted }
        return WeatherFeed(fetchedAt: fetchedAt, request: request, cities: sortedByEnglishName(response.cities + places, fetchedAt: fetchedAt),
                           placeKeys: places.isEmpty ? nil : places.map(\.key))
    }

    static func sortedByEnglishName(_ cities: [CityWeather], fetchedAt: Date) -> [CityWeather] {
        cities.sorted { State.ordered($0, $1, by: .name, descending: false, now: fetchedAt) }
    }
}
