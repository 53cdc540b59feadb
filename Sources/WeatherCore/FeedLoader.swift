import WeatherSource
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    /// name first, as the original app did) and archived (a failed save is reported in the
    /// payload, the data is still returned). A failed fetch never touches the archive.
    public func refresh(_ request: FeedRequest, own: [PinnedCity] = []) async -> Result<FeedPayload, FeedError> {
        guard let service else { return .failure(.noAPIKey) }
        let response: TopCitiesResponse
        do throws(ServiceError) {
            response = try await service.topCities(count: request.count, language: request.language, own: own)
        } catch {
            return .failure(.network(error))
        }
        let feed = FeedLoader.feed(response, request: request, fetchedAt: now())
        var saveProblem: String?
        do throws(ArchiveError) {
            try archive.save(feed)
        } catch {
            saveProblem = FeedError.archive(error).errorDescription
        }
        let forecasts = response.forecasts.mapValues {
            StoredForecast(fetchedAt: feed.fetchedAt, forecast: $0.forecast, hourly: $0.hourly)
        }
        return .success(FeedPayload(feed: feed, rateLimitRemaining: response.rateLimitRemaining, saveProblem: saveProblem,
                                    forecasts: forecasts))
    }

    /// Places named `text` from the source (no key: `.noAPIKey`).
    public func searchPlaces(_ text: String, language: String) async -> Result<[PlaceMatch], FeedError> {
        guard let service else { return .failure(.noAPIKey) }
        do throws(ServiceError) {
            return .success(try await service.searchPlaces(text, language: language))
        } catch {
            return .failure(.network(error))
        }
    }

    /// The feed of a response: its top cities and, once each, the places they do not already hold.
    static func feed(_ response: TopCitiesResponse, request: FeedRequest, fetchedAt: Date) -> WeatherFeed {
        var keys = Set(response.cities.map(\.key))
        let places = response.ownCities.filter { keys.insert($0.key).inserted }
        return WeatherFeed(fetchedAt: fetchedAt, request: request, cities: sortedByEnglishName(response.cities + places),
                           placeKeys: places.isEmpty ? nil : places.map(\.key))
    }

    static func sortedByEnglishName(_ cities: [CityWeather]) -> [CityWeather] {
        cities.sorted { State.ordered($0, $1, by: .name, descending: false) }
    }
}
