import WeatherModels

/// Open-Meteo answers in one unit system (°C, km/h, hPa, mm, metres); the app shows both, so the
/// imperial half is derived here, once, and rounded as AccuWeather rounds its own values.
enum UnitConversion {
    static func fahrenheit(celsius: Double) -> Double { celsius * 9 / 5 + 32 }
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

    /// °C to one decimal, °F whole, as AccuWeather's current conditions give them.
    static func temperature(celsius: Double?) -> MetricImperial? {
        guard let celsius, celsius.isFinite else { return nil }
        return MetricImperial(
            metric: UnitValue(value: rounded(celsius, places: 1), unit: "C", unitType: celsiusType),
            imperial: UnitValue(value: rounded(fahrenheit(celsius: celsius), places: 0), unit: "F", unitType: fahrenheitType)
        )
    }

    /// km/h and mi/h, one decimal each.
    static func speed(kilometresPerHour: Double?) -> MetricImperial? {
        guard let kilometresPerHour, kilometresPerHour.isFinite else { return nil }
        return MetricImperial(
            metric: UnitValue(value: rounded(kilometresPerHour, places: 1), unit: "km/h", unitType: kmhType),
            imperial: UnitValue(value: rounded(milesPerHour(kilometresPerHour: kilometresPerHour), places: 1), unit: "mi/h", unitType: mphType)
        )
    }

    /// Open-Meteo's visibility is in metres; shown in km and mi, one decimal.
    static func visibility(metres: Double?) -> MetricImperial? {
        guard let metres, metres.isFinite else { return nil }
        let kilometres = metres / 1000
        return MetricImperial(
            metric: UnitValue(value: rounded(kilometres, places: 1), unit: "km", unitType: kmType),
            imperial: UnitValue(value: rounded(miles(kilometres: kilometres), places: 1), unit: "mi", unitType: miType)
        )
    }

    /// hPa (AccuWeather's `mb`, whole) and inHg (two decimals).
    static func pressure(hectopascals: Double?) -> MetricImperial? {
        guard let hectopascals, hectopascals.isFinite else { return nil }
        return MetricImperial(
            metric: UnitValue(value: rounded(hectopascals, places: 0), unit: "mb", unitType: mbType),
            imperial: UnitValue(value: rounded(inchesOfMercury(hectopascals: hectopascals), places: 2), unit: "inHg", unitType: inHgType)
        )
    }

    /// mm (one decimal) and in (two decimals).
    static func precipitation(millimetres: Double?) -> MetricImperial? {
        guard let millimetres, millimetres.isFinite else { return nil }
        return MetricImperial(
            metric: UnitValue(value: rounded(millimetres, places: 1), unit: "mm", unitType: mmType),
            imperial: UnitValue(value: rounded(inches(millimetres: millimetres), places: 2), unit: "in", unitType: inType)
        )
    }

    /// m and ft, whole.
    static func elevation(metres: Double?) -> MetricImperial? {
        guard let metres, metres.isFinite else { return nil }
        return MetricImperial(
            metric: UnitValue(value: rounded(metres, places: 0), unit: "m", unitType: mType),
            imperial: UnitValue(value: rounded(feet(metres: metres), places: 0), unit: "ft", unitType: ftType)
        )
    }

    /// A single-unit °C value for forecasts (AccuWeather's `metric=true` shape), one decimal.
    static func forecastCelsius(_ celsius: Double?) -> UnitValue? {
        guard let celsius, celsius.isFinite else { return nil }
        return UnitValue(value: rounded(celsius, places: 1), unit: "C", unitType: celsiusType)
    }

    /// A single-unit mm value for forecasts.
    static func forecastMillimetres(_ millimetres: Double?) -> UnitValue? {
        guard let millimetres, millimetres.isFinite else { return nil }
        return UnitValue(value: rounded(millimetres, places: 1), unit: "mm", unitType: mmType)
    }

    /// A whole number from a JSON number that should be one (a code, a percentage); nil for NaN or out of range.
    static func whole(_ value: Double?) -> Int? {
        guard let value, value.isFinite, abs(value) < 1e9 else { return nil }
        return Int(value.rounded())
    }
}
