import Foundation
import WeatherModels

/// Writes a `WeatherFeed` as a binary plist without `Codable`: the same objects through the same
/// writer, in the same order, as `BinaryPlistEncoder` writes for the feed's `Encodable`
/// conformance, so the same bytes (tested byte for byte, on real and generated feeds).
///
/// Why: saving the feed is half of the archive's round trip, and through `Encodable` the 150-city
/// feed (about 46,000 values in 9,000 dictionaries) costs more in `Codable`'s own dispatch (an
/// existential encoder per value, a boxed container per dictionary, generic metadata looked up
/// for each) than in writing the bytes (scripts/bench: archive). The `Codable` conformance stays
/// what defines the format: `PropertyListDecoder` and `BinaryPlistDecoder` read these bytes, and
/// the tests hold this writer to that conformance's bytes.
public enum WeatherFeedWriter {
    public static func encode(_ feed: WeatherFeed) -> Data {
        DirectPlistWriter.write(expectedObjects: 64 + 120 * feed.cities.count) { $0.feed(feed) }
    }
}

/// The feed's types, field by field in their `encode(to:)` order (the `CodingKeys` order).
extension DirectPlistWriter {
    func feed(_ feed: WeatherFeed) -> Int {
        let d = dict(WeatherFeedSummary.CodingKeys.self)  // the feed's own (synthesized) keys, by name
        int(d, .schemaVersion, feed.schemaVersion)
        put(d, .fetchedAt, writer.date(feed.fetchedAt))
        put(d, .request, request(feed.request))
        let list = writer.open(isDictionary: false)
        feed.cities.withUnsafeBufferPointer { cities in
            for i in cities.indices { writer.add(key: -1, value: city(cities[i])) }  // in place: a city is 3.7 KB
        }
        put(d, .cities, writer.close(list))
        return end(d)
    }

    func request(_ r: FeedRequest) -> Int {
        let d = dict(FeedRequest.CodingKeys.self)
        int(d, .count, r.count)
        string(d, .language, r.language)
        return end(d)
    }

    func city(_ c: CityWeather) -> Int {
        let d = dict(CityWeather.CodingKeys.self)
        string(d, .key, c.key)
        string(d, .localizedName, c.localizedName)
        string(d, .englishName, c.englishName)
        put(d, .country, country(c.country))
        if let v = c.timeZone { put(d, .timeZone, timeZone(v)) }
        if let v = c.geoPosition { put(d, .geoPosition, geoPosition(v)) }
        string(d, .localObservationDateTime, c.localObservationDateTime)
        int(d, .epochTime, c.epochTime)
        string(d, .weatherText, c.weatherText)
        int(d, .weatherIcon, c.weatherIcon)
        bool(d, .hasPrecipitation, c.hasPrecipitation)
        string(d, .precipitationType, c.precipitationType)
        bool(d, .isDayTime, c.isDayTime)
        put(d, .temperature, metricImperial(c.temperature))
        if let v = c.realFeelTemperature { put(d, .realFeelTemperature, metricImperial(v)) }
        if let v = c.realFeelTemperatureShade { put(d, .realFeelTemperatureShade, metricImperial(v)) }
        int(d, .relativeHumidity, c.relativeHumidity)
        int(d, .indoorRelativeHumidity, c.indoorRelativeHumidity)
        if let v = c.dewPoint { put(d, .dewPoint, metricImperial(v)) }
        if let v = c.wind { put(d, .wind, wind(v)) }
        if let v = c.windGust { put(d, .windGust, wind(v)) }
        int(d, .uvIndex, c.uvIndex)
        string(d, .uvIndexText, c.uvIndexText)
        if let v = c.visibility { put(d, .visibility, metricImperial(v)) }
        string(d, .obstructionsToVisibility, c.obstructionsToVisibility)
        int(d, .cloudCover, c.cloudCover)
        if let v = c.ceiling { put(d, .ceiling, metricImperial(v)) }
        if let v = c.pressure { put(d, .pressure, metricImperial(v)) }
        if let v = c.pressureTendency { put(d, .pressureTendency, pressureTendency(v)) }
        if let v = c.past24HourTemperatureDeparture { put(d, .past24HourTemperatureDeparture, metricImperial(v)) }
        if let v = c.apparentTemperature { put(d, .apparentTemperature, metricImperial(v)) }
        if let v = c.windChillTemperature { put(d, .windChillTemperature, metricImperial(v)) }
        if let v = c.wetBulbTemperature { put(d, .wetBulbTemperature, metricImperial(v)) }
        if let v = c.precip1hr { put(d, .precip1hr, metricImperial(v)) }
        if let v = c.precipitationSummary { put(d, .precipitationSummary, precipitationSummary(v)) }
        if let v = c.temperatureSummary { put(d, .temperatureSummary, temperatureSummary(v)) }
        if let v = c.localSource { put(d, .localSource, localSource(v)) }
        string(d, .mobileLink, c.mobileLink)
        string(d, .link, c.link)
        return end(d)
    }

