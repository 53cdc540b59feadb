/// A country as AccuWeather names it.
public struct Country: Codable, Equatable, Sendable {
    /// ISO 3166 code, e.g. `JP`.
    public var id: String
    public var localizedName: String
    public var englishName: String

    public init(id: String, localizedName: String, englishName: String) {
        self.id = id
        self.localizedName = localizedName
        self.englishName = englishName
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case id = "ID", localizedName = "LocalizedName", englishName = "EnglishName"
    }
}

/// A city's time zone; `gmtOffset` is in hours and may be fractional (Delhi 5.5).
public struct CityTimeZone: Codable, Equatable, Sendable {
    public var code: String?
    public var name: String?
    public var gmtOffset: Double
    public var isDaylightSaving: Bool?
    public var nextOffsetChange: String?

    public init(code: String?, name: String?, gmtOffset: Double, isDaylightSaving: Bool? = nil, nextOffsetChange: String? = nil) {
        self.code = code
        self.name = name
        self.gmtOffset = gmtOffset
        self.isDaylightSaving = isDaylightSaving
        self.nextOffsetChange = nextOffsetChange
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case code = "Code", name = "Name", gmtOffset = "GmtOffset"
        case isDaylightSaving = "IsDaylightSaving", nextOffsetChange = "NextOffsetChange"
    }
}

/// Where a city is: coordinates and elevation.
public struct GeoPosition: Codable, Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public var elevation: MetricImperial?

    public init(latitude: Double, longitude: Double, elevation: MetricImperial? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case latitude = "Latitude", longitude = "Longitude", elevation = "Elevation"
    }
}

/// The local data provider AccuWeather credits for some cities.
public struct LocalSource: Codable, Equatable, Sendable {
    public var id: Int?
    public var name: String?
    public var weatherCode: String?

    public init(id: Int?, name: String?, weatherCode: String?) {
        self.id = id
        self.name = name
        self.weatherCode = weatherCode
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case id = "Id", name = "Name", weatherCode = "WeatherCode"
    }
}
