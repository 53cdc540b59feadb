/// The 5-day daily forecast response (`/forecasts/v1/daily/5day/{key}`); values are single-unit.
public struct DailyForecastResponse: Codable, Equatable, Sendable {
    public var headline: ForecastHeadline?
    public var dailyForecasts: [DailyForecast]

    public init(headline: ForecastHeadline?, dailyForecasts: [DailyForecast]) {
        self.headline = headline
        self.dailyForecasts = dailyForecasts
    }

    enum CodingKeys: String, CodingKey {
        case headline = "Headline", dailyForecasts = "DailyForecasts"
    }
}

/// The forecast's one-line summary.
public struct ForecastHeadline: Codable, Equatable, Sendable {
    public var effectiveDate: String?
    public var effectiveEpochDate: Int?
    public var severity: Int?
    public var text: String?
    public var category: String?
    public var endDate: String?
    public var endEpochDate: Int?

    public init(effectiveDate: String? = nil, effectiveEpochDate: Int? = nil, severity: Int? = nil, text: String?, category: String? = nil, endDate: String? = nil, endEpochDate: Int? = nil) {
        self.effectiveDate = effectiveDate
        self.effectiveEpochDate = effectiveEpochDate
        self.severity = severity
        self.text = text
        self.category = category
        self.endDate = endDate
        self.endEpochDate = endEpochDate
    }

    enum CodingKeys: String, CodingKey {
        case effectiveDate = "EffectiveDate", effectiveEpochDate = "EffectiveEpochDate", severity = "Severity"
        case text = "Text", category = "Category", endDate = "EndDate", endEpochDate = "EndEpochDate"
    }
}

/// A minimum/maximum pair of single-unit values.
public struct ValueRange: Codable, Equatable, Sendable {
    public var minimum: UnitValue?
    public var maximum: UnitValue?

    public init(minimum: UnitValue?, maximum: UnitValue?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    enum CodingKeys: String, CodingKey {
        case minimum = "Minimum", maximum = "Maximum"
    }
}

/// Rise and set times of the sun or the moon.
public struct RiseSet: Codable, Equatable, Sendable {
    public var rise: String?
    public var epochRise: Int?
    public var set: String?
    public var epochSet: Int?
    public var phase: String?
    public var age: Int?

    public init(rise: String?, epochRise: Int?, set: String?, epochSet: Int?, phase: String? = nil, age: Int? = nil) {
        self.rise = rise
        self.epochRise = epochRise
        self.set = set
        self.epochSet = epochSet
        self.phase = phase
        self.age = age
    }

    enum CodingKeys: String, CodingKey {
        case rise = "Rise", epochRise = "EpochRise", set = "Set", epochSet = "EpochSet", phase = "Phase", age = "Age"
    }
}

/// Air quality or a pollen count.
public struct AirAndPollen: Codable, Equatable, Sendable {
    public var name: String
    public var value: Double?
    public var category: String?
    public var categoryValue: Int?
    public var type: String?

    public init(name: String, value: Double?, category: String?, categoryValue: Int?, type: String? = nil) {
        self.name = name
        self.value = value
        self.category = category
        self.categoryValue = categoryValue
        self.type = type
    }

    enum CodingKeys: String, CodingKey {
        case name = "Name", value = "Value", category = "Category", categoryValue = "CategoryValue", type = "Type"
    }
}

/// Forecast wind: single-unit speed and a direction.
public struct ForecastWind: Codable, Equatable, Sendable {
    public var speed: UnitValue?
    public var direction: WindDirection?

    public init(speed: UnitValue?, direction: WindDirection?) {
        self.speed = speed
        self.direction = direction
    }

    enum CodingKeys: String, CodingKey {
        case speed = "Speed", direction = "Direction"
    }
}

/// The day or the night half of a forecast day.
public struct ForecastDayPart: Codable, Equatable, Sendable {
    public var icon: Int?
    public var iconPhrase: String?
    public var hasPrecipitation: Bool?
    public var precipitationType: String?
    public var precipitationIntensity: String?
    public var shortPhrase: String?
    public var longPhrase: String?
    public var precipitationProbability: Int?
    public var thunderstormProbability: Int?
    public var rainProbability: Int?
    public var snowProbability: Int?
    public var iceProbability: Int?
    public var wind: ForecastWind?
    public var windGust: ForecastWind?
    public var totalLiquid: UnitValue?
    public var rain: UnitValue?
    public var snow: UnitValue?
    public var ice: UnitValue?
    public var hoursOfPrecipitation: Double?
    public var cloudCover: Int?

