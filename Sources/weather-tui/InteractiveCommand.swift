import AccuWeather
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import OpenMeteo
import WeatherCore
import WeatherModels
import WeatherHTTP
import WeatherSource
import WeatherStore
import WeatherTUI
import TerminalKit
import TerminalNcurses

/// The interactive browser: the live (or demo) environment, the store, the ncurses front end.
enum InteractiveCommand {
    static func run(_ config: LaunchConfiguration) async -> Int32 {
        let created: Store
        do throws(Mailbox.Unavailable) { created = try Store(config: config.appConfig, environment: config.environment) } catch {
            Stderr.write("weather-tui: \(error.explanation)\n")
            return WeatherTUIMain.Status.usage
        }
        let noColor = config.noColor, mouse = config.mouse, glyphs = config.glyphs
        let dialect = config.notificationDialect, inTmux = config.inTmux
        // The store goes to the loop's thread and comes back with its result: one thread at a time owns it.
        let (ran, store): (Result<TerminalApp.Exit, TerminalError>, Store) = await DedicatedThread.run(with: created) { store in
            // The driver starts the store once the terminal is taken: no fetch when there is no terminal.
            let backend = NcursesBackend(palette: ColorRole.palette, noColor: noColor, mouse: mouse)
            backend.notificationDialect = dialect
            backend.inTmux = inTmux
            let app = TerminalApp(driver: StoreDriver(store: store), backend: backend, glyphs: glyphs)
            do throws(TerminalError) { return (.success(try app.run()), store) } catch { return (.failure(error), store) }
        }
        if case .failure(let error) = ran {
            Stderr.write("weather-tui: \(error.withAdvice(in: config.runLanguage()))\n")
            return WeatherTUIMain.Status.usage
        }
        // Requests in flight are cancelled (the user asked to leave, not to wait for a server);
        // the saves under way, the settings' one that q asked for among them, land, or are said
        // not to have landed when the disk gives no answer within the bound.
        await store.shutDown()
        // Keys clear notices, so one left now came after q: a save on the way out failed. The
        // screen is gone; the shell still hears of it.
        if let notice = store.state.notices.notice { Stderr.write("weather-tui: \(notice)\n") }
        return WeatherTUIMain.Status.success
    }
}

extension LaunchConfiguration {
    /// The app's files in this run's folders, the feed and forecasts those of this run's source.
    var files: AppFiles { AppFiles(cacheDirectory: cacheDirectory, configDirectory: configDirectory, source: provider.fileTag) }

    /// The language this run speaks, for what is said before the store has read the settings (a
    /// key file not used, no terminal): the flag, else the remembered choice, else the locale,
    /// as the store decides it. Reads `settings.plist`, so only when there is something to say.
    func runLanguage() -> Language {
        let saved = demo ? nil : files.loadSettings().settings
        return Language.resolve(FeedPolicy.request(config: onceConfig, saved: saved).language).language
    }

    /// The browser's surroundings: the bundled demo (settings and pins in memory, no file of the
    /// user's read or written), else the live source over this run's files.
    var environment: AppEnvironment { environment(over: SharedHTTPTransport()) }

