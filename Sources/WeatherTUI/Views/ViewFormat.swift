import Foundation
import WeatherCore
import WeatherModels

/// Formatting only the views need (the rest is WeatherCore's `WeatherFormat`).
enum ViewFormat {
    /// The list's temperature: the same text as `WeatherFormat.temperature` ("7.2°C" / "45°F") without
    /// `String(format:)`, which costs a fifth of a 200×60 frame when called for every row.
    static func listTemperature(_ value: MetricImperial?, _ units: TemperatureUnit) -> String {
        guard let v = WeatherFormat.temperatureValue(value, units: units), v.isFinite, abs(v) < 1e6 else {
            return WeatherFormat.temperature(value, units: units)
        }
        if units == .metric { return "\(oneDecimal(v))°C" }
        let whole = Int(v.rounded(.toNearestOrEven))
        return whole == 0 && v.sign == .minus ? "-0°F" : "\(whole)°F"   // as printf's %.0f
    }

    /// The weather glyph for the screen: WeatherFormat's, except pictographs outside the BMP
    /// (🌤 🌧 🌫 🌬 🌨 🌡), which wcwidth counts as one column but tmux and many terminals draw as
    /// two, shifting the rest of the row; those get a one-column symbol of the same meaning.
    static func glyph(icon: Int?) -> String {
        let glyph = WeatherFormat.glyph(icon: icon)
        if glyph.unicodeScalars.allSatisfy({ $0.value < 0x1_0000 }) { return glyph }
        switch icon ?? 0 {
        case 3, 4, 5: return "☼"
        case 11: return "≡"
        case 12, 13, 14, 18, 39, 40: return "☂"
        case 19, 20, 21, 22, 23, 29, 43, 44: return "❄"
        case 30: return "♨"
        case 32: return "≈"
        default: return "·"
        }
    }

    /// "17.8 °C / 64 °F".
    static func bothUnits(_ value: MetricImperial?) -> String? {
        let c = value?.metric.map { "\(oneDecimal($0.value)) °C" }
        let f = value?.imperial.map { "\(Int($0.value.rounded())) °F" }
        switch (c, f) {
        case let (c?, f?): return "\(c) / \(f)"
        case let (c?, nil): return c
        case let (nil, f?): return f
        default: return nil
        }
    }

    /// A measured value in the chosen unit system, e.g. "16.1 km", "1013 mb".
    static func measure(_ value: MetricImperial?, _ units: TemperatureUnit, decimals: Int = 0) -> String? {
        guard let v = units == .metric ? (value?.metric ?? value?.imperial) : (value?.imperial ?? value?.metric) else { return nil }
        let number = decimals == 0 ? "\(Int(v.value.rounded()))" : oneDecimal(v.value)
        return "\(number) \(v.unit)"
    }

    /// Celsius of a forecast value whatever unit it came in.
    static func celsius(_ value: UnitValue?) -> Double? {
        guard let value else { return nil }
        return value.unit.uppercased() == "F" ? (value.value - 32) * 5 / 9 : value.value
    }

    static func oneDecimal(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded(.toNearestOrEven))
        let sign = tenths < 0 || (tenths == 0 && x.sign == .minus && x != 0) ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// Latitude/longitude as "35.68° N, 139.77° E".
    static func coordinates(latitude: Double, longitude: Double) -> String {
        func fixed2(_ x: Double) -> String {
            let h = Int((abs(x) * 100).rounded())
            return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
        }
        return "\(fixed2(latitude))° \(latitude >= 0 ? "N" : "S"), \(fixed2(longitude))° \(longitude >= 0 ? "E" : "W")"
    }
}
