import Foundation
import WeatherModels

/// Reads a whole `WeatherFeed` straight off an archive's binary payload, without `Codable`.
///
/// Why: restoring the saved feed is half of the archive's round trip, and through `Decodable`
/// the 150-city feed (about 46,000 values in 9,000 dictionaries) costs more in `Codable`'s own
/// dispatch (an existential decoder per value, a boxed container per dictionary, generic
/// metadata looked up for each) than in reading the bytes (scripts/bench: archive).
///
/// It answers only when the payload is exactly what `WeatherFeed`'s `Decodable` reads without
/// complaint, and then with the same value: the same keys (the models' `CodingKeys`), required
/// and optional as the synthesized `init(from:)` reads them, through `BinaryPlistWalk`, which
/// finds and converts as `BinaryPlistDecoder` does or gives up. Anything else (damage, a missing or
/// mistyped field, a newer schema, an XML payload, the iOS app's archive) is nil, and the caller
/// decodes through `Decodable`, which decides and reports as it always has. Tests hold the two
/// to that, for every single-byte change and every truncation of a payload.
public enum WeatherFeedReader {
    public static func read(_ payload: Data) -> WeatherFeed? {
        BinaryPlistWalk.read(payload) { $0.feed($1) }
    }
}

/// The feed's types, field by field.
extension BinaryPlistWalk {
    func feed(_ index: Int) -> WeatherFeed? {
        feed(index, cities: city).map {
            WeatherFeed(schemaVersion: $0.schemaVersion, fetchedAt: $0.fetchedAt, request: $0.request, cities: $0.cities)
        }
    }

