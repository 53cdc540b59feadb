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
    /// %.
    var precipitationProbabilityMax: [Double?]?

    /// The names Open-Meteo answers with, and the variables the request asks for (`time` aside).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case time
        case weatherCode = "weather_code"
        case temperatureMax = "temperature_2m_max"
        case temperatureMin = "temperature_2m_min"
        case precipitationProbabilityMax = "precipitation_probability_max"
    }
}
