/// One answer of a place search: enough to name the place, tell it from its namesakes, and ask
/// for its weather.
public struct PlaceMatch: Codable, Equatable, Sendable {
    /// The source's id of the place, prefixed by the source (`om:2988507` for Open-Meteo).
    public var id: String
    public var name: String
    /// The first administrative area (state, region), when the source names one.
    public var region: String?
    public var country: String?
    /// ISO 3166 code, e.g. `FR`.
    public var countryCode: String?
    public var latitude: Double
    public var longitude: Double
    /// IANA time zone name, when the source says.
    public var timeZone: String?
    /// Metres above sea level, when the source says.
    public var elevation: Double?

    public init(
        id: String, name: String, region: String? = nil, country: String? = nil, countryCode: String? = nil,
        latitude: Double, longitude: Double, timeZone: String? = nil, elevation: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.elevation = elevation
    }
}