    public init(
        icon: Int?, iconPhrase: String?, hasPrecipitation: Bool? = nil, precipitationType: String? = nil,
        precipitationIntensity: String? = nil, shortPhrase: String? = nil, longPhrase: String? = nil,
        precipitationProbability: Int? = nil, thunderstormProbability: Int? = nil, rainProbability: Int? = nil,
        snowProbability: Int? = nil, iceProbability: Int? = nil, wind: ForecastWind? = nil, windGust: ForecastWind? = nil,
        totalLiquid: UnitValue? = nil, rain: UnitValue? = nil, snow: UnitValue? = nil, ice: UnitValue? = nil,
        hoursOfPrecipitation: Double? = nil, cloudCover: Int? = nil
    ) {
        self.icon = icon
        self.iconPhrase = iconPhrase
        self.hasPrecipitation = hasPrecipitation
        self.precipitationType = precipitationType
        self.precipitationIntensity = precipitationIntensity
        self.shortPhrase = shortPhrase
        self.longPhrase = longPhrase
        self.precipitationProbability = precipitationProbability
        self.thunderstormProbability = thunderstormProbability
        self.rainProbability = rainProbability
        self.snowProbability = snowProbability
        self.iceProbability = iceProbability
        self.wind = wind
        self.windGust = windGust
        self.totalLiquid = totalLiquid
        self.rain = rain
        self.snow = snow
        self.ice = ice
        self.hoursOfPrecipitation = hoursOfPrecipitation
        self.cloudCover = cloudCover
    }

    enum CodingKeys: String, CodingKey {
        case icon = "Icon", iconPhrase = "IconPhrase", hasPrecipitation = "HasPrecipitation"
        case precipitationType = "PrecipitationType", precipitationIntensity = "PrecipitationIntensity"
        case shortPhrase = "ShortPhrase", longPhrase = "LongPhrase"
        case precipitationProbability = "PrecipitationProbability", thunderstormProbability = "ThunderstormProbability"
        case rainProbability = "RainProbability", snowProbability = "SnowProbability", iceProbability = "IceProbability"
        case wind = "Wind", windGust = "WindGust", totalLiquid = "TotalLiquid", rain = "Rain", snow = "Snow", ice = "Ice"
        case hoursOfPrecipitation = "HoursOfPrecipitation", cloudCover = "CloudCover"
    }
}

/// One day of the 5-day forecast.
public struct DailyForecast: Codable, Equatable, Sendable {
    /// ISO-8601 local date-time of the day's start.
    public var date: String
    public var epochDate: Int
    public var sun: RiseSet?
    public var moon: RiseSet?
    public var temperature: ValueRange
    public var realFeelTemperature: ValueRange?
    public var realFeelTemperatureShade: ValueRange?
    public var hoursOfSun: Double?
    public var airAndPollen: [AirAndPollen]?
    public var day: ForecastDayPart?
    public var night: ForecastDayPart?
    public var sources: [String]?
    public var link: String?

    public init(
        date: String, epochDate: Int, sun: RiseSet? = nil, moon: RiseSet? = nil, temperature: ValueRange,
        realFeelTemperature: ValueRange? = nil, realFeelTemperatureShade: ValueRange? = nil, hoursOfSun: Double? = nil,
        airAndPollen: [AirAndPollen]? = nil, day: ForecastDayPart? = nil, night: ForecastDayPart? = nil,
        sources: [String]? = nil, link: String? = nil
    ) {
        self.date = date
        self.epochDate = epochDate
        self.sun = sun
        self.moon = moon
        self.temperature = temperature
        self.realFeelTemperature = realFeelTemperature
        self.realFeelTemperatureShade = realFeelTemperatureShade
        self.hoursOfSun = hoursOfSun
        self.airAndPollen = airAndPollen
        self.day = day
        self.night = night
        self.sources = sources
        self.link = link
    }

    enum CodingKeys: String, CodingKey {
        case date = "Date", epochDate = "EpochDate", sun = "Sun", moon = "Moon", temperature = "Temperature"
        case realFeelTemperature = "RealFeelTemperature", realFeelTemperatureShade = "RealFeelTemperatureShade"
        case hoursOfSun = "HoursOfSun", airAndPollen = "AirAndPollen", day = "Day", night = "Night"
        case sources = "Sources", link = "Link"
    }
}
