#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One official weather alert for a place, whichever source issued it (docs/spec.md §4
/// "Official alerts"). Its texts are the issuer's own, capped in length but not otherwise
/// edited: they reach a terminal only through `TerminalText`.
public struct WeatherAlert: Codable, Equatable, Sendable {
    /// What the alert is about, in the issuer's words (`Winter Storm Warning`, `wind gusts`).
    public var event: String
    public var severity: AlertSeverity
    /// The issuer's one-line summary, when it gives one.
    public var headline: String?
    public var description: String?
    /// What to do, when the issuer says.
    public var instruction: String?
    /// When the hazard begins, when the issuer says.
    public var onset: Date?
    /// When the alert stops being in force; nil when the issuer names no end.
    public var expires: Date?
    /// Who issued it, as the source names them (`NWS Boulder CO`, `MET Norway`).
    public var sender: String
    public var source: AlertSource

    public init(
        event: String, severity: AlertSeverity, headline: String? = nil, description: String? = nil,
        instruction: String? = nil, onset: Date? = nil, expires: Date? = nil, sender: String, source: AlertSource
    ) {
        self.event = event
        self.severity = severity
        self.headline = headline
        self.description = description
        self.instruction = instruction
        self.onset = onset
        self.expires = expires
        self.sender = sender
        self.source = source
    }

    /// Whether it is still in force at `now`: an alert without an end stays until its source
    /// stops listing it.
    public func isActive(at now: Date) -> Bool {
        expires.map { $0 > now } ?? true
    }
}

/// The Common Alerting Protocol's severity, which every source here speaks (CAP 1.2 §3.2.2).
public enum AlertSeverity: String, Codable, CaseIterable, Comparable, Sendable {
    /// Extraordinary threat to life or property.
    case extreme
    /// Significant threat to life or property.
    case severe
    /// Possible threat to life or property.
    case moderate
    /// Minimal to no known threat.
    case minor
    /// Not known, or a word this program does not know.
    case unknown

    /// The severity a source names, in any casing (`Severe`, `severe`); unknown for any other word.
    public init(sourceWord: String) {
        self = AlertSeverity(rawValue: sourceWord.lowercased()) ?? .unknown
    }

    /// Extreme first, unknown last, so the highest of a place's alerts is its `min()`.
    public static func < (lhs: AlertSeverity, rhs: AlertSeverity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .extreme: 0
        case .severe: 1
        case .moderate: 2
        case .minor: 3
        case .unknown: 4
        }
    }
}

/// The sources of alerts: the keyless official ones, each asked only about the places of its
/// countries, and AccuWeather for its key holders' places that none of those covers.
public enum AlertSource: String, Codable, CaseIterable, Sendable {
    /// The United States' National Weather Service (api.weather.gov).
    case nws
    /// MET Norway's MetAlerts 2.0 (api.met.no).
    case metNorway = "met-norway"
    /// The Deutscher Wetterdienst's warnings, served by Bright Sky (api.brightsky.dev).
    case brightSky = "bright-sky"
    /// AccuWeather's alerts (`/alerts/v1/{locationKey}`): asked with the weather's key, counted
    /// in its day's calls, only when AccuWeather gives the weather.
    case accuWeather = "accuweather"

    /// Asked without a key, costing the user nothing: preferred wherever one covers a place.
    public var isKeyless: Bool { self != .accuWeather }

    /// The source for a place in the country of `countryCode` (ISO 3166-1 alpha-2), nil where
    /// none covers it.
    public static func covering(countryCode: String) -> AlertSource? {
        // The sources send codes in capitals: only another casing is copied (the list asks at every row).
        let code = countryCode.utf8.contains(where: { (0x61...0x7A).contains($0) }) ? countryCode.uppercased() : countryCode
        return switch code {
        // The NWS issues alerts for the states and the territories its offices serve.
        case "US", "PR", "VI", "GU", "AS", "MP": .nws
        // MetAlerts covers the mainland, its waters and Svalbard.
        case "NO", "SJ": .metNorway
        case "DE": .brightSky
        default: nil
        }
    }

    /// The name a person reads.
    public var displayName: String {
        switch self {
        case .nws: "National Weather Service"
        case .metNorway: "MET Norway"
        case .brightSky: "Bright Sky"
        case .accuWeather: "AccuWeather"
        }
    }

    /// The credit its terms ask for wherever its alerts are shown.
    public var credit: String {
        switch self {
        case .nws: "Alerts from the National Weather Service (weather.gov)"
        case .metNorway: "Alerts from MET Norway, CC BY 4.0"
        case .brightSky: "Alerts from the Deutscher Wetterdienst, via Bright Sky"
        case .accuWeather: "Alerts via AccuWeather, from the agencies named as senders"
        }
    }

    /// The environment variable that points the source elsewhere (a proxy, a fake).
    public var baseURLVariable: String {
        switch self {
        case .nws: "NWS_BASE_URL"
        case .metNorway: "MET_NORWAY_BASE_URL"
        case .brightSky: "BRIGHT_SKY_BASE_URL"
        // AccuWeather's alerts come from where its weather does (`--base-url`).
        case .accuWeather: "ACCUWEATHER_BASE_URL"
        }
    }

    /// Where the source lives when nothing says otherwise.
    public var defaultBaseURL: String {
        switch self {
        case .nws: "https://api.weather.gov"
        case .metNorway: "https://api.met.no"
        case .brightSky: "https://api.brightsky.dev"
        case .accuWeather: "https://dataservice.accuweather.com"
        }
    }
}
