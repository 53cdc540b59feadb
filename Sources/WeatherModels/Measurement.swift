/// One measured value as AccuWeather sends it: `{Value, Unit, UnitType, Phrase?}`.
public struct UnitValue: Codable, Equatable, Sendable {
    public var value: Double
    public var unit: String
    public var unitType: Int?
    public var phrase: String?

    public init(value: Double, unit: String, unitType: Int? = nil, phrase: String? = nil) {
        self.value = value
        self.unit = unit
        self.unitType = unitType
        self.phrase = phrase
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case value = "Value", unit = "Unit", unitType = "UnitType", phrase = "Phrase"
    }
}

extension UnitValue {
    /// A single-unit temperature (a forecast's) in °C, whatever unit it was sent in.
    public var celsius: Double {
        (unit.uppercased() == "F" ? TemperatureUnit.imperial : .metric).celsius(degrees: value)
    }
}

/// A value given in both unit systems (current conditions send `{Metric, Imperial}`).
public struct MetricImperial: Codable, Equatable, Sendable {
    public var metric: UnitValue?
    public var imperial: UnitValue?

    public init(metric: UnitValue?, imperial: UnitValue?) {
        self.metric = metric
        self.imperial = imperial
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case metric = "Metric", imperial = "Imperial"
    }
}

/// A minimum/maximum pair of dual-unit values (temperature summaries).
public struct MetricImperialRange: Codable, Equatable, Sendable {
    public var minimum: MetricImperial?
    public var maximum: MetricImperial?

    public init(minimum: MetricImperial?, maximum: MetricImperial?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case minimum = "Minimum", maximum = "Maximum"
    }
}
