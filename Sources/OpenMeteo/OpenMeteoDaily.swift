/// The `daily` block: parallel arrays, one element per day. With `timeformat=unixtime` a day's
/// `time` is the instant its local midnight began (the documentation's "apply utc_offset_seconds
/// again to get the correct date").
struct OpenMeteoDaily: Decodable, Equatable, Sendable {
    var time: [Int]
    var weatherCode: [Double?]?
    /// °C.
    var temperatureMax: [Double?]?
    /// °C.
    var temperatureMin: [Double?]?
    /// °C.
    var apparentTemperatureMax: [Double?]?
    /// °C.
    var apparentTemperatureMin: [Double?]?
    /// %.
    var precipitationProbabilityMax: [Double?]?
    /// mm.
    var precipitationSum: [Double?]?
    /// Seconds since 1970.
    var sunrise: [Int?]?
    /// Seconds since 1970.
    var sunset: [Int?]?
    var uvIndexMax: [Double?]?

    /// The names Open-Meteo answers with, and the variables the request asks for (`time` aside).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case time
        case weatherCode = "weather_code"
        case temperatureMax = "temperature_2m_max"
        case temperatureMin = "temperature_2m_min"
        case apparentTemperatureMax = "apparent_temperature_max"
        case apparentTemperatureMin = "apparent_temperature_min"
        case precipitationProbabilityMax = "precipitation_probability_max"
        case precipitationSum = "precipitation_sum"
        case sunrise, sunset
        case uvIndexMax = "uv_index_max"
    }
}
