#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels

/// The bundled top-cities list (`Resources/open-meteo/topcities.json`, compiled in by
/// `scripts/make-top-cities`): AccuWeather's top cities with their keys, names, coordinates and
/// time zones, in the order the app lists them.
public enum OpenMeteoTopCities {
    /// Every bundled city, decoded once; empty only if the generated literal were broken, which a test rules out.
    public static let all: [TopCity] = {
        (try? JSONDecoder().decode([TopCity].self, from: Data(embeddedJSON.utf8))) ?? []
    }()

    /// The first `count` cities (`--count 50|100|150`); all of them when `count` is larger, none when it is not positive.
    public static func first(_ count: Int) -> [TopCity] {
        Array(all.prefix(max(0, count)))
    }
}
