#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherCore
import WeatherModels
import WeatherSource

/// What `--once` prints: a feed and where it came from (docs/spec.md §6).
struct OnceReport: Equatable {
    var feed: WeatherFeedSummary
    var source: FeedSource
    /// True when a fetch was wanted and failed, or `--offline` was given.
    var offline: Bool
    /// Why the data is not fresh from the network, in the words of docs/spec.md §4.
    var reason: String?
    /// Whose data it is; nil for the bundled demo.
    var provider: WeatherProvider? = nil
    /// The keys of the cities the user pinned or added (`Pinned.plist`), as the browser stars them.
    var pinned: Set<String> = []
    /// The units of this run (the flag, else the remembered ones), as the browser shows them.
    var units: TemperatureUnit = .metric
    /// The names the browser gives the own cities another listed city shares a name with
    /// (`Paris, Texas`: docs/spec.md §5), by key; a city not here goes by its own name.
    var names: [String: String] = [:]
    /// The run's language: the table's headings and last line are in it (JSON and CSV are for
    /// programs, and keep their keys and values).
    var language: Language = .english
    /// The official alerts in force of each place whose alerts are known (checked: possibly none),
    /// by key; a place not here has alerts not known (no source covers it, or it could not be asked).
    var alerts: [String: [WeatherAlert]] = [:]
    /// The kept places' rain in the next two hours, by key: the spell due, nil when none is due or
    /// none is known. A place not kept has no entry (its JSON has no `nowcast`).
    var nowcasts: [String: RainSpell?] = [:]
    /// `--once --forecast`: each printed place's forecast, by key; nil when not asked for.
    var forecasts: [String: OnceForecast]? = nil

    /// `"accuweather"`, `"open-meteo"` or `"demo"`, as the JSON says.
    var providerName: String { provider?.rawValue ?? "demo" }
}
