/// One answer of a place search: enough to name the place, tell it from its namesakes, and ask
/// for its weather.
public struct PlaceMatch: Codable, Equatable, Hashable, Sendable {
    /// What starts an Open-Meteo (GeoNames) id; AccuWeather's location keys are bare, so a place
    /// found there has the same key as the top city it may be.
    public static let openMeteoIDPrefix = "om:"

    /// The source's id of the place: `om:2988507` for Open-Meteo, AccuWeather's location key as is.
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

    /// Whether `latitude` and `longitude` are a point on Earth: a search answer or a damaged file
    /// can hold others (1e300, NaN), which no weather request or screen could use.
    public static func isOnEarth(latitude: Double, longitude: Double) -> Bool {
        abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Whether this place's coordinates are on Earth (`isOnEarth(latitude:longitude:)`).
    public var isOnEarth: Bool { Self.isOnEarth(latitude: latitude, longitude: longitude) }

    /// `Reykjavík, Capital Region, Iceland`: the name with what tells it from its namesakes.
    public var label: String {
        ([name] + [region, country].compactMap { $0 }.filter { !$0.isEmpty && $0 != name }).joined(separator: ", ")
    }
}
