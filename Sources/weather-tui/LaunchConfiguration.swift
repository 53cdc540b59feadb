import AccuWeather
import EssentialsSupport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenMeteo
import WeatherCore
import WeatherSource
import WeatherStore
import TerminalKit
import WeatherModels
import WeatherTUI

/// Everything the program needs to start, resolved as flags > environment > files > defaults.
struct LaunchConfiguration: Equatable {
    var provider: WeatherProvider
    var apiKey: String?
    /// Where the key came from, as a message of a rejected key names it.
    var apiKeySource: String
    /// Messages for the user about the key file (e.g. ignored because others can read it).
    var notices: [APIKeyFile.Ignored]
    /// The root of the selected source's API.
    var baseURL: URL
    /// Open-Meteo's place search.
    var geocodingURL: URL
    /// Open-Meteo's air quality, whichever source gives the weather.
    var airQualityURL: URL
    /// Open-Meteo's forecast API, for the kept places' nowcasts whichever source gives the weather.
    var nowcastURL: URL = OpenMeteoClient.defaultBaseURL
    /// `--notify` (true) or `--no-notify` (false, winning); nil: the remembered setting.
    var notify: Bool?
    /// The notification sequence this terminal understands, and whether tmux is between.
    var notificationDialect: TerminalNotification.Dialect = .osc777
    var inTmux = false
    var cacheDirectory: URL
    var configDirectory: URL
    /// nil: use the remembered value, else the default of docs/spec.md §2.
    var count: Int?
    var language: String?
    /// The locale `LC_ALL`, `LC_MESSAGES`, `LANG` name (the first set): the language when none is chosen.
    var environmentLocale: String?
    /// `--clock`: nil, the remembered one, else the locale's convention.
    var clock: ClockStyle?
    var units: TemperatureUnit?
    /// `--aqi`: nil, the remembered one.
    var airQualityIndex: AirQualityIndex?
    var demo: Bool
    var offline: Bool
    /// Seconds.
    var refreshAfter: TimeInterval
    /// `--daily-calls`: nil when not given (the settings file's, else the source's default).
    var dailyCalls: Int?
    var timeout: Double
    var noColor: Bool
    /// Whether the browser asks the terminal for clicks and the wheel (`--no-mouse` leaves them to it).
    var mouse: Bool
    /// `--title` true, `--no-title` false (it wins: the user asked for the title left alone); nil: the remembered choice.
    var title: Bool?
    /// The glyphs the terminal's font shows: `--ascii`, else the Linux console's by `TERM`, else all.
    var glyphs: GlyphSet
    var once: Bool
    var format: OutputFormat
    /// `--city` names, in order.
    var cities: [String] = []
    /// `--forecast`: `--once` prints each place's forecast too.
    var forecast = false
    /// Where this run's clients count the calls they send, for the store to write to `Calls.txt`
    /// in the cache folder (held calls no store took are written as the run ends).
    var calls: CallMeter
    /// Each official alerts source's root (`NWS_BASE_URL`, `MET_NORWAY_BASE_URL`, `BRIGHT_SKY_BASE_URL`).
    var alertBaseURLs: [AlertSource: URL] = [:]
    /// How the alerts sources may reach whoever runs the program (`WEATHER_TUI_CONTACT`), in the
    /// `User-Agent` they ask for; nil when not given.
    var alertsContact: String?

    /// A problem with the command line or environment: exit status 2.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// The language chosen on the command line as the sources and `settings.plist` name it:
    /// `--lang` (`de`, `de_DE.UTF-8` as `de-de`, `C` as `en`), else `--language`'s tag as given.
    static func languageTag(lang: String?, language: String?) -> String? {
        guard let lang else { return language?.lowercased() }
        switch Language.read(lang) {
        case .unset: return language?.lowercased()
        case .known(let known): return known.region.map { "\(known.code.rawValue)-\($0.lowercased())" } ?? known.code.rawValue
        case .unknown(let tag): return tag
        }
    }