    func country(_ c: Country) -> Int {
        let d = dict(Country.CodingKeys.self)
        string(d, .id, c.id)
        string(d, .localizedName, c.localizedName)
        string(d, .englishName, c.englishName)
        return end(d)
    }

    func timeZone(_ t: CityTimeZone) -> Int {
        let d = dict(CityTimeZone.CodingKeys.self)
        string(d, .code, t.code)
        string(d, .name, t.name)
        double(d, .gmtOffset, t.gmtOffset)
        bool(d, .isDaylightSaving, t.isDaylightSaving)
        string(d, .nextOffsetChange, t.nextOffsetChange)
        return end(d)
    }

    func geoPosition(_ g: GeoPosition) -> Int {
        let d = dict(GeoPosition.CodingKeys.self)
        double(d, .latitude, g.latitude)
        double(d, .longitude, g.longitude)
        if let v = g.elevation { put(d, .elevation, metricImperial(v)) }
        return end(d)
    }

    func metricImperial(_ m: MetricImperial) -> Int {
        let d = dict(MetricImperial.CodingKeys.self)
        if let v = m.metric { put(d, .metric, unitValue(v)) }
        if let v = m.imperial { put(d, .imperial, unitValue(v)) }
        return end(d)
    }

    func unitValue(_ u: UnitValue) -> Int {
        let d = dict(UnitValue.CodingKeys.self)
        double(d, .value, u.value)
        string(d, .unit, u.unit)
        int(d, .unitType, u.unitType)
        string(d, .phrase, u.phrase)
        return end(d)
    }

    func wind(_ w: Wind) -> Int {
        let d = dict(Wind.CodingKeys.self)
        if let v = w.direction { put(d, .direction, windDirection(v)) }
        if let v = w.speed { put(d, .speed, metricImperial(v)) }
        return end(d)
    }

    func windDirection(_ w: WindDirection) -> Int {
        let d = dict(WindDirection.CodingKeys.self)
        double(d, .degrees, w.degrees)
        string(d, .localized, w.localized)
        string(d, .english, w.english)
        return end(d)
    }

    func pressureTendency(_ p: PressureTendency) -> Int {
        let d = dict(PressureTendency.CodingKeys.self)
        string(d, .localizedText, p.localizedText)
        string(d, .code, p.code)
        return end(d)
    }

    func precipitationSummary(_ p: PrecipitationSummary) -> Int {
        let d = dict(PrecipitationSummary.CodingKeys.self)
        if let v = p.precipitation { put(d, .precipitation, metricImperial(v)) }
        if let v = p.pastHour { put(d, .pastHour, metricImperial(v)) }
        if let v = p.past3Hours { put(d, .past3Hours, metricImperial(v)) }
        if let v = p.past6Hours { put(d, .past6Hours, metricImperial(v)) }
        if let v = p.past9Hours { put(d, .past9Hours, metricImperial(v)) }
        if let v = p.past12Hours { put(d, .past12Hours, metricImperial(v)) }
        if let v = p.past18Hours { put(d, .past18Hours, metricImperial(v)) }
        if let v = p.past24Hours { put(d, .past24Hours, metricImperial(v)) }
        return end(d)
    }

    func temperatureSummary(_ t: TemperatureSummary) -> Int {
        let d = dict(TemperatureSummary.CodingKeys.self)
        if let v = t.past6HourRange { put(d, .past6HourRange, metricImperialRange(v)) }
        if let v = t.past12HourRange { put(d, .past12HourRange, metricImperialRange(v)) }
        if let v = t.past24HourRange { put(d, .past24HourRange, metricImperialRange(v)) }
        return end(d)
    }

    func metricImperialRange(_ r: MetricImperialRange) -> Int {
        let d = dict(MetricImperialRange.CodingKeys.self)
        if let v = r.minimum { put(d, .minimum, metricImperial(v)) }
        if let v = r.maximum { put(d, .maximum, metricImperial(v)) }
        return end(d)
    }

    func localSource(_ l: LocalSource) -> Int {
        let d = dict(LocalSource.CodingKeys.self)
        int(d, .id, l.id)
        string(d, .name, l.name)
        string(d, .weatherCode, l.weatherCode)
        return end(d)
    }
}
