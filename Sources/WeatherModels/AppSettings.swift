/// Temperature units shown.
public enum TemperatureUnit: String, Codable, Equatable, Sendable, CaseIterable {
    /// Degrees Celsius.
    case metric
    /// Degrees Fahrenheit.
    case imperial

    /// `celsius` in this unit: the one conversion every °C ⇄ °F goes through.
    @inlinable public func degrees(celsius: Double) -> Double { self == .metric ? celsius : celsius * 9 / 5 + 32 }

    /// `degrees` of this unit in °C.
    @inlinable public func celsius(degrees: Double) -> Double { self == .metric ? degrees : (degrees - 32) * 5 / 9 }
}

/// What the city list is sorted by: a column's title, clicked, sorts by its field; `s` cycles
/// through `cycle`.
public enum SortField: String, Codable, Equatable, Sendable, CaseIterable {
    /// English name (the original app's order).
    case name
    /// Current temperature.
    case temperature
    /// Country's English name, then city name.
    case country
    /// Feels-like temperature (the wide list's column).
    case feelsLike
    /// Relative humidity (the wide list's column).
    case humidity
    /// Wind speed (the wide list's column).
    case wind
    /// The city's local time, earliest first: its offset from UTC now (the wide list's column).
    case localTime
    /// The weather's words, alphabetically.
    case weather
    /// The air-quality index shown, best first (the wide list's column).
    case airQuality
    /// The chance of precipitation over the coming hours (the map's rain layer, the wide list's column).
    case rainChance

    /// What `s` steps through: the columns every list shows that sort usefully by a key press,
    /// then the map layers' measures (rain chance, wind, the air), which a narrow list does not
    /// show as columns (it names such a sort at the titles' end). The others are a click on their
    /// title away.
    public static let cycle: [SortField] = [.name, .temperature, .country, .rainChance, .wind, .airQuality]

    /// The field `s` moves to: the next of `cycle`, round to the first; from a field outside
    /// it (sorted by a click), the first, so `s` always leads back into the cycle.
    public var next: SortField {
        guard let index = Self.cycle.firstIndex(of: self) else { return Self.cycle[0] }
        return Self.cycle[(index + 1) % Self.cycle.count]
    }
}

/// How the program writes the time of day.
public enum ClockStyle: String, Codable, Equatable, Sendable, CaseIterable {
    /// `7:42 AM`.
    case twelveHour = "12"
    /// `07:42`.
    case twentyFourHour = "24"
}

/// The user's remembered choices, kept in `settings.plist`.
public struct AppSettings: Codable, Equatable, Sendable {
    public var units: TemperatureUnit
    public var sortField: SortField
    public var sortDescending: Bool
    public var count: Int
    /// The language tag of the program and of the sources' names and text (`--lang`, `--language`);
    /// `en-us`, which earlier releases wrote whether or not it was chosen, counts as no choice.
    public var language: String
    public var selectedCityKey: String?
    /// What the map shows (`v`); nil in files of earlier releases: the temperature.
    public var mapLayer: MapLayer?
    /// The calls a day automatic refreshes may spend (`--daily-calls` overrides it); nil: the
    /// source's default. Only a person writes it: the program never saves it.
    public var dailyCalls: Int?
    /// The air-quality index chosen (`--aqi`); nil, as in files from before it: the units'.
    public var airQualityIndex: AirQualityIndex?
    /// `--clock`: nil, as in files from before it, the locale's convention.
    public var clock: ClockStyle?
    /// Whether the browser tells of rain due and new alerts through the terminal (`--notify`, the
    /// `N` key); nil, as in files from before it: not.
    public var notify: Bool?
    /// Whether the terminal's title shows the home place's weather (`--title`); nil, as in files
    /// from before it: no.
    public var title: Bool?

    public init(units: TemperatureUnit = .metric, sortField: SortField = .name, sortDescending: Bool = false, count: Int = FeedRequest.standard.count, language: String = FeedRequest.standard.language, selectedCityKey: String? = nil, mapLayer: MapLayer? = nil, dailyCalls: Int? = nil, airQualityIndex: AirQualityIndex? = nil, clock: ClockStyle? = nil, title: Bool? = nil) {
        self.units = units
        self.sortField = sortField
        self.sortDescending = sortDescending
        self.count = count
        self.language = language
        self.selectedCityKey = selectedCityKey
        self.mapLayer = mapLayer
        self.dailyCalls = dailyCalls
        self.airQualityIndex = airQualityIndex
        self.clock = clock
        self.title = title
    }

    /// The language a person chose, nil when the file holds none: empty, or `en-us`, which
    /// earlier releases wrote for everyone (a chosen English is kept as `en`).
    public var chosenLanguage: String? {
        language.isEmpty || language == FeedRequest.standard.language ? nil : language
    }
}

extension AppSettings {
    /// One of the remembered choices: what a run changed, so that saving writes only those over
    /// the file and keeps what another copy of the program saved meanwhile (docs/spec.md §3).
    public enum Field: String, CaseIterable, Sendable {
        case units, sortField, sortDescending, count, language, selectedCityKey, mapLayer, airQualityIndex, clock, notify, title
    }

    /// These settings with `fields` taken from `other`.
    public func taking(_ fields: Set<Field>, from other: AppSettings) -> AppSettings {
        var result = self
        for field in fields {
            switch field {
            case .units: result.units = other.units
            case .sortField: result.sortField = other.sortField
            case .sortDescending: result.sortDescending = other.sortDescending
            case .count: result.count = other.count
            case .language: result.language = other.language
            case .selectedCityKey: result.selectedCityKey = other.selectedCityKey
            case .airQualityIndex: result.airQualityIndex = other.airQualityIndex
            case .mapLayer: result.mapLayer = other.mapLayer
            case .clock: result.clock = other.clock
            case .notify: result.notify = other.notify
            case .title: result.title = other.title
            }
        }
        return result
    }
}