    static func resolve(_ options: Options, environment: [String: String]) throws(UsageError) -> LaunchConfiguration {
        let xdg = XDGDirectories.resolve(environment: environment)
        func directory(_ flag: String?, _ fallback: URL?, name: String) throws(UsageError) -> URL {
            if let flag, !flag.isEmpty { return URL(fileURLWithPath: flag, isDirectory: true).standardizedFileURL }
            guard let fallback else {
                throw UsageError(description: "cannot find a home folder for the \(name) (HOME is unset); pass --\(name)")
            }
            return fallback
        }
        let cacheDirectory = try directory(options.cacheDir, xdg?.cache, name: "cache-dir")
        let configDirectory = try directory(options.configDir, xdg?.config, name: "config-dir")

        var notices: [APIKeyFile.Ignored] = []
        var apiKey = options.apiKey.flatMap { $0.isEmpty ? nil : $0 }
        var apiKeySource = KeySource.option.english
        if apiKey == nil {
            apiKey = environment["ACCUWEATHER_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
            apiKeySource = KeySource.environment.english
        }
        if apiKey == nil, !options.demo, options.source != .openMeteo {
            let file = configDirectory.appendingPathComponent("api-key")
            switch APIKeyFile.read(at: file) {
            case .absent: break
            case .key(let key):
                apiKey = key
                apiKeySource = KeySource.file(path: file.path).english
            case .ignored(let why): notices.append(why)
            }
        }
        let provider = options.source ?? (apiKey != nil ? .accuWeather : .openMeteo)

        func url(_ flag: String?, environment name: String, default fallback: URL, option: String) throws(UsageError) -> URL {
            guard let text = flag ?? environment[name].flatMap({ $0.isEmpty ? nil : $0 }) else { return fallback }
            // A port past 16 bits is refused here, in words, before any connection is tried.
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host?.isEmpty == false, url.port.map({ (0...65535).contains($0) }) ?? true
            else {
                throw UsageError(description: "\(option) must be an http(s) URL such as \(fallback.absoluteString)")
            }
            return url
        }
        let baseURL = switch provider {
        case .accuWeather:
            try url(options.baseURL, environment: "ACCUWEATHER_BASE_URL", default: AccuWeatherClient.defaultBaseURL, option: "--base-url")
        case .openMeteo:
            try url(options.baseURL, environment: "OPEN_METEO_BASE_URL", default: OpenMeteoClient.defaultBaseURL, option: "--base-url")
        }
        let geocodingURL = try url(nil, environment: "OPEN_METEO_GEOCODING_URL", default: OpenMeteoClient.defaultGeocodingURL,
                                   option: "OPEN_METEO_GEOCODING_URL")
        let airQualityURL = try url(nil, environment: "OPEN_METEO_AIR_QUALITY_URL", default: AirQualityClient.defaultBaseURL,
                                    option: "OPEN_METEO_AIR_QUALITY_URL")

        let nowcastURL = provider == .openMeteo ? baseURL
            : try url(nil, environment: "OPEN_METEO_BASE_URL", default: OpenMeteoClient.defaultBaseURL, option: "OPEN_METEO_BASE_URL")
        var alertBaseURLs: [AlertSource: URL] = [:]
        // AccuWeather's alerts go where its weather goes (`baseURL`), with its key.
        for source in AlertSource.allCases where source.isKeyless {
            guard let fallback = URL(string: source.defaultBaseURL) else { continue }
            alertBaseURLs[source] = try url(nil, environment: source.baseURLVariable, default: fallback, option: source.baseURLVariable)
        }

        let noColorEnv = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return LaunchConfiguration(
            provider: provider,
            apiKey: apiKey,
            apiKeySource: apiKeySource,
            notices: notices,
            baseURL: baseURL,
            geocodingURL: geocodingURL,
            airQualityURL: airQualityURL,
            nowcastURL: nowcastURL,
            notify: options.noNotify ? false : options.notify ? true : nil,
            notificationDialect: TerminalNotification.Dialect.of(environment: environment),
            inTmux: TerminalNotification.inTmux(environment: environment),
            cacheDirectory: cacheDirectory,
            configDirectory: configDirectory,
            count: options.count?.rawValue,
            language: Self.languageTag(lang: options.lang, language: options.language),
            environmentLocale: Language.environmentLocale(environment),
            clock: options.clock,
            units: options.units,
            airQualityIndex: options.aqi,
            demo: options.demo,
            offline: options.offline,
            refreshAfter: options.refreshAfter * 60,
            dailyCalls: options.dailyCalls,
            timeout: options.timeout,
            noColor: options.noColor || noColorEnv,
            mouse: !options.noMouse,
            title: options.noTitle ? false : options.title ? true : nil,
            glyphs: GlyphSet.chosen(ascii: options.ascii, term: environment["TERM"]),
            once: options.printsOnce,
            format: options.format ?? Options.defaultFormat,
            cities: options.cities,
            forecast: options.forecast,
            calls: CallMeter(ledger: CallLedger(directory: cacheDirectory)),
            alertBaseURLs: alertBaseURLs,
            alertsContact: environment["WEATHER_TUI_CONTACT"].flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed }
        )
    }
}
