#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A feed as `--once` prints it (docs/spec.md §6): when it was fetched, what was asked for, and per city
/// only the fields the table, JSON and CSV show.
///
/// It decodes from the same archive as `WeatherFeed`, through the same keys, and simply never
/// asks for the rest: a keyed decoder skips what is not requested, so reading the saved feed
/// for a status bar costs a small fraction of restoring every details field (scripts/bench,
/// start-up). PlistArchive walks a well-formed archive for it without `Codable` at all, asking
/// for these same keys (hence the public, `CaseIterable` `CodingKeys` of the feed's types, which
/// the feed's own writer and reader use too); this conformance is what reads everything else and
/// what that walk is tested against.
public struct WeatherFeedSummary: Decodable, Equatable, Sendable, FetchedFeed {
    public var schemaVersion: Int
    public var fetchedAt: Date
    public var request: FeedRequest
    public var cities: [CitySummary]
    /// `WeatherFeed.placeKeys`: which cities are places rather than top cities.
    public var placeKeys: [String]?
    /// `WeatherFeed.fetchedAloneKeys` and `fetchedAloneAt`: cities fetched alone, and when.
    public var fetchedAloneKeys: [String]?
    public var fetchedAloneAt: [Date]?

    public init(schemaVersion: Int, fetchedAt: Date, request: FeedRequest, cities: [CitySummary], placeKeys: [String]? = nil,
                fetchedAloneKeys: [String]? = nil, fetchedAloneAt: [Date]? = nil) {
        self.schemaVersion = schemaVersion
        self.fetchedAt = fetchedAt
        self.request = request
        self.cities = cities
        self.placeKeys = placeKeys
        self.fetchedAloneKeys = fetchedAloneKeys
        self.fetchedAloneAt = fetchedAloneAt
    }

    public init(_ feed: WeatherFeed) {
        self.schemaVersion = feed.schemaVersion
        self.fetchedAt = feed.fetchedAt
        self.request = feed.request
        self.cities = feed.cities.map(CitySummary.init)
        self.placeKeys = feed.placeKeys
        self.fetchedAloneKeys = feed.fetchedAloneKeys
        self.fetchedAloneAt = feed.fetchedAloneAt
    }

    public var cityKeys: [String] { cities.map(\.key) }

    /// `WeatherFeed`'s own (synthesized) keys.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case schemaVersion, fetchedAt, request, cities, placeKeys, fetchedAloneKeys, fetchedAloneAt
    }
}

/// One city of a `WeatherFeedSummary`: `CityWeather`'s identity, temperature, sky and time.
public struct CitySummary: Decodable, Equatable, Sendable {
    public var key: String
    public var localizedName: String
    public var englishName: String
    public var country: Country
    public var localObservationDateTime: String?
    public var epochTime: Int?
    public var weatherText: String
    public var weatherIcon: Int?
    public var isDayTime: Bool
    public var temperature: MetricImperial

    public init(
        key: String, localizedName: String, englishName: String, country: Country, localObservationDateTime: String?,
        epochTime: Int?, weatherText: String, weatherIcon: Int?, isDayTime: Bool, temperature: MetricImperial
    ) {
        self.key = key
        self.localizedName = localizedName
        self.englishName = englishName
        self.country = country
        self.localObservationDateTime = localObservationDateTime
        self.epochTime = epochTime
        self.weatherText = weatherText
        self.weatherIcon = weatherIcon
        self.isDayTime = isDayTime
        self.temperature = temperature
    }

    public init(_ city: CityWeather) {
        self.key = city.key
        self.localizedName = city.localizedName
        self.englishName = city.englishName
        self.country = city.country
        self.localObservationDateTime = city.localObservationDateTime
        self.epochTime = city.epochTime
        self.weatherText = city.weatherText
        self.weatherIcon = city.weatherIcon
        self.isDayTime = city.isDayTime
        self.temperature = city.temperature
    }

    /// Reads through `CityWeather`'s keys, so the two can never disagree on a name.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CityWeather.CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        localizedName = try c.decode(String.self, forKey: .localizedName)
        englishName = try c.decode(String.self, forKey: .englishName)
        country = try c.decode(Country.self, forKey: .country)
        localObservationDateTime = try c.decodeIfPresent(String.self, forKey: .localObservationDateTime)
        epochTime = try c.decodeIfPresent(Int.self, forKey: .epochTime)
        weatherText = try c.decode(String.self, forKey: .weatherText)
        weatherIcon = try c.decodeIfPresent(Int.self, forKey: .weatherIcon)
        isDayTime = try c.decode(Bool.self, forKey: .isDayTime)
        temperature = try c.decode(MetricImperial.self, forKey: .temperature)
    }
}

extension CityWeather {
    /// The city as far as its summary tells: identity, temperature, sky and time, no details.
    public init(_ summary: CitySummary) {
        self.init(key: summary.key, localizedName: summary.localizedName, englishName: summary.englishName,
                  country: summary.country, localObservationDateTime: summary.localObservationDateTime,
                  epochTime: summary.epochTime, weatherText: summary.weatherText, weatherIcon: summary.weatherIcon,
                  isDayTime: summary.isDayTime, temperature: summary.temperature)
    }
}

extension WeatherFeed {
    /// The feed as far as its summary tells (its cities without details; each place fetched alone
    /// with its own time, which the next `--city` run's staleness and save go by).
    public init(_ summary: WeatherFeedSummary) {
        self.init(schemaVersion: summary.schemaVersion, fetchedAt: summary.fetchedAt, request: summary.request,
                  cities: summary.cities.map(CityWeather.init), placeKeys: summary.placeKeys,
                  fetchedAloneKeys: summary.fetchedAloneKeys, fetchedAloneAt: summary.fetchedAloneAt)
    }
}
