/// A wind direction: degrees and compass names.
public struct WindDirection: Codable, Equatable, Sendable {
    public var degrees: Double?
    public var localized: String?
    public var english: String?

    public init(degrees: Double?, localized: String?, english: String?) {
        self.degrees = degrees
        self.localized = localized
        self.english = english
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case degrees = "Degrees", localized = "Localized", english = "English"
    }
}

/// Wind or gust in current conditions: dual-unit speed and (for wind) a direction.
public struct Wind: Codable, Equatable, Sendable {
    public var direction: WindDirection?
    public var speed: MetricImperial?

    public init(direction: WindDirection?, speed: MetricImperial?) {
        self.direction = direction
        self.speed = speed
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case direction = "Direction", speed = "Speed"
    }
}

/// Pressure tendency: `Code` is `R` (rising), `S` (steady) or `F` (falling).
public struct PressureTendency: Codable, Equatable, Sendable {
    public var localizedText: String?
    public var code: String?

    public init(localizedText: String?, code: String?) {
        self.localizedText = localizedText
        self.code = code
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case localizedText = "LocalizedText", code = "Code"
    }
}

/// Precipitation over the past hours.
public struct PrecipitationSummary: Codable, Equatable, Sendable {
    public var precipitation: MetricImperial?
    public var pastHour: MetricImperial?
    public var past3Hours: MetricImperial?
    public var past6Hours: MetricImperial?
    public var past9Hours: MetricImperial?
    public var past12Hours: MetricImperial?
    public var past18Hours: MetricImperial?
    public var past24Hours: MetricImperial?

    public init(
        precipitation: MetricImperial? = nil, pastHour: MetricImperial? = nil, past3Hours: MetricImperial? = nil,
        past6Hours: MetricImperial? = nil, past9Hours: MetricImperial? = nil, past12Hours: MetricImperial? = nil,
        past18Hours: MetricImperial? = nil, past24Hours: MetricImperial? = nil
    ) {
        self.precipitation = precipitation
        self.pastHour = pastHour
        self.past3Hours = past3Hours
        self.past6Hours = past6Hours
        self.past9Hours = past9Hours
        self.past12Hours = past12Hours
        self.past18Hours = past18Hours
        self.past24Hours = past24Hours
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case precipitation = "Precipitation", pastHour = "PastHour", past3Hours = "Past3Hours"
        case past6Hours = "Past6Hours", past9Hours = "Past9Hours", past12Hours = "Past12Hours"
        case past18Hours = "Past18Hours", past24Hours = "Past24Hours"
    }
}

/// Temperature ranges over the past 6, 12 and 24 hours.
public struct TemperatureSummary: Codable, Equatable, Sendable {
    public var past6HourRange: MetricImperialRange?
    public var past12HourRange: MetricImperialRange?
    public var past24HourRange: MetricImperialRange?

    public init(past6HourRange: MetricImperialRange? = nil, past12HourRange: MetricImperialRange? = nil, past24HourRange: MetricImperialRange? = nil) {
        self.past6HourRange = past6HourRange
        self.past12HourRange = past12HourRange
        self.past24HourRange = past24HourRange
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case past6HourRange = "Past6HourRange", past12HourRange = "Past12HourRange", past24HourRange = "Past24HourRange"
    }
}
