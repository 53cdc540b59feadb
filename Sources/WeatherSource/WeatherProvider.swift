/// Where live weather comes from (`--source`, docs/spec.md §1 and §4).
public enum WeatherProvider: String, CaseIterable, Equatable, Sendable {
    /// AccuWeather's Top Cities API: needs a key.
    case accuWeather = "accuweather"
    /// Open-Meteo: no key, free for non-commercial use.
    case openMeteo = "open-meteo"

    /// The name a person reads in the header.
    public var displayName: String {
        switch self {
        case .accuWeather: "AccuWeather"
        case .openMeteo: "Open-Meteo"
        }
    }

    /// The source named in the fewest words its terms allow, for narrow terminals.
    public var shortName: String {
        switch self {
        case .accuWeather: "AccuWeather"
        case .openMeteo: "Open-Meteo.com"
        }
    }

    /// Whether a request needs an API key.
    public var needsKey: Bool { self == .accuWeather }

    /// Whether its list brings each place's chance of precipitation for the coming hours
    /// (`CityWeather.rainChanceNextHours`); AccuWeather's Top Cities answer has none.
    public var listsRainChance: Bool { self == .openMeteo }

    /// The attribution its terms ask for wherever its data is shown; nil when none is asked.
    public var attribution: String? {
        switch self {
        case .accuWeather: nil
        case .openMeteo: "Weather data by Open-Meteo.com"
        }
    }
}

extension WeatherProvider {
    /// The calls a day automatic refreshes may spend when nothing says otherwise: Open-Meteo's
    /// half of its free 10,000, leaving room for other programs on the same address;
    /// AccuWeather's limits depend on the paid plan, so none.
    public var defaultDailyCalls: Int? {
        switch self {
        case .accuWeather: nil
        case .openMeteo: 5_000
        }
    }

    /// The day's budget: `--daily-calls`, else the settings file's `dailyCalls`, else the default.
    public func dailyCalls(option: Int?, settings: Int?) -> Int? {
        option ?? settings ?? defaultDailyCalls
    }
}
