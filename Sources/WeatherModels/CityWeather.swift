/// Current conditions of one city, as the Top Cities endpoint sends them (with `details=true`).
///
/// Only the fields every real payload has are required; every details field is optional, so
/// old (2017) and new payloads both decode, unknown fields are ignored, and `null` is `nil`.
public struct CityWeather: Codable, Equatable, Sendable {
    public var key: String
    public var localizedName: String
    public var englishName: String
    public var country: Country
    public var timeZone: CityTimeZone?
    public var geoPosition: GeoPosition?
    /// ISO-8601 local time of the observation, with its offset (`2017-12-06T23:35:00+06:00`).
    public var localObservationDateTime: String?
    /// Seconds since 1970 of the observation.
    public var epochTime: Int?
    public var weatherText: String
    /// AccuWeather icon code, 1–44.
    public var weatherIcon: Int?
    public var hasPrecipitation: Bool?
    public var precipitationType: String?
    public var isDayTime: Bool
    public var temperature: MetricImperial
    public var realFeelTemperature: MetricImperial?
    public var realFeelTemperatureShade: MetricImperial?
    public var relativeHumidity: Int?
    public var indoorRelativeHumidity: Int?
    public var dewPoint: MetricImperial?
    public var wind: Wind?
    public var windGust: Wind?
    public var uvIndex: Int?
    public var uvIndexText: String?
    public var visibility: MetricImperial?
    public var obstructionsToVisibility: String?
    public var cloudCover: Int?
    public var ceiling: MetricImperial?
    public var pressure: MetricImperial?
    public var pressureTendency: PressureTendency?
    public var past24HourTemperatureDeparture: MetricImperial?
    public var apparentTemperature: MetricImperial?
    public var windChillTemperature: MetricImperial?
    public var wetBulbTemperature: MetricImperial?
    public var precip1hr: MetricImperial?
    public var precipitationSummary: PrecipitationSummary?
    public var temperatureSummary: TemperatureSummary?
    /// The chance of precipitation over the coming hours, where the source forecasts one with its
    /// current conditions (Open-Meteo, the demo; not AccuWeather's Top Cities).
    public var rainChanceNextHours: RainChance?
    public var localSource: LocalSource?
    public var mobileLink: String?
    public var link: String?

    public init(
        key: String, localizedName: String, englishName: String, country: Country,
        timeZone: CityTimeZone? = nil, geoPosition: GeoPosition? = nil,
        localObservationDateTime: String? = nil, epochTime: Int? = nil,
        weatherText: String, weatherIcon: Int? = nil, hasPrecipitation: Bool? = nil, precipitationType: String? = nil,
        isDayTime: Bool, temperature: MetricImperial,
        realFeelTemperature: MetricImperial? = nil, realFeelTemperatureShade: MetricImperial? = nil,
        relativeHumidity: Int? = nil, indoorRelativeHumidity: Int? = nil, dewPoint: MetricImperial? = nil,
        wind: Wind? = nil, windGust: Wind? = nil, uvIndex: Int? = nil, uvIndexText: String? = nil,
        visibility: MetricImperial? = nil, obstructionsToVisibility: String? = nil, cloudCover: Int? = nil,
        ceiling: MetricImperial? = nil, pressure: MetricImperial? = nil, pressureTendency: PressureTendency? = nil,
        past24HourTemperatureDeparture: MetricImperial? = nil, apparentTemperature: MetricImperial? = nil,
        windChillTemperature: MetricImperial? = nil, wetBulbTemperature: MetricImperial? = nil,
        precip1hr: MetricImperial? = nil, precipitationSummary: PrecipitationSummary? = nil,
        temperatureSummary: TemperatureSummary? = nil, rainChanceNextHours: RainChance? = nil, localSource: LocalSource? = nil,
        mobileLink: String? = nil, link: String? = nil
    ) {
        self.key = key
        self.localizedName = localizedName
        self.englishName = englishName
        self.country = country
        self.timeZone = timeZone
        self.geoPosition = geoPosition
        self.localObservationDateTime = localObservationDateTime
        self.epochTime = epochTime
        self.weatherText = weatherText
        self.weatherIcon = weatherIcon
        self.hasPrecipitation = hasPrecipitation
        self.precipitationType = precipitationType
        self.isDayTime = isDayTime
        self.temperature = temperature
        self.realFeelTemperature = realFeelTemperature
        self.realFeelTemperatureShade = realFeelTemperatureShade
        self.relativeHumidity = relativeHumidity
        self.indoorRelativeHumidity = indoorRelativeHumidity
        self.dewPoint = dewPoint
        self.wind = wind
        self.windGust = windGust
        self.uvIndex = uvIndex
        self.uvIndexText = uvIndexText
        self.visibility = visibility
        self.obstructionsToVisibility = obstructionsToVisibility
        self.cloudCover = cloudCover
        self.ceiling = ceiling
        self.pressure = pressure
        self.pressureTendency = pressureTendency
        self.past24HourTemperatureDeparture = past24HourTemperatureDeparture
        self.apparentTemperature = apparentTemperature
        self.windChillTemperature = windChillTemperature
        self.wetBulbTemperature = wetBulbTemperature
        self.precip1hr = precip1hr
        self.precipitationSummary = precipitationSummary
        self.temperatureSummary = temperatureSummary
        self.rainChanceNextHours = rainChanceNextHours
        self.localSource = localSource
        self.mobileLink = mobileLink
        self.link = link
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case key = "Key", localizedName = "LocalizedName", englishName = "EnglishName", country = "Country"
        case timeZone = "TimeZone", geoPosition = "GeoPosition"
        case localObservationDateTime = "LocalObservationDateTime", epochTime = "EpochTime"
        case weatherText = "WeatherText", weatherIcon = "WeatherIcon"
        case hasPrecipitation = "HasPrecipitation", precipitationType = "PrecipitationType"
        case isDayTime = "IsDayTime", temperature = "Temperature"
        case realFeelTemperature = "RealFeelTemperature", realFeelTemperatureShade = "RealFeelTemperatureShade"
        case relativeHumidity = "RelativeHumidity", indoorRelativeHumidity = "IndoorRelativeHumidity"
        case dewPoint = "DewPoint", wind = "Wind", windGust = "WindGust"
        case uvIndex = "UVIndex", uvIndexText = "UVIndexText", visibility = "Visibility"
        case obstructionsToVisibility = "ObstructionsToVisibility", cloudCover = "CloudCover"
        case ceiling = "Ceiling", pressure = "Pressure", pressureTendency = "PressureTendency"
        case past24HourTemperatureDeparture = "Past24HourTemperatureDeparture"
        case apparentTemperature = "ApparentTemperature", windChillTemperature = "WindChillTemperature"
        case wetBulbTemperature = "WetBulbTemperature", precip1hr = "Precip1hr"
        case precipitationSummary = "PrecipitationSummary", temperatureSummary = "TemperatureSummary"
        case rainChanceNextHours = "RainChanceNextHours"
        case localSource = "LocalSource", mobileLink = "MobileLink", link = "Link"
    }
}

extension CityWeather {
    /// This city with what only a detail's request brings (gusts, UV index, visibility) taken from
    /// `detailed` where this one lacks them.
    public func filling(from detailed: CityWeather) -> CityWeather {
        var city = self
        city.windGust = city.windGust ?? detailed.windGust
        if city.uvIndex == nil {
            city.uvIndex = detailed.uvIndex
            city.uvIndexText = detailed.uvIndexText
        }
        city.visibility = city.visibility ?? detailed.visibility
        return city
    }
}
