#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels

extension DemoData {
    /// What the demo's places' coming quarter hours hold, by the sum of their key's bytes modulo 3:
    /// no rain, rain falling now that stops within the hour, or rain coming in about half an hour
    /// (light, then heavier). London (328328) is one where rain is coming.
    enum NowcastPattern: Int, CaseIterable {
        case dry, rainStopping, rainComing

        /// Millimetres in each of the 16 quarters from the one under way.
        var millimetres: [Double] {
            switch self {
            case .rainComing: [0, 0, 0.2, 0.5, 1.1, 0.6, 0.2] + Array(repeating: 0, count: 9)
            case .dry: Array(repeating: 0, count: 16)
            case .rainStopping: [0.4, 0.3, 0.1] + Array(repeating: 0, count: 13)
            }
        }

        init(key: String) {
            self = NowcastPattern(rawValue: key.utf8.reduce(0) { ($0 + Int($1)) % 3 }) ?? .dry
        }
    }

    /// The demo's nowcasts for `places`, from the quarter under way at `now`, native where
    /// Open-Meteo's 15-minute data is.
    public static func nowcasts(for places: [AirQualityPlace], now: Date) -> [String: Nowcast] {
        let quarter = Int(Nowcast.quarter)
        let firstEnd = (Int(ZoneInfo.seconds(of: now)) / quarter + 1) * quarter
        var nowcasts: [String: Nowcast] = [:]
        for place in places {
            let millimetres = NowcastPattern(key: place.key).millimetres
            let native = NowcastCoverage.isNative(latitude: place.latitude, longitude: place.longitude)
            nowcasts[place.key] = Nowcast(quarters: millimetres.enumerated().map {
                NowcastQuarter(epochTime: firstEnd + $0.offset * quarter, precipitation: $0.element)
            }, native: native)
        }
        return nowcasts
    }
}
