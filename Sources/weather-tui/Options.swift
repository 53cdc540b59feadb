import EssentialsSupport
import ArgumentParser
import WeatherModels
import WeatherSource
import WeatherCore
import WeatherTUI

/// The command line of docs/spec.md §2, parsed; resolution against environment and files is `LaunchConfiguration`.
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather-tui",
        abstract: "Browse the current weather in the world's top cities (AccuWeather or Open-Meteo).",
        discussion: """
            Interactive by default (needs a terminal). For scripts and pipes use --once.
            The source is AccuWeather when a key is known, else Open-Meteo (no key). The AccuWeather \
            key comes from --api-key, else $ACCUWEATHER_API_KEY, else <config-dir>/api-key \
            (ignored unless readable by its owner only). --demo needs no key and no network.
            """,
        version: WeatherTUIVersion.current
    )

    @Option(name: .long, help: ArgumentHelp("Where the weather comes from: accuweather or open-meteo (default: accuweather when a key is known, else open-meteo).", valueName: "source"))
    var source: WeatherProvider?

    @Option(name: .long, help: ArgumentHelp("AccuWeather API key.", valueName: "key"))
    var apiKey: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("Root of the selected source's API (default $ACCUWEATHER_BASE_URL or $OPEN_METEO_BASE_URL, else the source's own).", valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: "How many top cities: 50, 100 or 150 (default: remembered, else 50).")
    var count: CityCount?

    @Option(name: .long, help: ArgumentHelp("Language of city names (and of AccuWeather's weather text), e.g. en-us, ja-jp, ru-ru (default: remembered, else en-us).", valueName: "tag"))
    var language: String?

    @Option(name: .long, help: ArgumentHelp("The program's language, and the sources' (de, fr, es, it, pt, ru, ja, zh, en; de_DE.UTF-8 too) (default: remembered, else LC_ALL, LC_MESSAGES, LANG, else English).", valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp("Clock: 12 or 24 hours (default: remembered, else the locale's: 12 for en_US, else 24).", valueName: "hours"))
    var clock: ClockStyle?

    @Option(name: .long, help: "Initial units: metric or imperial (default: remembered, else metric).")
    var units: TemperatureUnit?

    @Option(name: .long, help: ArgumentHelp("Air-quality index shown: eu (European), us, or units (eu with metric units, us with imperial) (default: remembered, else units).", valueName: "index"))
    var aqi: AirQualityIndex?

    @Flag(name: .long, help: "Show bundled sample data: no network, no key needed.")
    var demo = false

    @Flag(name: .long, help: "Never touch the network; show the saved feed only.")
    var offline = false

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Where the feed archive lives (default ${XDG_CACHE_HOME:-$HOME/.cache}/weather-tui).", valueName: "dir"))
    var cacheDir: String?

    @Option(name: .customLong("config-dir"), help: ArgumentHelp("Settings and the optional api-key file (default ${XDG_CONFIG_HOME:-$HOME/.config}/weather-tui).", valueName: "dir"))
    var configDir: String?

    // `.unconditional`: a negative number is this option's value (refused by `validate` with the
    // range), not an option of its own that leaves this one "missing".
    // A word that is no number (`--timeout --once`: a flag where the value should be) becomes
    // one out of range, so `validate` refuses it with the range like any other, rather than the
    // parser saying the flag is an invalid value.
    @Option(name: .customLong("refresh-after"), parsing: .unconditional, help: ArgumentHelp("Fetch at start-up only if the saved feed is older than this many minutes.", valueName: "min"),
            transform: Options.number)
    var refreshAfter: Double = Options.defaultRefreshAfter

    @Option(name: .customLong("daily-calls"), parsing: .unconditional, help: ArgumentHelp("Calls a day automatic refreshes may spend, shared by every run (default: Open-Meteo 5000, AccuWeather none).", valueName: "n"),
            transform: Options.count)
    var dailyCalls: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Whole-request deadline in seconds (connect + body).", valueName: "sec"),
            transform: Options.number)
    var timeout: Double = Options.defaultTimeout

    @Flag(name: .customLong("no-color"), help: "Monochrome (also when NO_COLOR is set and non-empty).")
    var noColor = false

    @Flag(name: .long, help: "Plain ASCII on screen: the map, the chart and every symbol (TERM=linux gets the console's blocks by itself).")
    var ascii = false

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (selecting text); by default clicks and the wheel work in the browser.")
    var noMouse = false

    @Flag(name: .long, help: "Tell of rain due within the hour, or a new official alert, at a kept place through the terminal's desktop notifications (remembered; \(KeyBindings.name(of: .send(.nowcast(.toggleNotify)))) toggles it).")
    var notify = false

    @Flag(name: .customLong("no-notify"), help: "No notifications for this run, whatever is remembered.")
    var noNotify = false
    @Flag(name: .long, help: "The home place's weather in the terminal's title (remembered; the title is restored on exit).")
    var title = false

    @Flag(name: .customLong("no-title"), help: "Leave the terminal's title alone (and forget --title).")
    var noTitle = false

    @Flag(name: .long, help: "Print the feed once and exit (for scripts and pipes).")
    var once = false

    /// Nil when not given: a format given asks for printed output, and so implies `--once`.
    @Option(name: .long, help: "Print the feed once in this format and exit: table, json or csv (implies --once; default table).")
    var format: OutputFormat?

    @Flag(name: .long, help: "With --once: also print each place's coming days and next 24 hours, its sun, moon and air.")
    var forecast = false

    @Option(name: .customLong("city"), help: ArgumentHelp("With --once: print just this place (searched once, then remembered); repeatable. \"Paris, US\" narrows by country code.", valueName: "name"))
    var cities: [String] = []

    /// Defaults of the options that have one (also `parsePlain`'s).
    static let defaultRefreshAfter: Double = 30
    static let defaultTimeout: Double = 15
    static let defaultFormat = OutputFormat.table

    /// A number option's word as a number; one that is none (a flag) as NaN, which no range holds.
    static func number(_ word: String) -> Double { Double(word) ?? .nan }

    /// A count option's word as a whole number; one that is none (a flag, `1.5`) as 0, below every range.
    static func count(_ word: String) -> Int { Int(word) ?? 0 }

    /// `--once`, or a `--format` that asks for what `--once` prints.
    var printsOnce: Bool { once || format != nil }

    mutating func validate() throws {
        guard refreshAfter >= 0, refreshAfter.isFinite else {
            throw ValidationError("--refresh-after must be a number of minutes, 0 or more.")
        }
        if let dailyCalls, dailyCalls < 1 {
            throw ValidationError("--daily-calls must be a whole number of calls, 1 or more.")
        }
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout must be a positive number of seconds.")
        }
        if let language, language.isEmpty || language.contains(where: { !($0.isLetter || $0.isNumber || $0 == "-") }) {
            throw ValidationError("--language takes a language tag such as en-us.")
        }
        if let lang, lang.isEmpty || lang.contains(where: { !($0.isLetter || $0.isNumber || "-_.@".contains($0)) }) {
            throw ValidationError("--lang takes a language such as de, ja or pt-br.")
        }
        if demo && offline {
            throw ValidationError("--demo and --offline cannot be combined.")
        }
        if !cities.isEmpty && !printsOnce {
            throw ValidationError("--city is for --once (in the browser, press \(KeyBindings.name(of: .send(.addCity(.start)))) to add a city).")
        }
        if forecast && !printsOnce {
            throw ValidationError("--forecast is for --once (in the browser, \(KeyBindings.name(of: .send(.openDetail))) opens a place's forecast).")
        }
        if cities.contains(where: { $0.trimmed.isEmpty }) {
            throw ValidationError("--city takes a place name, e.g. --city Reykjavik.")
        }
    }
}

/// The three sizes of AccuWeather's Top Cities list.
enum CityCount: Int, ExpressibleByArgument, CaseIterable {
    case fifty = 50, hundred = 100, hundredFifty = 150

    init?(argument: String) {
        guard let n = Int(argument), let count = CityCount(rawValue: n) else { return nil }
        self = count
    }

    static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }
}

/// What `--once` prints.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// Columns aligned by display width, for people.
    case table
    /// The JSON object of docs/spec.md §6, for programs.
    case json
    /// A header row and one row per city.
    case csv
}

extension TemperatureUnit: ExpressibleByArgument {}

extension AirQualityIndex: ExpressibleByArgument {}

extension ClockStyle: ExpressibleByArgument {}

extension WeatherProvider: ExpressibleByArgument {}
