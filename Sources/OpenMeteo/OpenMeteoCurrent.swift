/// The `current` block: one value per requested variable at `time` (seconds since 1970).
struct OpenMeteoCurrent: Decodable, Equatable, Sendable {
    var time: Int
    /// °C.
    var temperature: Double?
    /// °C.
    var apparentTemperature: Double?
    /// %.
    var relativeHumidity: Double?
    /// mm over the preceding interval.
    var precipitation: Double?
    var weatherCode: Double?
    /// %.
    var cloudCover: Double?
    /// hPa at mean sea level.
    var pressure: Double?
    /// km/h.
    var windSpeed: Double?
    /// Degrees the wind comes from.
    var windDirection: Double?
    /// km/h.
    var windGusts: Double?
    var uvIndex: Double?
    /// Metres.
    var visibility: Double?

    /// The names Open-Meteo answers with, and the variables the request asks for (`time` aside).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case time
        case temperature = "temperature_2m"
        case apparentTemperature = "apparent_temperature"
        case relativeHumidity = "relative_humidity_2m"
        case precipitation
        case weatherCode = "weather_code"
        case cloudCover = "cloud_cover"
        case pressure = "pressure_msl"
        case windSpeed = "wind_speed_10m"
        case windDirection = "wind_direction_10m"
        case windGusts = "wind_gusts_10m"
        case uvIndex = "uv_index"
        case visibility
    }
}