    /// The same over `network` (the shared AsyncHTTPClient transport; a test's fake), each
    /// source's requests through its gate.
    func environment(over network: any HTTPTransport) -> AppEnvironment {
        if demo { return .demo() }
        let files = self.files
        // Open-Meteo's air, whichever source gives the weather: its calls are Open-Meteo's.
        let air = AirQualityClient(baseURL: airQualityURL, timeout: timeout, transport: GatedTransport(.openMeteo, over: network),
                                   recordCalls: recordCalls(of: .openMeteo))
        var environment = AppEnvironment.live(loader: feedLoader(over: files, network: network), files: files)
            .countingCalls(with: calls)
            .showingAir({ places throws(ServiceError) in try await air.airQuality(for: places) }, files: files)
            .showingAlerts(alertsService(over: network), files: files)
        // The kept places' rain in the coming quarter hours: Open-Meteo's too.
        let nowcasts = NowcastClient(baseURL: nowcastURL, timeout: timeout, transport: GatedTransport(.openMeteo, over: network),
                                     recordCalls: recordCalls(of: .openMeteo))
        environment = environment.showingNowcasts({ places throws(ServiceError) in try await nowcasts.nowcasts(for: places) }, files: files)
        // The file alone: the calls this run has not written yet are the state's (State+Ledger.swift).
        let ledger = calls.ledger, provider = self.provider
        environment.callsToday = {
            let reading = ledger.read(now: Date())
            let weather = reading.counts.spent(provider.rawValue)
            guard provider != .openMeteo else { return ([provider: weather], reading.notice) }
            // The air's source has a line and a gate of its own.
            return ([provider: weather, .openMeteo: reading.counts.spent(WeatherProvider.openMeteo.rawValue)], reading.notice)
        }
        let holds = SourceHolds(directory: cacheDirectory)
        environment.sharedHolds = { Self.holds(in: holds, now: Date()) }
        environment.keepHold = { provider, hold in
            // A file that cannot be written keeps the hold for this run alone (its gate has it).
            try? holds.keep(hold, for: provider.rawValue, now: Date())
        }
        return environment
    }

    /// The holds `Holds.txt` keeps for the sources this program knows, as the gates take them.
    static func holds(in file: SourceHolds, now: Date) -> (holds: [WeatherProvider: SourceGate.Hold], notice: FileNotice?) {
        let read = file.read(now: now)
        var holds: [WeatherProvider: SourceGate.Hold] = [:]
        for (source, hold) in read.holds {
            if let provider = WeatherProvider(rawValue: source) { holds[provider] = hold }
        }
        return (holds, read.notice)
    }

    /// The live source (AccuWeather only with a key) over `network`, sending only what its gate
    /// let through (`GatedTransport`), counting its calls in the ledger.
    func service(over network: any HTTPTransport) -> (any WeatherService)? {
        let record = recordCalls(of: provider)
        switch provider {
        case .accuWeather:
            return apiKey.map {
                AccuWeatherClient(baseURL: baseURL, apiKey: $0, keySource: apiKeySource, timeout: timeout, transport: GatedTransport(.accuWeather, over: network),
                                  recordCalls: record)
            }
        case .openMeteo:
            return OpenMeteoService(client: OpenMeteoClient(baseURL: baseURL, geocodingURL: geocodingURL, timeout: timeout,
                                                            transport: GatedTransport(.openMeteo, over: network)), recordCalls: record)
        }
    }

    /// Hands what each request `provider` answered cost to the store (through the run's
    /// `CallMeter`), which counts it and adds it to the source's line of the ledger every run of
    /// the program shares (docs/spec.md §4); a ledger that cannot be written loses the count, never the answer.
    func recordCalls(of provider: WeatherProvider) -> CallRecorder {
        calls.recorder(for: provider)
    }

    /// The live source over the feed archive of `files` (this run's, already made) and `network`.
    func feedLoader(over files: AppFiles, network: any HTTPTransport) -> FeedLoader {
        FeedLoader(service: service(over: network), archive: files.feed)
    }

    /// How `--city` names become places: the source's search (none under `--offline`) and
    /// `Places.plist`, or the bundled places of the demo.
    func placeResolver(language: String, over network: any HTTPTransport = SharedHTTPTransport()) -> PlaceResolver {
        if demo {
            return PlaceResolver(search: { text in .success(DemoData.searchPlaces(text)) }, store: nil, source: "demo",
                                 language: Language.resolve(language).language)
        }
        let loader = feedLoader(over: files, network: network), config = onceConfig, calls = self.calls, provider = self.provider
        return PlaceResolver(search: { text in
            // Through the source's gate, as every request: its pass is what the transport sends under.
            let now = Date()
            // The ledger and the calls of the searches before this one, which no store has taken yet.
            let spent = calls.ledger.read(now: now).counts.spent(provider.rawValue) + calls.held(provider)
            switch State.searchPass(config: config, spent: [provider: spent],
                                    holds: Self.holds(in: SourceHolds(directory: cacheDirectory), now: now).holds, now: now) {
            case .failure(let error):
                return .failure(error)
            case .success(let pass):
                return await GatePass.$current.withValue(pass) { await loader.searchPlaces(text, language: language) }
            }
        }, store: files.places, source: provider.rawValue, language: Language.resolve(language).language)
    }

