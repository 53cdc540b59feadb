/// The `hourly` block: parallel arrays, one element per hour of `time` (seconds since 1970).
struct OpenMeteoHourly: Decodable, Equatable, Sendable {
    var time: [Int]
    /// °C.
    var temperature: [Double?]?
    /// %.
    var precipitationProbability: [Double?]?

    /// The names Open-Meteo answers with, and the variables the request asks for (`time` aside).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case time
        case temperature = "temperature_2m"
        case precipitationProbability = "precipitation_probability"
    }
}
