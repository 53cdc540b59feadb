#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import EssentialsSupport
import PlistArchive
import WeatherCore
import WeatherModels
import WeatherSource

/// `--once` (docs/spec.md §6): the browser's start-up without a screen, then the list printed.
/// The same `Store` and reducer decide everything (restore, staleness, fetch, fallback, notices,
/// order), so the two cannot disagree; this only turns the resulting `State` into output.
enum OnceCommand {
    enum Outcome: Equatable {
        case report(OnceReport, warning: String?)
        /// Nothing to print, and the whole line that says why.
        case nothing(String)
    }

    /// On the main thread, like `WeatherTUIMain.run`: only a fetch leaves it.
    @MainActor static func run(_ config: LaunchConfiguration) async -> Int32 {
        var environment = config.environment
        var places: [PlaceMatch] = []
        var failed = false
        if !config.cities.isEmpty {
            // Names are searched in this run's language: the flag, else the remembered one. The
            // settings are read once: a damaged file is moved aside by that read, and the store
            // must still hear why.
            let settings = environment.loadSettings()
            environment.loadSettings = { settings }
            let language = FeedPolicy.request(config: config.onceConfig, saved: settings.settings).language
            let resolution = await config.placeResolver(language: language).resolve(config.cities)
            for note in resolution.notes + resolution.failures { Stderr.write("weather-tui: \(note)\n") }
            // The places found are printed even when another name found none; the status still says one failed.
            guard !resolution.places.isEmpty else { return WeatherTUIMain.Status.nothingToShow }
            places = resolution.places
            if !resolution.failures.isEmpty { failed = true }
        }
        // The kept places' rain is printed in JSON alone: the table and CSV ask for none.
        switch await produce(config.onceConfig, environment: environment, places: places, forecast: config.forecast,
                             nowcasts: config.format == .json) {
        case .report(let report, let warning):
            if let warning { Stderr.write("weather-tui: \(warning)\n") }
            Output.write(FeedPrinter.render(report, format: config.format, units: report.units, glyphs: config.glyphs), to: STDOUT_FILENO)
            return failed ? WeatherTUIMain.Status.nothingToShow : WeatherTUIMain.Status.success
        case .nothing(let why):
            Stderr.write("weather-tui: \(why)\n")
            return WeatherTUIMain.Status.nothingToShow
        }
    }

    /// Runs the browser's start-up in `environment` until every effect has ended and says what to
    /// print. With `places` (`--city`), they are fetched as own cities and only they are printed.
    /// With `forecast`, the places printed then ask for their forecasts (none saved within the
    /// hour: one request for them all), and the saved air is read for them.
    /// Without `nowcasts`, the kept places' rain is neither read nor asked for (nothing printed holds it).
    @MainActor static func produce(_ config: AppConfig, environment: AppEnvironment, places: [PlaceMatch] = [],
                                   forecast: Bool = false, nowcasts: Bool = true) async -> Outcome {
        var config = config
        // Only the places printed are asked for, and only when not fresh (docs/spec.md §6).
        if !places.isEmpty { config.printedPlaceKeys = places.map(\.id) }
        var (headless, pins) = withoutScreen(environment, places: places, forecast: forecast)
        if !nowcasts { headless.loadNowcasts = nil }
        let store: Store
        do throws(Mailbox.Unavailable) { store = try Store(config: config, environment: headless) } catch { return .nothing("nothing to show: \(error.explanation)") }
        store.start()
        await store.settle()
        guard forecast else { return outcome(of: store.state, pinned: Set(pins.map(\.key)), places: places) }
        let keys = printedCities(of: store.state, places: places).map(\.key)
        if !keys.isEmpty {
            store.send(.forecastsWanted(keys))
            await store.settle()
        }
        // The air is the browser's, as saved: `--once` prints what is known and asks for none.
        let air = environment.loadAirQuality?()
        return outcome(of: store.state, pinned: Set(pins.map(\.key)), places: places, forecasts: true,
                       air: air?.air, airNotice: air?.notice?.text(in: store.state.language))
    }

