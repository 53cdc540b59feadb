import AccuWeather
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
import WeatherStore
import WeatherCore
import WeatherModels
import WeatherSource

/// `--once` (docs/spec.md §6): print the feed and exit. As thrifty as the browser: it fetches only when
/// the saved feed is missing or older than `--refresh-after`; a failed fetch prints the saved
/// feed with one warning on stderr; nothing at all to show is exit status 1.
enum OnceCommand {
    enum Outcome: Equatable {
        case report(OnceReport, warning: String?)
        case nothing(String)
    }

    /// On the main thread, like `WeatherTUIMain.run`: only a fetch leaves it.
    @MainActor static func run(_ config: LaunchConfiguration) async -> Int32 {
        // One set of the files' URLs for the run (each is a few path appends, not free at start-up).
        let files = config.files
        let (settings, problem) = files.loadSettings()
        if let problem { Stderr.write("weather-tui: \(problem)\n") }
        let units = FeedPolicy.units(config: config.onceConfig, saved: settings)
        let request = FeedPolicy.request(config: config.onceConfig, saved: settings)
        var places: [PlaceMatch] = []
        var failed = false
        if !config.cities.isEmpty {
            let resolution = await config.placeResolver(language: request.language).resolve(config.cities)
            for note in resolution.notes + resolution.failures { Stderr.write("weather-tui: \(note)\n") }
            // The places found are printed even when another name found none; the status still says one failed.
            guard !resolution.places.isEmpty else { return WeatherTUIMain.Status.nothingToShow }
            places = resolution.places
            if !resolution.failures.isEmpty { failed = true }
        }
        // The saved feed is the browser's too: a refresh from here keeps its own cities in it.
        let pins = config.demo ? [] : (try? files.pins.load()) ?? []
        let own = FeedPolicy.ownCities(config: config.onceConfig, pinned: pins)
        let outcome = await produce(config, request: request, loader: config.feedLoader(over: files), own: own, places: places)
        switch outcome {
        case .report(var report, let warning):
            report.pinned = Set(pins.map(\.key))
            if let warning { Stderr.write("weather-tui: \(warning)\n") }
            // Own cities this source cannot fetch are said missing, as the browser says (not for `--city`).
            let unlisted = FeedPolicy.unlistedOwnCities(config: config.onceConfig, pinned: pins, listed: Set(report.feed.cities.map(\.key)))
            if config.cities.isEmpty && !unlisted.isEmpty {
                Stderr.write("weather-tui: \(FeedPolicy.describe(unlisted: unlisted, provider: config.provider, inBrowser: false))\n")
            }
            Output.write(FeedPrinter.render(report, format: config.format, units: units), to: STDOUT_FILENO)
            return failed ? WeatherTUIMain.Status.nothingToShow : WeatherTUIMain.Status.success
        case .nothing(let why):
            Stderr.write("weather-tui: nothing to show: \(why)\n")
            return WeatherTUIMain.Status.nothingToShow
        }
    }

    /// Decides what to print; separate from I/O so tests can drive it with a fake service.
    /// With `places` (`--city`), the feed holds them too and only they are printed.
    @MainActor static func produce(_ config: LaunchConfiguration, request: FeedRequest, loader: FeedLoader, now: Date = Date(),
                                   own: [PinnedCity] = [], places: [PlaceMatch] = []) async -> Outcome {
        let outcome = await produceFeed(config, request: request, loader: loader, now: now,
                                        own: own + places.map(PinnedCity.init(place:)))
        return places.isEmpty ? withoutOtherPlaces(outcome, own: own) : only(places, of: outcome)
    }

    /// The feed but the places that are not own cities (a script's `--city` places), as the browser lists it.
    static func withoutOtherPlaces(_ outcome: Outcome, own: [PinnedCity]) -> Outcome {
        guard case .report(var report, let warning) = outcome, let places = report.feed.placeKeys else { return outcome }
        let hidden = Set(places).subtracting(own.map(\.key))
        report.feed.cities.removeAll { hidden.contains($0.key) }
        return .report(report, warning: warning)
    }

    /// Just `places`, in their order, of what would be printed; nothing when the feed has none of them.
    static func only(_ places: [PlaceMatch], of outcome: Outcome) -> Outcome {
        guard case .report(var report, let warning) = outcome else { return outcome }
        let byKey = Dictionary(report.feed.cities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let shown = places.compactMap { byKey[$0.id] }
        let missing = places.filter { byKey[$0.id] == nil }.map(\.name)
        guard !shown.isEmpty else {
            return .nothing(([warning].compactMap { $0 } + ["no weather saved for \(missing.joined(separator: ", ")) yet"]).joined(separator: "; "))
        }
        report.feed.cities = shown
        let notes = [warning].compactMap { $0 } + (missing.isEmpty ? [] : ["no weather saved for \(missing.joined(separator: ", ")) yet"])
        return .report(report, warning: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    @MainActor static func produceFeed(_ config: LaunchConfiguration, request: FeedRequest, loader: FeedLoader, now: Date,
                                       own: [PinnedCity]) async -> Outcome {
        if config.demo {
            let feed = DemoData.feed(count: request.count, language: request.language, fetchedAt: now, own: own)
            return .report(OnceReport(feed: WeatherFeedSummary(feed), source: .demo, offline: false, reason: nil), warning: nil)
        }
        var notes: [String] = []
        var saved: WeatherFeedSummary?
        // Only what is printed is decoded: a status bar calling this every minute pays for the ten
        // fields a city it shows, not every details field (half the run time, scripts/bench). Damage
        // confined to fields it never reads goes unseen here; the browser still finds and moves it aside.
        switch loader.restore(WeatherFeedSummary.self) {
        case .success(let feed): saved = feed
        case .failure(.missing): break
        case .failure(let error):
            var text = "saved feed not used: \(error.explanation)"
            if case .corrupt = error { text += "; moved aside to \(WeatherFeedArchive.fileName(source: config.provider.fileTag)).corrupt" }
            notes.append(text)
        }

        let failure: FeedError?
        if let blocked = FeedPolicy.fetchBlocked(config: config.onceConfig) {
            failure = blocked
        } else if let saved, !FeedPolicy.isStale(saved, request: request, refreshAfter: config.refreshAfter, now: now,
                                                 wanted: own.map(\.key)) {
            // Fresh enough: no call spent.
            return .report(OnceReport(feed: saved, source: .archive, offline: false, reason: nil, provider: config.provider), warning: notes.first)
        } else {
            switch await loader.refresh(request, own: own) {
            case .success(let payload):
                let warnings = notes + [payload.ownProblem, payload.saveProblem].compactMap { $0 }
                return .report(OnceReport(feed: WeatherFeedSummary(payload.feed), source: .live, offline: false, reason: nil,
                                          provider: config.provider),
                               warning: warnings.isEmpty ? nil : warnings.joined(separator: "; "))
            case .failure(let error):
                failure = error
            }
        }
        let reason = failure?.errorDescription ?? "unknown"
        guard let saved else {
            return .nothing((notes + [reason, "no saved feed; try --demo"]).joined(separator: "; "))
        }
        var warning = notes
        if failure != .offlineMode {
            warning.append("\(reason); showing the feed saved \(WeatherFormat.dateTime(saved.fetchedAt)) (\(WeatherFormat.age(of: saved.fetchedAt, now: now)))")
        }
        return .report(OnceReport(feed: saved, source: .archive, offline: true, reason: reason, provider: config.provider),
                       warning: warning.isEmpty ? nil : warning.joined(separator: "; "))
    }
}
