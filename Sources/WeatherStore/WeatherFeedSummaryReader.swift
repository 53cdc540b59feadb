#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherModels

/// Reads a `WeatherFeedSummary` straight off an archive's binary payload, without `Codable`.
///
/// Why: `--once` reads the saved feed on every call (a status bar may call it each minute), and
/// in a fresh process `Codable`'s machinery (an existential box per container, generic metadata
/// built on first use, a scan of every loaded protocol conformance per new container type) cost
/// about 3 ms for 150 cities, a tenth of the whole run; this walk takes a small fraction of that
/// (scripts/bench: archive "summary read", start-up).
///
/// It answers only when the payload is exactly what `WeatherFeedSummary`'s `Decodable` reads
/// without complaint, and then with the same value: it reads the same keys (the models'
/// `CodingKeys`) through `BinaryPlistWalk`, which finds what the decoder finds or gives up, and
/// converts numbers by the same rules. Anything else (damage, a missing or mistyped field,
/// a newer schema, an XML payload, the iOS app's archive) is nil, and the caller decodes through
/// `Decodable`, which decides and reports as it always has. Tests hold the two to that.
enum WeatherFeedSummaryReader {
    static func read(_ payload: Data) -> WeatherFeedSummary? {
        BinaryPlistWalk.read(payload) { $0.feedSummary($1) }
    }
}

/// The summary's types, field by field in their `init(from:)` order.
extension BinaryPlistWalk {
    func feedSummary(_ index: Int) -> WeatherFeedSummary? {
        feed(index, cities: citySummary).map {
            WeatherFeedSummary(schemaVersion: $0.schemaVersion, fetchedAt: $0.fetchedAt, request: $0.request, cities: $0.cities,
                               placeKeys: $0.placeKeys, fetchedAloneKeys: $0.fetchedAloneKeys, fetchedAloneAt: $0.fetchedAloneAt)
        }
    }

    func citySummary(_ index: Int) -> CitySummary? {
        typealias Key = CityWeather.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let key = required(e, Key.key).flatMap(self.string),
              let localizedName = required(e, Key.localizedName).flatMap(self.string),
              let englishName = required(e, Key.englishName).flatMap(self.string),
              let country = required(e, Key.country).flatMap(self.country),
              let localObservationDateTime = optional(e, Key.localObservationDateTime, self.string),
              let epochTime = optional(e, Key.epochTime, self.int),
              let weatherText = required(e, Key.weatherText).flatMap(self.string),
              let weatherIcon = optional(e, Key.weatherIcon, self.int),
              let isDayTime = required(e, Key.isDayTime).flatMap(self.bool),
              let temperature = required(e, Key.temperature).flatMap(self.metricImperial)
        else { return nil }
        return CitySummary(
            key: key, localizedName: localizedName, englishName: englishName, country: country,
            localObservationDateTime: localObservationDateTime, epochTime: epochTime, weatherText: weatherText,
            weatherIcon: weatherIcon, isDayTime: isDayTime, temperature: temperature)
    }

    /// A feed's fields with its cities read by `city`: the whole feed's and its summary's.
    func feed<City>(_ index: Int, cities city: (Int) -> City?)
        -> (schemaVersion: Int, fetchedAt: Date, request: FeedRequest, cities: [City], placeKeys: [String]?, fetchedAloneKeys: [String]?, fetchedAloneAt: [Date]?)? {
        typealias Key = WeatherFeedSummary.CodingKeys  // the feed's own (synthesized) keys, by name
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let schemaVersion = required(e, Key.schemaVersion).flatMap(self.int),
              schemaVersion <= WeatherFeed.currentSchemaVersion,  // a newer one is refused by the caller's path
              let fetchedAt = required(e, Key.fetchedAt).flatMap(self.date),
              let request = required(e, Key.request).flatMap(self.request),
              let cities = required(e, Key.cities).flatMap({ array($0, city) }),
              let placeKeys = optional(e, Key.placeKeys, { array($0, self.string) }),
              let fetchedAloneKeys = optional(e, Key.fetchedAloneKeys, { array($0, self.string) }),
              let fetchedAloneAt = optional(e, Key.fetchedAloneAt, { array($0, self.date) })
        else { return nil }
        return (schemaVersion, fetchedAt, request, cities, placeKeys, fetchedAloneKeys, fetchedAloneAt)
    }

    func request(_ index: Int) -> FeedRequest? {
        typealias Key = FeedRequest.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let count = required(e, Key.count).flatMap(self.int),
              let language = required(e, Key.language).flatMap(self.string)
        else { return nil }
        return FeedRequest(count: count, language: language)
    }

    func country(_ index: Int) -> Country? {
        typealias Key = Country.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let id = required(e, Key.id).flatMap(self.string),
              let localizedName = required(e, Key.localizedName).flatMap(self.string),
              let englishName = required(e, Key.englishName).flatMap(self.string)
        else { return nil }
        return Country(id: id, localizedName: localizedName, englishName: englishName)
    }

    func metricImperial(_ index: Int) -> MetricImperial? {
        typealias Key = MetricImperial.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        var measure = MetricImperial(metric: nil, imperial: nil)  // filled in place, as `city`
        guard assign(&measure.metric, optional(e, Key.metric, self.unitValue)),
              assign(&measure.imperial, optional(e, Key.imperial, self.unitValue))
        else { return nil }
        return measure
    }

    func unitValue(_ index: Int) -> UnitValue? {
        typealias Key = UnitValue.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let value = required(e, Key.value).flatMap(self.double),
              let unit = required(e, Key.unit).flatMap(self.string),
              let unitType = optional(e, Key.unitType, self.int),
              let phrase = optional(e, Key.phrase, self.string)
        else { return nil }
        return UnitValue(value: value, unit: unit, unitType: unitType, phrase: phrase)
    }
}
