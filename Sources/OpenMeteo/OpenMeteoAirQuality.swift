import WeatherModels

/// One location's answer of `/v1/air-quality` (with `timeformat=unixtime`): the `current` block
/// as Open-Meteo's documentation lists it. Unknown fields are ignored.
struct OpenMeteoAirQuality: Decodable, Equatable, Sendable {
    var current: Current

    /// One value per requested variable at `time` (seconds since 1970); `null` where the model has
    /// none (pollen outside Europe or out of season).
    struct Current: Decodable, Equatable, Sendable {
        var time: Int
        var europeanAQI: Double?
        var usAQI: Double?
        /// µg/m³, each.
        var pm2_5: Double?
        var pm10: Double?
        var ozone: Double?
        var nitrogenDioxide: Double?
        /// Grains/m³, each.
        var alderPollen: Double?
        var birchPollen: Double?
        var grassPollen: Double?
        var ragweedPollen: Double?

        /// The names Open-Meteo answers with, and the variables the request asks for (`time` aside):
        /// ten at most, so a place costs one call against Open-Meteo's limits. Of its six pollens,
        /// the four trees and grasses that reach the most people.
        enum CodingKeys: String, CodingKey, CaseIterable {
            case time
            case europeanAQI = "european_aqi"
            case usAQI = "us_aqi"
            case pm2_5
            case pm10
            case ozone
            case nitrogenDioxide = "nitrogen_dioxide"
            case alderPollen = "alder_pollen"
            case birchPollen = "birch_pollen"
            case grassPollen = "grass_pollen"
            case ragweedPollen = "ragweed_pollen"
        }
    }

    /// Largest index kept: the European one is open-ended, the US one ends at 500 but models go past it.
    static let highestIndex = 9_999.0
    /// Largest concentration kept, µg/m³ or grains/m³: a hundred times the worst ever measured.
    static let highestConcentration = 1_000_000.0

    /// The app's model: an index a whole number, a concentration to one decimal; a value that is
    /// not a number a place can have (negative, NaN, past the highest) is absent, so nothing drawn
    /// from it can trap or mislead.
    var airQuality: AirQuality {
        AirQuality(
            epochTime: current.time,
            europeanAQI: Self.index(current.europeanAQI), usAQI: Self.index(current.usAQI),
            pm2_5: Self.concentration(current.pm2_5), pm10: Self.concentration(current.pm10),
            ozone: Self.concentration(current.ozone), nitrogenDioxide: Self.concentration(current.nitrogenDioxide),
            alderPollen: Self.concentration(current.alderPollen), birchPollen: Self.concentration(current.birchPollen),
            grassPollen: Self.concentration(current.grassPollen), ragweedPollen: Self.concentration(current.ragweedPollen)
        )
    }

    private static func index(_ value: Double?) -> Int? {
        guard let value, value.isFinite, (0...highestIndex).contains(value) else { return nil }
        return Int(value.rounded())
    }

    private static func concentration(_ value: Double?) -> Double? {
        guard let value, value.isFinite, (0...highestConcentration).contains(value) else { return nil }
        return UnitConversion.rounded(value, places: 1)
    }
}
