/// One hour of a forecast, in the single unit system the sources send (°C).
public struct HourlyForecast: Codable, Equatable, Sendable {
    /// Seconds since 1970 of the hour's start.
    public var epochTime: Int
    public var temperatureCelsius: Double?
    /// Chance of precipitation in that hour, 0–100.
    public var precipitationProbability: Int?
    /// AccuWeather icon code (1–44), so the same glyph table draws every source.
    public var weatherIcon: Int?
    /// The weather in words (English).
    public var weatherText: String?
    public var isDaylight: Bool?

    public init(epochTime: Int, temperatureCelsius: Double?, precipitationProbability: Int?, weatherIcon: Int? = nil, weatherText: String? = nil, isDaylight: Bool? = nil) {
        self.epochTime = epochTime
        self.temperatureCelsius = temperatureCelsius
        self.precipitationProbability = precipitationProbability
        self.weatherIcon = weatherIcon
        self.weatherText = weatherText
        self.isDaylight = isDaylight
    }
}
