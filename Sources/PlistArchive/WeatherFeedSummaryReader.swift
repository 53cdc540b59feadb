import Foundation
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
/// without complaint, and then with the same value: it asks for the same keys (the models'
/// `CodingKeys`) in the same order, from a dictionary the way `BinaryPlistDecoder` searches one,
/// and converts numbers by the same rules. Anything else (damage, a missing or mistyped field,
/// a newer schema, an XML payload, the iOS app's archive) is nil, and the caller decodes through
/// `Decodable`, which decides and reports as it always has. Tests hold the two to that.
enum WeatherFeedSummaryReader {
    static func read(_ payload: Data) -> WeatherFeedSummary? {
        payload.withUnsafeBytes { raw in
            guard let document = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)) else { return nil }
            return SummaryWalk(document: document).feed(document.topObject)
        }
    }
}

/// One walk over one document; every reader answers nil for anything `Decodable` would not accept.
private struct SummaryWalk {
    let document: BinaryPlistDocument

    /// A dictionary searched as `BinaryPlistDecoder` searches it (`BinaryPlistDocument.find`).
    struct Entries {
        let collection: BinaryPlistDocument.Collection
        var cursor = 0
    }

    func entries(_ index: Int) -> Entries? {
        document.dictionary(index).map { Entries(collection: $0) }
    }

    /// The value's object index for `key`, `.absent`, or damage.
    func find(_ entries: inout Entries, _ key: some CodingKey) -> BinaryPlistDocument.Lookup {
        var name = key.stringValue
        return name.withUTF8 { document.find($0, in: entries.collection, cursor: &entries.cursor) }
    }

    /// A required field's object index (`decode(_:forKey:)`).
    func required(_ entries: inout Entries, _ key: some CodingKey) -> Int? {
        guard case .found(let index) = find(&entries, key) else { return nil }
        return index
    }

    /// An optional field (`decodeIfPresent(_:forKey:)`): `.some(nil)` when absent or the
    /// `"$null"` placeholder, nil when damaged.
    func optional<T>(_ entries: inout Entries, _ key: some CodingKey, _ read: (Int) -> T?) -> T?? {
        switch find(&entries, key) {
        case .damagedKey, .damagedValue: return nil
        case .absent: return .some(nil)
        case .found(let index):
            if document.isASCII(index, "$null") { return .some(nil) }
            guard let value = read(index) else { return nil }
            return .some(value)
        }
    }

    // MARK: Scalars, by BinaryPlistDecoder's rules

    func string(_ index: Int) -> String? { document.string(index) }

    func bool(_ index: Int) -> Bool? { document.bool(index) }

    func date(_ index: Int) -> Date? { document.date(index) }

    func int(_ index: Int) -> Int? { document.number(index, as: Int.self) ?? nil }

    func double(_ index: Int) -> Double? { document.number(index, as: Double.self) ?? nil }

    // MARK: The summary's types, field by field in their `init(from:)` order

    func feed(_ index: Int) -> WeatherFeedSummary? {
        typealias Key = WeatherFeedSummary.CodingKeys
        guard var e = entries(index),
              let schemaVersion = required(&e, Key.schemaVersion).flatMap(self.int),
              schemaVersion <= WeatherFeed.currentSchemaVersion,  // a newer one is refused by the caller's path
              let fetchedAt = required(&e, Key.fetchedAt).flatMap(self.date),
              let request = required(&e, Key.request).flatMap(self.request),
              let list = required(&e, Key.cities).flatMap(document.array)
        else { return nil }
        var cities: [CitySummary] = []
        cities.reserveCapacity(min(list.count, 1 << 16))
        for i in 0..<list.count {
            guard let city = document.ref(list, i).flatMap(self.city) else { return nil }
            cities.append(city)
        }
        return WeatherFeedSummary(schemaVersion: schemaVersion, fetchedAt: fetchedAt, request: request, cities: cities)
    }

    func request(_ index: Int) -> FeedRequest? {
        typealias Key = FeedRequest.CodingKeys
        guard var e = entries(index),
              let count = required(&e, Key.count).flatMap(self.int),
              let language = required(&e, Key.language).flatMap(self.string)
        else { return nil }
        return FeedRequest(count: count, language: language)
    }

    func city(_ index: Int) -> CitySummary? {
        typealias Key = CityWeather.CodingKeys
        guard var e = entries(index),
              let key = required(&e, Key.key).flatMap(self.string),
              let localizedName = required(&e, Key.localizedName).flatMap(self.string),
              let englishName = required(&e, Key.englishName).flatMap(self.string),
              let country = required(&e, Key.country).flatMap(self.country),
              let localObservationDateTime = optional(&e, Key.localObservationDateTime, self.string),
              let epochTime = optional(&e, Key.epochTime, self.int),
              let weatherText = required(&e, Key.weatherText).flatMap(self.string),
              let weatherIcon = optional(&e, Key.weatherIcon, self.int),
              let isDayTime = required(&e, Key.isDayTime).flatMap(self.bool),
              let temperature = required(&e, Key.temperature).flatMap(self.metricImperial)
        else { return nil }
        return CitySummary(
            key: key, localizedName: localizedName, englishName: englishName, country: country,
            localObservationDateTime: localObservationDateTime, epochTime: epochTime, weatherText: weatherText,
            weatherIcon: weatherIcon, isDayTime: isDayTime, temperature: temperature)
    }

    func country(_ index: Int) -> Country? {
        typealias Key = Country.CodingKeys
        guard var e = entries(index),
              let id = required(&e, Key.id).flatMap(self.string),
              let localizedName = required(&e, Key.localizedName).flatMap(self.string),
              let englishName = required(&e, Key.englishName).flatMap(self.string)
        else { return nil }
        return Country(id: id, localizedName: localizedName, englishName: englishName)
    }

    func metricImperial(_ index: Int) -> MetricImperial? {
        typealias Key = MetricImperial.CodingKeys
        guard var e = entries(index),
              let metric = optional(&e, Key.metric, self.unitValue),
              let imperial = optional(&e, Key.imperial, self.unitValue)
        else { return nil }
        return MetricImperial(metric: metric, imperial: imperial)
    }

    func unitValue(_ index: Int) -> UnitValue? {
        typealias Key = UnitValue.CodingKeys
        guard var e = entries(index),
              let value = required(&e, Key.value).flatMap(self.double),
              let unit = required(&e, Key.unit).flatMap(self.string),
              let unitType = optional(&e, Key.unitType, self.int),
              let phrase = optional(&e, Key.phrase, self.string)
        else { return nil }
        return UnitValue(value: value, unit: unit, unitType: unitType, phrase: phrase)
    }
}
