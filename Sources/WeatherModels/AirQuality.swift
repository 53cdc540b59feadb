#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A place's air at one time, from Open-Meteo's air-quality API (`docs/spec.md` §4): both
/// indices, the pollutants behind them and, in Europe during the pollen season, pollen. Every
/// value is optional: the API answers `null` where its model has none (pollen outside Europe).
public struct AirQuality: Codable, Equatable, Sendable {
    /// Seconds since 1970 of the hour the values are for.
    public var epochTime: Int
    /// The European Environment Agency's index (0 and up; above 100 is extremely poor).
    public var europeanAQI: Int?
    /// The US EPA's index (0–500).
    public var usAQI: Int?
    /// Particulate matter under 2.5 µm, µg/m³.
    public var pm2_5: Double?
    /// Particulate matter under 10 µm, µg/m³.
    public var pm10: Double?
    /// µg/m³.
    public var ozone: Double?
    /// µg/m³.
    public var nitrogenDioxide: Double?
    /// Grains/m³, each.
    public var alderPollen: Double?
    public var birchPollen: Double?
    public var grassPollen: Double?
    public var ragweedPollen: Double?

    public init(
        epochTime: Int, europeanAQI: Int? = nil, usAQI: Int? = nil, pm2_5: Double? = nil, pm10: Double? = nil,
        ozone: Double? = nil, nitrogenDioxide: Double? = nil, alderPollen: Double? = nil, birchPollen: Double? = nil,
        grassPollen: Double? = nil, ragweedPollen: Double? = nil
    ) {
        self.epochTime = epochTime
        self.europeanAQI = europeanAQI
        self.usAQI = usAQI
        self.pm2_5 = pm2_5
        self.pm10 = pm10
        self.ozone = ozone
        self.nitrogenDioxide = nitrogenDioxide
        self.alderPollen = alderPollen
        self.birchPollen = birchPollen
        self.grassPollen = grassPollen
        self.ragweedPollen = ragweedPollen
    }

    /// What Open-Meteo's terms ask wherever its air data is shown (CAMS is the model it serves).
    public static let attribution = "Air quality by Open-Meteo.com / CAMS"

    /// The index on `scale`, nil when the source gave none.
    public func index(on scale: AirQualityScale) -> Int? {
        switch scale {
        case .european: europeanAQI
        case .us: usAQI
        }
    }

    /// The category of the index on `scale`, nil when the source gave none.
    public func category(on scale: AirQualityScale) -> AirQualityCategory? {
        index(on: scale).flatMap(scale.category)
    }
}

/// Which air-quality index is shown: the European one (the default with metric units) or the US
/// one (with imperial units); `--aqi eu|us` chooses either.
public enum AirQualityScale: String, Codable, CaseIterable, Sendable {
    case european = "eu"
    case us

    /// The index that goes with the units when nothing else says.
    public static func following(_ units: TemperatureUnit) -> AirQualityScale {
        units == .imperial ? .us : .european
    }

    /// `European AQI`, `US AQI`.
    public var name: String {
        switch self {
        case .european: "European AQI"
        case .us: "US AQI"
        }
    }

    /// The scale's categories, best first; each covers the values up to its `highest`, the last all
    /// above. The European bands are the EEA's as Open-Meteo documents them (0–20 good … above 100
    /// extremely poor), the US ones the EPA's (0–50 good … 301–500 hazardous); each colour is the
    /// one its agency publishes for the category.
    public var categories: [AirQualityCategory] {
        switch self {
        case .european: AirQualityCategory.european
        case .us: AirQualityCategory.us
        }
    }

    /// The category `index` falls in; nil for a negative index, which no scale has.
    public func category(_ index: Int) -> AirQualityCategory? {
        guard index >= 0 else { return nil }
        return categories.first { $0.highest.map { index <= $0 } ?? true }
    }
}

/// One band of an air-quality index: its name in words, its highest value, and its official colour.
public struct AirQualityCategory: Equatable, Sendable {
    /// In lower case, as a sentence uses it (`very poor`).
    public let name: String
    /// The highest index in the band; nil for the last, open band.
    public let highest: Int?
    /// The agency's colour, `0xRRGGBB`.
    public let rgb: UInt32
    /// Its place on the scale, 0 for the best.
    public let rank: Int

    static let european = table([
        ("good", 20, 0x50F0E6), ("fair", 40, 0x50CCAA), ("moderate", 60, 0xF0E641),
        ("poor", 80, 0xFF5050), ("very poor", 100, 0x960032), ("extremely poor", nil, 0x7D2181),
    ])

    static let us = table([
        ("good", 50, 0x00E400), ("moderate", 100, 0xFFFF00), ("unhealthy for sensitive groups", 150, 0xFF7E00),
        ("unhealthy", 200, 0xFF0000), ("very unhealthy", 300, 0x8F3F97), ("hazardous", nil, 0x7E0023),
    ])

    private static func table(_ rows: [(String, Int?, UInt32)]) -> [AirQualityCategory] {
        rows.enumerated().map { rank, row in AirQualityCategory(name: row.0, highest: row.1, rgb: row.2, rank: rank) }
    }
}

/// Which index the user chose (`--aqi`, remembered in `settings.plist`): one of the two, or the
/// one that goes with the units (the default, and what settings files from before it mean).
public enum AirQualityIndex: String, Codable, CaseIterable, Sendable {
    /// European with metric units, US with imperial.
    case units
    case eu
    case us

    /// The index shown with `units`.
    public func scale(with units: TemperatureUnit) -> AirQualityScale {
        switch self {
        case .units: .following(units)
        case .eu: .european
        case .us: .us
        }
    }
}

/// A listed place whose air is asked for: its key, its English name (for what a bad answer
/// says about it) and its coordinate.
public struct AirQualityPlace: Equatable, Sendable {
    public var key: String
    public var name: String
    public var latitude: Double
    public var longitude: Double

    public init(key: String, name: String, latitude: Double, longitude: Double) {
        self.key = key
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The air of the listed places and when it was fetched, kept in `AirQuality.plist` so it
/// survives a restart without the network.
public struct StoredAirQuality: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var fetchedAt: Date
    public var byCityKey: [String: AirQuality]

    public init(schemaVersion: Int = StoredAirQuality.currentSchemaVersion, fetchedAt: Date, byCityKey: [String: AirQuality]) {
        self.schemaVersion = schemaVersion
        self.fetchedAt = fetchedAt
        self.byCityKey = byCityKey
    }
}

extension AirQualityPlace {
    /// A listed city as a place whose air is asked for; nil when its coordinate is unknown or off
    /// the Earth (the API would refuse the whole request for it).
    public init?(_ city: CityWeather) {
        guard let position = city.geoPosition, abs(position.latitude) <= 90, abs(position.longitude) <= 180 else { return nil }
        self.init(key: city.key, name: city.englishName, latitude: position.latitude, longitude: position.longitude)
    }
}
