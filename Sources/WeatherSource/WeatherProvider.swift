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

    /// Whether a request needs an API key.
    public var needsKey: Bool { self == .accuWeather }

    /// The attribution its terms ask for wherever its data is shown; nil when none is asked.
    public var attribution: String? {
        switch self {
        case .accuWeather: nil
        case .openMeteo: "Weather data by Open-Meteo.com"
        }
    }
}
