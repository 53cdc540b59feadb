import Foundation
import WeatherModels

/// Small, allocation-light formatting for the views (no DateFormatter: frames must stay cheap).
enum ViewFormat {
    /// "7.2°C" / "45°F" in the chosen units (one decimal for Celsius as the original app).
    static func temperature(_ value: MetricImperial?, _ units: TemperatureUnit) -> String {
        guard let v = units == .metric ? value?.metric : value?.imperial else { return "–" }
        return units == .metric ? "\(oneDecimal(v.value))°C" : "\(Int(v.value.rounded()))°F"
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

    /// Temperature of a forecast value (sent in °C) in the chosen units, whole degrees: "18°".
    static func degrees(celsius: Double, _ units: TemperatureUnit) -> String {
        let v = units == .metric ? celsius : celsius * 9 / 5 + 32
        return "\(Int(v.rounded()))°"
    }

    /// Celsius of a forecast value whatever unit it came in.
    static func celsius(_ value: UnitValue?) -> Double? {
        guard let value else { return nil }
        return value.unit.uppercased() == "F" ? (value.value - 32) * 5 / 9 : value.value
    }

    static func oneDecimal(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// "just now", "5 min ago", "3 h ago", "2 days ago".
    static func age(from then: Date, to now: Date) -> String {
        let s = Int(now.timeIntervalSince(then))
        switch s {
        case ..<60: return "just now"
        case ..<3600: return "\(s / 60) min ago"
        case ..<(2 * 86400): return "\(s / 3600) h ago"
        default: return "\(s / 86400) days ago"
        }
    }

    /// Wall-clock parts of `date` at `offset` seconds from UTC.
    static func clock(_ date: Date, offset: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, weekday: Int) {
        let t = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(t) / 86400).rounded(.down))
        let secs = t - days * 86400
        // Civil-from-days (Howard Hinnant's algorithm): no Calendar, no allocation.
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        let weekday = ((days % 7) + 7 + 4) % 7   // 0 = Sunday; 1970-01-01 was a Thursday
        return (y, m, d, secs / 3600, (secs % 3600) / 60, weekday)
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// "12:04".
    static func time(_ date: Date, offset: Int) -> String {
        let c = clock(date, offset: offset)
        return "\(two(c.hour)):\(two(c.minute))"
    }

    /// "2026-11-22 09:14".
    static func dateTime(_ date: Date, offset: Int) -> String {
        let c = clock(date, offset: offset)
        return "\(c.year)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// "UTC+9", "UTC+5:30", "UTC".
    static func utcOffset(hours: Double) -> String {
        let minutes = Int((hours * 60).rounded())
        if minutes == 0 { return "UTC" }
        let sign = minutes < 0 ? "-" : "+"
        let h = abs(minutes) / 60, m = abs(minutes) % 60
        return m == 0 ? "UTC\(sign)\(h)" : "UTC\(sign)\(h):\(two(m))"
    }

    /// A one-column glyph for AccuWeather icon codes 1–44 (chosen to be one cell wide everywhere).
    static func glyph(icon: Int?) -> String {
        switch icon ?? 0 {
        case 1, 2, 30: return "☀"
        case 3, 4, 5, 21: return "☼"
        case 6, 7, 8, 20, 23, 38: return "☁"
        case 11: return "≡"
        case 12, 13, 14, 18, 39, 40: return "☂"
        case 15, 16, 17, 41, 42: return "↯"
        case 19, 22, 24, 25, 26, 29, 43, 44: return "❄"
        case 31: return "*"
        case 32: return "≈"
        case 33, 34, 35, 36, 37: return "☾"
        default: return "·"
        }
    }

    /// Latitude/longitude as "35.68° N, 139.77° E".
    static func coordinates(latitude: Double, longitude: Double) -> String {
        func fixed2(_ x: Double) -> String {
            let h = Int((abs(x) * 100).rounded())
            return "\(h / 100).\(two(h % 100))"
        }
        return "\(fixed2(latitude))° \(latitude >= 0 ? "N" : "S"), \(fixed2(longitude))° \(longitude >= 0 ? "E" : "W")"
    }
}
