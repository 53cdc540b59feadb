/// One place of a geocoding answer; empty fields are left out by the API, so most are optional.
struct OpenMeteoGeocodingResult: Decodable, Equatable, Sendable {
    var id: Int
    var name: String
    var latitude: Double
    var longitude: Double
    var elevation: Double?
    var timezone: String?
    var countryCode: String?
    var country: String?
    var admin1: String?

    enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, elevation, timezone
        case countryCode = "country_code"
        case country, admin1
    }
}
