import WeatherModels

/// One hour of AccuWeather's `/forecasts/v1/hourly/12hour/{key}` answer (`details=true&metric=true`):
/// the fields the chart reads; every one optional but the hour itself, unknown ones ignored.
public struct AccuWeatherHourlyForecast: Codable, Equatable, Sendable {
    /// ISO-8601 local date-time of the hour.
    public var dateTime: String?
    public var epochDateTime: Int
    public var weatherIcon: Int?
    public var iconPhrase: String?
    public var hasPrecipitation: Bool?
    public var isDaylight: Bool?
    /// Single-unit: Celsius with `metric=true`, but the unit is read, not assumed.
    public var temperature: UnitValue?
    public var realFeelTemperature: UnitValue?
    public var relativeHumidity: Int?
    public var precipitationProbability: Int?

    public init(dateTime: String? = nil, epochDateTime: Int, weatherIcon: Int? = nil, iconPhrase: String? = nil,
                hasPrecipitation: Bool? = nil, isDaylight: Bool? = nil, temperature: UnitValue? = nil,
                realFeelTemperature: UnitValue? = nil, relativeHumidity: Int? = nil, precipitationProbability: Int? = nil) {
        self.dateTime = dateTime
        self.epochDateTime = epochDateTime
        self.weatherIcon = weatherIcon
        self.iconPhrase = iconPhrase
        self.hasPrecipitation = hasPrecipitation
        self.isDaylight = isDaylight
        self.temperature = temperature
        self.realFeelTemperature = realFeelTemperature
        self.relativeHumidity = relativeHumidity
        self.precipitationProbability = precipitationProbability
    }

    enum CodingKeys: String, CodingKey {
        case dateTime = "DateTime", epochDateTime = "EpochDateTime", weatherIcon = "WeatherIcon", iconPhrase = "IconPhrase"
        case hasPrecipitation = "HasPrecipitation", isDaylight = "IsDaylight", temperature = "Temperature"
        case realFeelTemperature = "RealFeelTemperature", relativeHumidity = "RelativeHumidity"
        case precipitationProbability = "PrecipitationProbability"
    }

    /// The hour in the app's single shape (°C, whatever unit was sent).
    public var hour: HourlyForecast {
        let celsius = temperature.flatMap { $0.value.isFinite ? $0.celsius : nil }
        return HourlyForecast(epochTime: epochDateTime, temperatureCelsius: celsius,
                              precipitationProbability: precipitationProbability.map { min(100, max(0, $0)) },
                              weatherIcon: weatherIcon, weatherText: iconPhrase, isDaylight: isDaylight)
    }
}

extension HourlyForecastResponse {
    /// AccuWeather's list of hours, earliest first.
    public init(accuWeather hours: [AccuWeatherHourlyForecast]) {
        self.init(hours: hours.map(\.hour).sorted { $0.epochTime < $1.epochTime })
    }
}