    /// The cities `state` prints: the visible ones in the browser's order, or just `places`, in their order.
    static func printedCities(of state: State, places: [PlaceMatch]) -> [CityWeather] {
        let cities = state.list.visibleCities
        guard !places.isEmpty else { return cities }
        let byKey = Dictionary(cities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return places.compactMap { byKey[$0.id] }
    }

    /// The browser's surroundings as `--once` needs them, and the user's own pins (as saved, for
    /// the `pinned` column). The saved feed is read as the browser's first frame reads it, its
    /// summary, which holds every field printed; its details, the forecasts and the air are never read
    /// (nothing printed holds them; `Forecasts.plist` is left as it is, and with no effect left
    /// running once the reducer has decided not to fetch, no thread is started). The `--city` places
    /// join the own cities, so the fetch brings them and a saved feed without them is stale.
    /// With `forecast` the saved forecasts are read (and what is fetched saved), as the browser's.
    static func withoutScreen(_ environment: AppEnvironment, places: [PlaceMatch], forecast: Bool = false) -> (AppEnvironment, pins: [PinnedCity]) {
        var headless = environment
        let (pins, notice) = environment.loadPins()
        let keys = Set(pins.map(\.key))
        let own = pins + places.filter { !keys.contains($0.id) }.map(PinnedCity.init(place:))
        headless.loadPins = { (own, notice) }
        // The forecast's sun needs each place's coordinates and zone, which the summary leaves out.
        if !forecast, let preview = environment.previewArchive {
            headless.loadArchive = preview
            headless.previewArchive = nil
            // The summary holds what is printed, not each city's coordinates, zone and details: a
            // feed this run saves (its `--city` places joined to it) takes every city it did not
            // fetch from the saved feed whole, so the browser's map, clocks and details keep them.
            let whole = environment.loadArchive, save = environment.saveFeed
            headless.saveFeed = { (feed) throws(ArchiveError) in
                guard case .success(let saved) = whole() else { return try save(feed) }
                try save(keepingWhole(feed, from: saved))
            }
        }
        if !forecast { headless.loadForecasts = nil }
        // Nothing printed holds the air: none is read, and so none fetched.
        headless.loadAirQuality = nil
        return (headless, pins)
    }

    /// `feed` with each city this run did not fetch (of the same time in `saved`) as `saved` holds it.
    static func keepingWhole(_ feed: WeatherFeed, from saved: WeatherFeed) -> WeatherFeed {
        guard saved.request.language == feed.request.language else { return feed }
        let savedCities = Dictionary(saved.cities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var kept = feed
        kept.cities = feed.cities.map { city in
            guard let whole = savedCities[city.key], let time = feed.fetchedAt(ofCity: city.key),
                  saved.fetchedAt(ofCity: city.key) == time else { return city }
            return whole
        }
        return kept
    }

    /// What `state` shows, as `--once` prints it: the visible cities in the browser's order (or
    /// just `places`, in their order), and its notices and banner as one warning.
    static func outcome(of state: State, pinned: Set<String>, places: [PlaceMatch], forecasts: Bool = false,
                        air: StoredAirQuality? = nil, airNotice: String? = nil) -> Outcome {
        let words = state.language
        var said = state.notices.messages.reversed().map(\.text)
        if let airNotice { said.append(airNotice) }
        var reason: String?
        var banner: (savedAt: Date?, why: String)?
        var heldUntil: Date?
        switch state.banner {
        case .offline(let savedAt, let why): banner = (savedAt, why)
        case .limited(let savedAt, let until, let why):
            banner = (savedAt, why)
            heldUntil = until
        case .none, .demo: break
        }
        if let (savedAt, why) = banner {
            reason = why
            // `--offline` was asked for: the report says so, there is nothing to warn of.
            if FeedPolicy.fetchBlocked(config: state.config) != .offlineMode {
                said.append(why)
                if let heldUntil { said.append(words.text("banner.noRequest", ("time", WeatherFormat.dateTime(heldUntil)))) }
                if let savedAt {
                    said.append(words.text("once.showing", ("time", WeatherFormat.dateTime(savedAt)),
                                           ("age", WeatherFormat.age(of: savedAt, now: state.now, in: words))))
                }
            }
        }
        guard let feed = state.feed, let source = state.source else {
            let why = reason ?? state.lastError?.description(in: words) ?? words.text("once.unknown")
            return .nothing(words.text("once.nothing", ("why", onceEach(said + [why, words.text("once.noSaved")]).joined(separator: "; "))))
        }
        let cities = printedCities(of: state, places: places)
        if !places.isEmpty {
            let printed = Set(cities.map(\.key))
            let missing = places.filter { !printed.contains($0.id) }.map(\.name)
            if !missing.isEmpty { said.append(words.text("once.noWeather", ("places", missing.joined(separator: ", ")))) }
            if cities.isEmpty { return .nothing(words.text("once.nothing", ("why", onceEach(said).joined(separator: "; ")))) }
        }
        // A `--city` run's places may have been fetched alone, after the rest: the oldest printed is the time.
        let fetchedAt = places.isEmpty ? feed.fetchedAt : cities.compactMap { feed.fetchedAt(ofCity: $0.key) }.min() ?? feed.fetchedAt
        let summary = WeatherFeedSummary(schemaVersion: feed.schemaVersion, fetchedAt: fetchedAt, request: feed.request,
                                         cities: cities.map(CitySummary.init), placeKeys: feed.placeKeys)
        var names: [String: String] = [:]
        for city in cities where state.namesakeOwnKeys.contains(city.key) { names[city.key] = state.displayName(of: city) }
        var alerts: [String: [WeatherAlert]] = [:]
        for city in cities { alerts[city.key] = state.alertStatus(for: city).alerts }
        var report = OnceReport(feed: summary, source: source, offline: reason != nil, reason: reason,
                                provider: state.config.demo ? nil : state.config.provider, pinned: pinned, units: state.units, names: names,
                                language: words, alerts: alerts)
        let kept = state.keptPlaceKeys.union(places.map(\.id))
        for city in cities where kept.contains(city.key) {
            report.nowcasts[city.key] = .some(state.nowcast(for: city.key)?.rain(after: state.now))
        }
        if forecasts {
            report.forecasts = Dictionary(cities.map { city in
                (city.key, OnceForecast.make(city: city, forecast: state.detail.forecasts[city.key], problem: state.detail.forecastErrors[city.key],
                                             air: air, airScale: state.airQualityScale, now: state.now))
            }, uniquingKeysWith: { first, _ in first })
        }
        let warning = onceEach(said)
        return .report(report, warning: warning.isEmpty ? nil : warning.joined(separator: "; "))
    }

    /// Each thing said once: a part that another part holds (the banner's reason within
    /// "refresh failed: …", a notice within the notice it was joined to) is left out.
    static func onceEach(_ parts: [String]) -> [String] {
        var kept: [String] = []
        for part in parts where !kept.contains(part) && !parts.contains(where: { $0 != part && $0.contains(part) }) {
            kept.append(part)
        }
        return kept
    }
}
