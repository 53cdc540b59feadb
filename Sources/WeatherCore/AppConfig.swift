#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels
import WeatherSource

/// How this run was started: what the command line and environment decided.
public struct AppConfig: Equatable, Sendable {
    /// Cities asked for; nil means the remembered count, else 50.
    public var count: Int?
    /// Language tag (`--lang`, `--language`); nil means the remembered one, else the
    /// environment's.
    public var language: String?
    /// The locale the environment names (`LC_ALL`, `LC_MESSAGES`, `LANG`: `Language.environmentLocale`),
    /// nil when none does: the language when none is chosen, and the clock's convention.
    public var environmentLocale: String?
    /// `--clock`: nil, the remembered one, else the locale's convention.
    public var clock: ClockStyle?
    /// Units given on the command line; they win over the remembered ones for this run.
    public var units: TemperatureUnit?
    /// Start-up fetch only when the archive is older than this (seconds).
    public var refreshAfter: TimeInterval
    /// `--offline`: never touch the network.
    public var offline: Bool
    /// `--demo`: bundled data, no network, no key.
    public var demo: Bool
    /// Where live weather comes from.
    public var provider: WeatherProvider
    /// Whether an API key was found (the key itself stays in the client).
    public var hasAPIKey: Bool
    /// The API host, for messages (`dataservice.accuweather.com`).
    public var host: String
    /// The user's time zone, for "updated 12:04" and the banner's saved time.
    public var timeZone: ZoneInfo
    /// Whether the user is in the browser (else `--once`): what a notice tells them to do names
    /// the browser's keys only there.
    public var inBrowser: Bool
    /// Whether the browser reads the mouse (`--no-mouse` leaves it to the terminal): the help
    /// lists clicks only then.
    public var mouse: Bool
    /// `--daily-calls`: calls a day automatic refreshes may spend (nil: the settings file's, else
    /// the source's default).
    public var dailyCalls: Int?
    /// What one refresh of the list costs by the source's own counting (`CallCost`).
    public var refreshCost: RefreshCost = RefreshCost(fixed: 1, perPlace: 0, perOwnCity: 1)
    /// `--aqi`: the air-quality index chosen for this run (and remembered); nil: the remembered one.
    public var airQualityIndex: AirQualityIndex?
    /// `--title` (true) or `--no-title` (false): the home place's weather in the terminal's title
    /// for this run, and remembered; nil: the remembered choice.
    public var title: Bool?
    /// What the air's request costs a place against this source's budget (`CallCost`): Open-Meteo
    /// counts its air-quality API with its forecasts; none for another source, whose budget it is not.
    public var airCallsPerPlace: Double = 0
    /// What the air's request costs a place by Open-Meteo's rule, against its own gate.
    public var airCostPerPlace: Double = 1
    /// What the nowcasts' request costs a place by Open-Meteo's rule, against its gate.
    public var nowcastCostPerPlace: Double = 1
    /// `--notify` (true, and remembered) or `--no-notify` (false, for this run); nil: the remembered setting.
    public var notify: Bool?
    /// What a detail's forecast costs by the source's rule (AccuWeather: the days and the hours).
    public var forecastCost: Double = 2
    /// What a place search costs by the source's rule, as the ledger counts it.
    public var searchCost: Double = 1
    /// A `--city` run prints only these places (by key): only they are asked for, and only when
    /// what is saved of them is not fresh. Nil: the whole list.
    public var printedPlaceKeys: [String]?
    /// The names of the keys the core's words name (a notice, the empty screen, the add-a-city
    /// prompt), as the front end's key table gives them.
    public var keyNames: KeyNames = .standard

    public init(count: Int? = nil, language: String? = nil, units: TemperatureUnit? = nil, refreshAfter: TimeInterval = 30 * 60,
                offline: Bool = false, demo: Bool = false, provider: WeatherProvider = .accuWeather, hasAPIKey: Bool = true, host: String = "dataservice.accuweather.com",
                timeZone: ZoneInfo = .local, inBrowser: Bool = true, mouse: Bool = true) {
        self.count = count
        self.language = language
        self.units = units
        self.refreshAfter = refreshAfter
        self.offline = offline
        self.demo = demo
        self.provider = provider
        self.hasAPIKey = hasAPIKey
        self.host = host
        self.timeZone = timeZone
        self.inBrowser = inBrowser
        self.mouse = mouse
    }
}

/// One refresh's calls, as a source counts them: `fixed + perPlace × listed places + perOwnCity ×
/// own cities` (AccuWeather: 1 + 1 per own city; Open-Meteo: what its client's list request weighs
/// a place, for every place). The executable fills it from each client's own cost rule.
public struct RefreshCost: Equatable, Sendable {
    public var fixed: Double
    public var perPlace: Double
    public var perOwnCity: Double

    public init(fixed: Double, perPlace: Double, perOwnCity: Double) {
        self.fixed = fixed
        self.perPlace = perPlace
        self.perOwnCity = perOwnCity
    }

    /// Calls one refresh of `places` listed places and `own` own cities costs.
    public func calls(places: Int, own: Int) -> Double {
        fixed + perPlace * Double(max(places, 0)) + perOwnCity * Double(max(own, 0))
    }
}
