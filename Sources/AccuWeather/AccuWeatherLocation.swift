/// One location of `/locations/v1/cities/search`: only what names a place and finds its weather;
/// everything else AccuWeather sends (ranks, postal codes, data sets) is ignored.
struct AccuWeatherLocation: Decodable, Equatable, Sendable {
    struct Named: Decodable, Equatable, Sendable {
        var id: String?
        var localizedName: String?

        enum CodingKeys: String, CodingKey {
            case id = "ID", localizedName = "LocalizedName"
        }
    }

    struct Position: Decodable, Equatable, Sendable {
        struct Elevation: Decodable, Equatable, Sendable {
            struct Value: Decodable, Equatable, Sendable {
                var value: Double?
                enum CodingKeys: String, CodingKey { case value = "Value" }
            }
            var metric: Value?
            enum CodingKeys: String, CodingKey { case metric = "Metric" }
        }

        var latitude: Double
        var longitude: Double
        var elevation: Elevation?

        enum CodingKeys: String, CodingKey {
            case latitude = "Latitude", longitude = "Longitude", elevation = "Elevation"
        }
    }

    struct Zone: Decodable, Equatable, Sendable {
        var name: String?
        enum CodingKeys: String, CodingKey { case name = "Name" }
    }

    var key: String
    var localizedName: String
    var englishName: String?
    var country: Named?
    var administrativeArea: Named?
    var geoPosition: Position
    var timeZone: Zone?

    enum CodingKeys: String, CodingKey {
        case key = "Key", localizedName = "LocalizedName", englishName = "EnglishName", country = "Country"
        case administrativeArea = "AdministrativeArea", geoPosition = "GeoPosition", timeZone = "TimeZone"
    }
}
