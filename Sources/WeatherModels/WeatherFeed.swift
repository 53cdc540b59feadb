#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif

/// What a feed was asked for: how many top cities, in which language.
public struct FeedRequest: Codable, Equatable, Sendable {
    /// The feed sizes AccuWeather's Top Cities endpoint serves.
    public static let servedCounts = [50, 100, 150]
    /// What is asked for when nothing else says: the first 50 cities, in US English.
    public static let standard = FeedRequest(count: 50, language: "en-us")

    /// 50, 100 or 150.
    public var count: Int
    /// AccuWeather language tag, e.g. `en-us`.
    public var language: String

    public init(count: Int, language: String) {
        self.count = count
        self.language = language
    }

    /// The synthesized keys, named so that a reader walking the archive asks for the same.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case count, language
    }
}

/// What every form of a fetched feed tells: when it was fetched and what was asked for.
public protocol FetchedFeed {
    var fetchedAt: Date { get }
    var request: FeedRequest { get }
    /// The keys of the cities it holds (top cities and own cities), in its order.
    var cityKeys: [String] { get }
    /// The cities a fetch of places alone (a `--city` run) brought after the rest, and when, in
    /// the same order; nil: every city came with `fetchedAt`.
    var fetchedAloneKeys: [String]? { get }
    var fetchedAloneAt: [Date]? { get }
}

extension FetchedFeed {
    /// When the city of `key` was fetched: its own time where a fetch of places alone brought it,
    /// else the feed's; nil when the feed does not hold it. Lists of two lengths (a damaged file)
    /// date nothing alone.
    public func fetchedAt(ofCity key: String) -> Date? {
        guard cityKeys.contains(key) else { return nil }
        if let keys = fetchedAloneKeys, let times = fetchedAloneAt, keys.count == times.count, let index = keys.firstIndex(of: key) {
            return times[index]
        }
        return fetchedAt
    }
}

/// One fetched Top Cities feed: what is archived and restored when the network is gone.
public struct WeatherFeed: Codable, Equatable, Sendable, FetchedFeed {
    /// The schema this build writes; an archive with a larger number is refused, not misread.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var fetchedAt: Date
    public var request: FeedRequest
    public var cities: [CityWeather]
    /// The keys of the cities that are places (own cities, `--city` places) rather than top
    /// cities, so that one the user has since removed is not listed; nil in older feeds.
    public var placeKeys: [String]?
    /// The cities a fetch of places alone (a `--city` run) brought after the rest, and when, in
    /// the same order; nil when every city came with `fetchedAt`, and in older feeds.
    public var fetchedAloneKeys: [String]?
    public var fetchedAloneAt: [Date]?

    public init(schemaVersion: Int = WeatherFeed.currentSchemaVersion, fetchedAt: Date, request: FeedRequest, cities: [CityWeather],
                placeKeys: [String]? = nil, fetchedAloneKeys: [String]? = nil, fetchedAloneAt: [Date]? = nil) {
        self.schemaVersion = schemaVersion
        self.fetchedAt = fetchedAt
        self.request = request
        self.cities = cities
        self.placeKeys = placeKeys
        self.fetchedAloneKeys = fetchedAloneKeys
        self.fetchedAloneAt = fetchedAloneAt
    }

    public var cityKeys: [String] { cities.map(\.key) }
}
