import WeatherModels

/// Open-Meteo answers in one unit system (°C, km/h, hPa, mm, metres); the app shows both, so the
/// imperial half is derived here, once, and rounded as AccuWeather rounds its own values.
enum UnitConversion {
    static func fahrenheit(celsius: Double) -> Double { TemperatureUnit.imperial.degrees(celsius: celsius) }
    static func milesPerHour(kilometresPerHour: Double) -> Double { kilometresPerHour / 1.609344 }
    static func miles(kilometres: Double) -> Double { kilometres / 1.609344 }
    static func inchesOfMercury(hectopascals: Double) -> Double { hectopascals * 0.029529983 }
    static func inches(millimetres: Double) -> Double { millimetres / 25.4 }
    static func feet(metres: Double) -> Double { metres / 0.3048 }

    /// `value` rounded to `places` decimals, never `-0` (a `-0.04 °C` must not read `-0.0`).
    static func rounded(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        let result = (value * scale).rounded() / scale
        return result == 0 ? 0 : result
    }

    // AccuWeather's UnitType numbers, so the values look like the ones its payloads carry.
    private static let celsiusType = 17, fahrenheitType = 18, kmhType = 7, mphType = 9
    private static let kmType = 6, miType = 2, mbType = 14, inHgType = 12, mmType = 3, inType = 1, mType = 5, ftType = 0

    /// One unit of a measure: its name, AccuWeather's `UnitType` number, and the decimals shown.
    private struct Unit {
        let name: String
        let type: Int
        let places: Int

        func value(_ x: Double) -> UnitValue { UnitValue(value: rounded(x, places: places), unit: name, unitType: type) }
    }

    /// `value` in its metric unit and, converted by `toImperial`, its imperial one; nil when absent or not finite.
    private static func measure(_ value: Double?, _ metric: Unit, _ imperial: Unit, toImperial: (Double) -> Double) -> MetricImperial? {
        guard let value, value.isFinite else { return nil }
        return MetricImperial(metric: metric.value(value), imperial: imperial.value(toImperial(value)))
    }

    /// °C to one decimal, °F whole, as AccuWeather's current conditions give them.
    static func temperature(celsius: Double?) -> MetricImperial? {
        measure(celsius, Unit(name: "C", type: celsiusType, places: 1), Unit(name: "F", type: fahrenheitType, places: 0)) {
            fahrenheit(celsius: $0)
        }
    }

    /// km/h and mi/h, one decimal each.
    static func speed(kilometresPerHour: Double?) -> MetricImperial? {
        measure(kilometresPerHour, Unit(name: "km/h", type: kmhType, places: 1), Unit(name: "mi/h", type: mphType, places: 1)) {
            milesPerHour(kilometresPerHour: $0)
        }
    }

    /// Open-Meteo's visibility is in metres; shown in km and mi, one decimal.
    static func visibility(metres: Double?) -> MetricImperial? {
        measure(metres.map { $0 / 1000 }, Unit(name: "km", type: kmType, places: 1), Unit(name: "mi", type: miType, places: 1)) {
            miles(kilometres: $0)
        }
    }

    /// hPa (AccuWeather's `mb`, whole) and inHg (two decimals).
    static func pressure(hectopascals: Double?) -> MetricImperial? {
        measure(hectopascals, Unit(name: "mb", type: mbType, places: 0), Unit(name: "inHg", type: inHgType, places: 2)) {
            inchesOfMercury(hectopascals: $0)
        }
    }

    /// mm (one decimal) and in (two decimals).
    static func precipitation(millimetres: Double?) -> MetricImperial? {
        measure(millimetres, Unit(name: "mm", type: mmType, places: 1), Unit(name: "in", type: inType, places: 2)) {
            inches(millimetres: $0)
        }
    }

    /// m and ft, whole.
    static func elevation(metres: Double?) -> MetricImperial? {
        measure(metres, Unit(name: "m", type: mType, places: 0), Unit(name: "ft", type: ftType, places: 0)) {
            feet(metres: $0)
        }
    }

    /// A single-unit °C value for forecasts (AccuWeather's `metric=true` shape), one decimal.
    static func forecastCelsius(_ celsius: Double?) -> UnitValue? {
        celsius.flatMap { $0.isFinite ? Unit(name: "C", type: celsiusType, places: 1).value($0) : nil }
    }

    /// A whole number from a JSON number that should be one (a code, a percentage); nil for NaN or out of range.
    static func whole(_ value: Double?) -> Int? {
        guard let value, value.isFinite, abs(value) < 1e9 else { return nil }
        return Int(value.rounded())
    }
}