    /// A feed's fields with its cities read by `city`: the whole feed's and its summary's.
    func feed<City>(_ index: Int, cities city: (Int) -> City?) -> (schemaVersion: Int, fetchedAt: Date, request: FeedRequest, cities: [City])? {
        typealias Key = WeatherFeedSummary.CodingKeys  // the feed's own (synthesized) keys, by name
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let schemaVersion = required(e, Key.schemaVersion).flatMap(self.int),
              schemaVersion <= WeatherFeed.currentSchemaVersion,  // a newer one is refused by the caller's path
              let fetchedAt = required(e, Key.fetchedAt).flatMap(self.date),
              let request = required(e, Key.request).flatMap(self.request),
              let cities = required(e, Key.cities).flatMap({ array($0, city) })
        else { return nil }
        return (schemaVersion, fetchedAt, request, cities)
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

    /// Built from its required fields, then each optional one assigned in place: the memberwise
    /// initializer, in another module, copied every field (a tenth of the walk).
    func city(_ index: Int) -> CityWeather? {
        typealias Key = CityWeather.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let key = required(e, Key.key).flatMap(self.string),
              let localizedName = required(e, Key.localizedName).flatMap(self.string),
              let englishName = required(e, Key.englishName).flatMap(self.string),
              let country = required(e, Key.country).flatMap(self.country),
              let weatherText = required(e, Key.weatherText).flatMap(self.string),
              let isDayTime = required(e, Key.isDayTime).flatMap(self.bool),
              let temperature = required(e, Key.temperature).flatMap(self.metricImperial)
        else { return nil }
        var city = CityWeather(
            key: key, localizedName: localizedName, englishName: englishName, country: country,
            weatherText: weatherText, isDayTime: isDayTime, temperature: temperature)
        guard assign(&city.timeZone, optional(e, Key.timeZone, self.timeZone)),
              assign(&city.geoPosition, optional(e, Key.geoPosition, self.geoPosition)),
              assign(&city.localObservationDateTime, optional(e, Key.localObservationDateTime, self.string)),
              assign(&city.epochTime, optional(e, Key.epochTime, self.int)),
              assign(&city.weatherIcon, optional(e, Key.weatherIcon, self.int)),
              assign(&city.hasPrecipitation, optional(e, Key.hasPrecipitation, self.bool)),
              assign(&city.precipitationType, optional(e, Key.precipitationType, self.string)),
              assign(&city.realFeelTemperature, optional(e, Key.realFeelTemperature, self.metricImperial)),
              assign(&city.realFeelTemperatureShade, optional(e, Key.realFeelTemperatureShade, self.metricImperial)),
              assign(&city.relativeHumidity, optional(e, Key.relativeHumidity, self.int)),
              assign(&city.indoorRelativeHumidity, optional(e, Key.indoorRelativeHumidity, self.int)),
              assign(&city.dewPoint, optional(e, Key.dewPoint, self.metricImperial)),
              assign(&city.wind, optional(e, Key.wind, self.wind)),
              assign(&city.windGust, optional(e, Key.windGust, self.wind)),
              assign(&city.uvIndex, optional(e, Key.uvIndex, self.int)),
              assign(&city.uvIndexText, optional(e, Key.uvIndexText, self.string)),
              assign(&city.visibility, optional(e, Key.visibility, self.metricImperial)),
              assign(&city.obstructionsToVisibility, optional(e, Key.obstructionsToVisibility, self.string)),
              assign(&city.cloudCover, optional(e, Key.cloudCover, self.int)),
              assign(&city.ceiling, optional(e, Key.ceiling, self.metricImperial)),
              assign(&city.pressure, optional(e, Key.pressure, self.metricImperial)),
              assign(&city.pressureTendency, optional(e, Key.pressureTendency, self.pressureTendency)),
              assign(&city.past24HourTemperatureDeparture, optional(e, Key.past24HourTemperatureDeparture, self.metricImperial)),
              assign(&city.apparentTemperature, optional(e, Key.apparentTemperature, self.metricImperial)),
              assign(&city.windChillTemperature, optional(e, Key.windChillTemperature, self.metricImperial)),
              assign(&city.wetBulbTemperature, optional(e, Key.wetBulbTemperature, self.metricImperial)),
              assign(&city.precip1hr, optional(e, Key.precip1hr, self.metricImperial)),
              assign(&city.precipitationSummary, optional(e, Key.precipitationSummary, self.precipitationSummary)),
              assign(&city.temperatureSummary, optional(e, Key.temperatureSummary, self.temperatureSummary)),
              assign(&city.localSource, optional(e, Key.localSource, self.localSource)),
              assign(&city.mobileLink, optional(e, Key.mobileLink, self.string)),
              assign(&city.link, optional(e, Key.link, self.string))
        else { return nil }
        return city
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

    func timeZone(_ index: Int) -> CityTimeZone? {
        typealias Key = CityTimeZone.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let code = optional(e, Key.code, self.string),
              let name = optional(e, Key.name, self.string),
              let gmtOffset = required(e, Key.gmtOffset).flatMap(self.double),
              let isDaylightSaving = optional(e, Key.isDaylightSaving, self.bool),
              let nextOffsetChange = optional(e, Key.nextOffsetChange, self.string)
        else { return nil }
        return CityTimeZone(code: code, name: name, gmtOffset: gmtOffset, isDaylightSaving: isDaylightSaving, nextOffsetChange: nextOffsetChange)
    }

    func geoPosition(_ index: Int) -> GeoPosition? {
        typealias Key = GeoPosition.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let latitude = required(e, Key.latitude).flatMap(self.double),
              let longitude = required(e, Key.longitude).flatMap(self.double),
              let elevation = optional(e, Key.elevation, self.metricImperial)
        else { return nil }
        return GeoPosition(latitude: latitude, longitude: longitude, elevation: elevation)
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

    func wind(_ index: Int) -> Wind? {
        typealias Key = Wind.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let direction = optional(e, Key.direction, self.windDirection),
              let speed = optional(e, Key.speed, self.metricImperial)
        else { return nil }
        return Wind(direction: direction, speed: speed)
    }

    func windDirection(_ index: Int) -> WindDirection? {
        typealias Key = WindDirection.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let degrees = optional(e, Key.degrees, self.double),
              let localized = optional(e, Key.localized, self.string),
              let english = optional(e, Key.english, self.string)
        else { return nil }
        return WindDirection(degrees: degrees, localized: localized, english: english)
    }

    func pressureTendency(_ index: Int) -> PressureTendency? {
        typealias Key = PressureTendency.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let localizedText = optional(e, Key.localizedText, self.string),
              let code = optional(e, Key.code, self.string)
        else { return nil }
        return PressureTendency(localizedText: localizedText, code: code)
    }

    func precipitationSummary(_ index: Int) -> PrecipitationSummary? {
        typealias Key = PrecipitationSummary.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let precipitation = optional(e, Key.precipitation, self.metricImperial),
              let pastHour = optional(e, Key.pastHour, self.metricImperial),
              let past3Hours = optional(e, Key.past3Hours, self.metricImperial),
              let past6Hours = optional(e, Key.past6Hours, self.metricImperial),
              let past9Hours = optional(e, Key.past9Hours, self.metricImperial),
              let past12Hours = optional(e, Key.past12Hours, self.metricImperial),
              let past18Hours = optional(e, Key.past18Hours, self.metricImperial),
              let past24Hours = optional(e, Key.past24Hours, self.metricImperial)
        else { return nil }
        return PrecipitationSummary(
            precipitation: precipitation, pastHour: pastHour, past3Hours: past3Hours, past6Hours: past6Hours,
            past9Hours: past9Hours, past12Hours: past12Hours, past18Hours: past18Hours, past24Hours: past24Hours)
    }

    func temperatureSummary(_ index: Int) -> TemperatureSummary? {
        typealias Key = TemperatureSummary.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let past6HourRange = optional(e, Key.past6HourRange, self.metricImperialRange),
              let past12HourRange = optional(e, Key.past12HourRange, self.metricImperialRange),
              let past24HourRange = optional(e, Key.past24HourRange, self.metricImperialRange)
        else { return nil }
        return TemperatureSummary(past6HourRange: past6HourRange, past12HourRange: past12HourRange, past24HourRange: past24HourRange)
    }

    func metricImperialRange(_ index: Int) -> MetricImperialRange? {
        typealias Key = MetricImperialRange.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let minimum = optional(e, Key.minimum, self.metricImperial),
              let maximum = optional(e, Key.maximum, self.metricImperial)
        else { return nil }
        return MetricImperialRange(minimum: minimum, maximum: maximum)
    }

    func localSource(_ index: Int) -> LocalSource? {
        typealias Key = LocalSource.CodingKeys
        guard let e = fields(index, Key.self) else { return nil }
        defer { done(e) }
        guard let id = optional(e, Key.id, self.int),
              let name = optional(e, Key.name, self.string),
              let weatherCode = optional(e, Key.weatherCode, self.string)
        else { return nil }
        return LocalSource(id: id, name: name, weatherCode: weatherCode)
    }
}
