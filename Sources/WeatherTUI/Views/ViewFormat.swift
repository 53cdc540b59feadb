#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherCore
import WeatherModels

/// Formatting only the views need (the rest is WeatherCore's `WeatherFormat`).
enum ViewFormat {
    /// The weather glyph for the screen (one column; see `WeatherFormat.glyph`).
    static func glyph(icon: Int?) -> String {
        WeatherFormat.glyph(icon: icon)
    }

    /// "17.8 °C / 64 °F".
    static func bothUnits(_ value: MetricImperial?) -> String? {
        let c = value?.metric.map { "\(WeatherFormat.oneDecimal($0.value)) °C" }
        let f = value?.imperial.map { "\(WeatherFormat.whole($0.value)) °F" }
        switch (c, f) {
        case let (c?, f?): return "\(c) / \(f)"
        case let (c?, nil): return c
        case let (nil, f?): return f
        default: return nil
        }
    }

    /// Celsius of a forecast value whatever unit it came in.
    static func celsius(_ value: UnitValue?) -> Double? {
        value?.celsius
    }

    /// Latitude/longitude as "35.68° N, 139.77° E".
    static func coordinates(latitude: Double, longitude: Double) -> String {
        func fixed2(_ x: Double) -> String {
            guard abs(x) < 1e12 else { return abs(x).fixed(2) }  // no place; never trap on it
            let h = Int((abs(x) * 100).rounded())
            return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
        }
        return "\(fixed2(latitude))° \(latitude >= 0 ? "N" : "S"), \(fixed2(longitude))° \(longitude >= 0 ? "E" : "W")"
    }
}
