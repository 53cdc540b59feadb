#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels

extension DemoData {
    /// Each bundled city's air (`Resources/demo/air.json`), decoded once: the values of the
    /// capture's hour, which the demo serves as the current hour's.
    static let allAir: [String: AirQuality] = decode([String: AirQuality].self, airJSON) ?? [:]

    /// The demo's air for `places`: the bundled values of each bundled city, dated the hour of
    /// `now`; a place found by search has none.
    public static func airQuality(for places: [AirQualityPlace], now: Date) -> [String: AirQuality] {
        let hour = Int(ZoneInfo.seconds(of: now)) / 3600 * 3600
        var air: [String: AirQuality] = [:]
        for place in places {
            guard var bundled = allAir[place.key] else { continue }
            bundled.epochTime = hour
            air[place.key] = bundled
        }
        return air
    }
}
