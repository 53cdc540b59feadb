/// One location's answer of `/v1/forecast` (with `timeformat=unixtime`): metric values as the
/// documentation lists them. Everything but the current block is optional, so an answer with a
/// variable missing or `null` still decodes, and unknown fields are ignored.
struct OpenMeteoForecast: Decodable, Equatable, Sendable {
    /// Centre of the grid cell used, which may be a few kilometres from the coordinate asked.
    var latitude: Double?
    var longitude: Double?
    /// Metres above sea level.
    var elevation: Double?
    var utcOffsetSeconds: Int?
    /// IANA name resolved by `timezone=auto`.
    var timezone: String?
    var timezoneAbbreviation: String?
    var current: OpenMeteoCurrent
    var hourly: OpenMeteoHourly?
    var daily: OpenMeteoDaily?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, elevation
        case utcOffsetSeconds = "utc_offset_seconds"
        case timezone
        case timezoneAbbreviation = "timezone_abbreviation"
        case current, hourly, daily
    }
}