    /// The selected source's host, as messages name it.
    var host: String { HTTPRequester.host(of: baseURL, secret: apiKey) }

    /// What the view-model layer needs to know of this run (never the key itself).
    var appConfig: AppConfig { appConfig(timeZone: .local, inBrowser: true) }

    /// The same for `--once`, which decides with it but never shows a time in the user's zone
    /// (it prints UTC), so it does not read the zone's file, and whose user is not in the browser.
    var onceConfig: AppConfig { appConfig(timeZone: .utc, inBrowser: false) }

    private func appConfig(timeZone: ZoneInfo, inBrowser: Bool) -> AppConfig {
        var config = AppConfig(count: count, language: language, units: units, refreshAfter: refreshAfter, offline: offline,
                               demo: demo, provider: provider, hasAPIKey: apiKey != nil, host: host, timeZone: timeZone,
                               inBrowser: inBrowser, mouse: mouse)
        config.dailyCalls = dailyCalls
        // The browser names its keys from its table; `--once` names only a few in its notes, and
        // building the table (every binding, its hints) was a twentieth of its start: it takes
        // the standard names, which `KeyNameTests` holds to the table.
        config.keyNames = inBrowser ? KeyBindings.keyNames : .standard
        config.environmentLocale = environmentLocale
        config.clock = clock
        config.airQualityIndex = airQualityIndex
        config.title = title
        // The air's calls count against Open-Meteo's budget only (the ledger's line for each source).
        config.airCostPerPlace = AirQualityClient.cost(places: 1)
        if provider == .openMeteo { config.airCallsPerPlace = config.airCostPerPlace }
        config.nowcastCostPerPlace = NowcastClient.cost(places: 1)
        config.notify = notify
        config.refreshCost = refreshCost
        switch provider {
        case .accuWeather:
            config.forecastCost = CallCost.accuWeatherDetail
            config.searchCost = 1
        case .openMeteo:
            config.forecastCost = OpenMeteoClient.cost(places: 1, withForecasts: true)
            // Its place search is another API (geocoding), which the ledger does not count.
            config.searchCost = 0
        }
        return config
    }

    /// One refresh's calls by the source's own rule, from its client (`CallCost`).
    var refreshCost: RefreshCost {
        switch provider {
        case .accuWeather:
            return RefreshCost(fixed: CallCost.accuWeatherRefresh(ownCities: 0), perPlace: 0, perOwnCity: 1)
        case .openMeteo:
            // Own cities are places of the same one request.
            let place = OpenMeteoClient.cost(places: 1, withForecasts: false)
            return RefreshCost(fixed: 0, perPlace: place, perOwnCity: place)
        }
    }
}

extension TerminalError {
    /// The terminal's reason and what this program offers instead, `--once`, which needs no
    /// terminal, in `language`.
    func withAdvice(in language: Language = .english) -> String {
        let why = description(in: language)
        switch self {
        case .notATerminal: return language.text("terminal.adviceNotATerminal", ("why", why))
        case .tooLimited: return language.text("terminal.adviceTooLimited", ("why", why))
        case .unknownTerminal, .cannotInitialize: return language.text("terminal.adviceOther", ("why", why))
        }
    }

    /// `errorDescription` in `language`; curses' own words stay as they came.
    func description(in language: Language) -> String {
        switch self {
        case .notATerminal: language.text("terminal.notATerminal")
        case .unknownTerminal(let name?): language.text("terminal.unknown", ("name", name))
        case .unknownTerminal(nil): language.text("terminal.unset")
        case .tooLimited(let name): language.text("terminal.tooLimited", ("name", name))
        case .cannotInitialize(let why): language.text("terminal.cannotStart", ("why", why))
        }
    }
}
