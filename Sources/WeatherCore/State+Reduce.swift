#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import PlistArchive
import WeatherStore
import WeatherModels
import WeatherSource

extension State {
    /// Applies one action; returns the work to do. The only place state changes. A hold a source
    /// gave (a 429, a spent day) is kept in `Holds.txt` too, for every run of the program.
    public mutating func reduce(_ action: Action) -> [Effect] {
        let held = limits.gates.mapValues(\.hold)
        var effects = apply(action)
        effects += reduceNowcast(action)
        effects += reduceLedger(action)
        // The weather's effects first: alerts never stand in its way.
        effects += alertsFollowing(action)
        if case .ledgerRead = action { return effects }  // holds read from the file are not written back
        for (provider, gate) in limits.gates.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let hold = gate.hold, hold != held[provider] ?? nil { effects.append(.keepHold(provider, hold)) }
        }
        return effects
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        if notices.reduce(action, at: now) { return [] }
        autoRefresh.reduce(action, now: now)
        let onMap = map.reduce(action, detailShown: detail.mode == .detail)
        let detailEffects: [Effect]
        switch detail.reduce(action, selected: selectedCity?.key, now: now, language: language) {
        case .passed(let effects):
            detailEffects = effects
        case .opened(let key, _):
            return forecastEffects(for: key)
        case .closed:
            return []
        }
        switch list.reduce(action) {
        case .passed: break
        case .taken, .selected: return []
        case .refiltered:
            recomputeVisible()
            return []
        case .resorted:
            recomputeVisible()
            return [saveSettings(State.sortFields)]
        case .filterCleared:
            showWholeListAgain()
            return []
        }
        if let effects = reduceAir(action) { return effects }
        switch action {

        case .openDetail:
            break  // no city selected: the detail (DetailState.swift) opened nothing
        case .closeDetail:
            if onMap == .taken {
                // The map closed: the list is back as it was.
            } else if !list.filter.isEmpty {
                _ = list.clearFilter()
                showWholeListAgain()
            }
        case .toggleMap, .cycleMapLayer:
            // The map, or the list again, is the browsing view (the detail closed; the selection
            // and the filter are the list's and stay).
            return onMap == .layerChanged ? [saveSettings([.mapLayer])] : []

        case .startFilter:
            break  // the list and the detail took it (an open overlay is the front end's to close)
        case .toggleUnits:
            units = units == .metric ? .imperial : .metric
            // The index shown may follow the units: so does the order by it.
            if list.sortField == .airQuality { recomputeVisible() }
            return [saveSettings([.units])]
        case .togglePin:
            return togglePin()
        case .toggleHome:
            return toggleHome()
        case .moveOwnCity(let up):
            return moveOwnCity(up: up)

        case .refresh:
            return refreshAsked()
        case .quit:
            isQuitting = true
            return [saveSettings(fieldsKeptOnQuit), .quit]
        case .interrupt:
            isQuitting = true
            return [saveSettings(fieldsKeptOnQuit), .quit]

        case .tick(let date):
            now = date
            return refreshIfDue()
        case .ledgerRead(let calls, let pins, let problem, let at, let holds):
            if let at { now = at }
            limits.held(holds)
            if let problem {
                notice = problem
                record(problem)
            }
            if let pins {
                // Another copy of the program may have changed the places: this refresh asks for them too.
                adoptPins(pins, ifChanged: true)
            }
            return ledgerRead(calls)

        case .archiveRestored(let result):
            return restored(result)
        case .archiveDetailsRestored(let result):
            detailsRestored(result)
            // The preview knows no coordinates: the whole feed is the first to name the places whose air is due.
            return airQualityEffects()
        case .feedLoaded(let result):
            return loaded(result)
        case .placesLoaded(let result):
            return placesLoaded(result)
        case .forecastLoaded(let key, let result):
            // The detail (DetailState.swift) kept the forecast or why not; the gate, the header's
            // count and the messages are the rest's.
            switch result {
            case .success(let payload):
                if let left = payload.rateLimitRemaining { rateLimitRemaining = left }
                return detailEffects
            case .failure(let error):
                limits.heard(error, from: config.provider, at: now)
                if error == .network(.quotaExceeded) { rateLimitRemaining = 0 }
                if error != .network(.cancelled) {
                    let name = feed?.cities.first { $0.key == key }?.englishName ?? "city \(key)"
                    record(language.text("message.forecastFailed", ("name", name), ("error", error.description(in: language))))
                }
            }
        case .forecastsWanted(let keys):
            return printedForecastEffects(for: keys)
        case .forecastsLoaded(let keys, let result):
            return printedForecastsLoaded(keys, result)
        case .forecastsRestored(let stored, let problem):
            if let problem { notice = problem }
            return detailEffects  // the detail merged them
        case .airQualityRestored, .airQualityLoaded:
            break  // reduceAir (State+AirQuality.swift) took them
        case .settingsLoaded(let saved, let problem):
            clock = FeedPolicy.clock(config: config, saved: saved)
            // Worded once the settings are taken: they can name the language it is said in.
            defer {
                if let problem { notice = problem.text(in: language) }
                if let words = languageNotice { notice = words }
            }
            guard let saved else { return [] }
            limits.savedDailyCalls = saved.dailyCalls
            units = FeedPolicy.units(config: config, saved: saved)
            airQualityIndex = config.airQualityIndex ?? saved.airQualityIndex ?? .units
            showsTitle = config.title ?? saved.title ?? false
            request = FeedPolicy.request(config: config, saved: saved)
            recomputeVisible()
        case .pinsLoaded(let cities, let problem):
            if let problem { notice = problem }
            if !pinsRead {
                // The start's pins: home opens selected, over the city selected when the last run ended.
                pinsRead = true
                if let home = cities.first(where: \.isHome)?.key { list.selectWhenListed(key: home) }
            }
            adoptPins(cities)
        case .pinsChanged(let cities, let failure):
            if !pinChangesUnanswered.isEmpty { pinChangesUnanswered.removeFirst() }
            if let failure { notice = failure }
            if let cities { adoptPins(cities) }
        case .saveFailed(let message):
            notice = message
        case .addCity(let step):
            return reduceAddCity(step)
        case .removeCity(let step):
            return reduceRemoveCity(step)
        case .nowcast:
            break  // reduceNowcast (State+Nowcast.swift) takes them
        case .ledger:
            break  // reduceLedger (State+Ledger.swift) takes them
        case .moveUp, .moveDown, .first, .last, .moveBy, .select,
             .filterInput, .filterBackspace, .commitFilter, .cancelFilter, .cycleSort, .invertSort, .sortBy:
            break  // the list (ListState.swift) took them
        case .dismissNotice:
            break  // the notices (NoticesState.swift) took it
        case .alertsRestored, .alertsLoaded, .nextPlaceWithAlerts:
            break  // alertsFollowing (State+Alerts.swift) takes them
        }
        return []
    }

    // MARK: moving

    /// Selects the city of `key` when it is listed (a filter may hide it), and scrolls to it;
    /// whether it was. Every way of choosing a city ends here.
    @discardableResult
    mutating func select(key: String) -> Bool {
        guard list.select(key: key) else { return false }
        return true
    }

    /// `Esc` took the filter away: the whole list, with the city selected before `/`.
    mutating func showWholeListAgain() {
        recomputeVisible()
        _ = list.returnFromFilter()
    }

    // MARK: network

    /// Starts a refresh when one may run: never two at once, never with `--offline` or without a
    /// key, and only through the source's gate (a hold refuses every request; the day's budget
    /// refuses those nobody asked for; a fresh feed is not asked again by itself).
    mutating func startFetch(userAsked: Bool) -> [Effect] {
        if isFetching {
            // The key is answered, not dropped: the refresh under way is the one asked for.
            if userAsked { notice = language.text("notice.refreshing") }
            return []
        }
        if let blocked = FeedPolicy.fetchBlocked(config: config) {
            if blocked == .offlineMode {
                if userAsked { notice = language.text("notice.offlineNoRefresh") }
            } else {
                lastError = blocked
            }
            banner = .offline(savedAt: feed?.fetchedAt, reason: blocked.description(in: language))
            return []
        }
        let own = FeedPolicy.ownCities(config: config, pinned: pinned)
        // With nothing to show, the first request is the user's: starting the program asked for it.
        let ask = SourceGate.Ask(.weather, calls: weatherRefreshCalls, userAsked: userAsked || feed == nil,
                                 freshUntil: userAsked ? nil : feedFreshUntil)
        switch admit(ask, to: config.provider) {
        case .success(let pass):
            isFetching = true
            // The air, when it is due, goes alongside: one round of requests.
            return [.fetchFeed(request, own: own, pass: pass)] + airQualityEffects()
        case .failure(let refusal):
            refused(refusal, userAsked: userAsked)
            return []
        }
    }

    /// Until when the saved feed is fresh for a refresh nobody asked for (nil: it is stale, or a
    /// failed refresh is being tried again).
    var feedFreshUntil: Date? {
        guard let feed, source != .demo else { return nil }
        return autoRefresh.freshUntil(feed: FeedPolicy.isStale(feed, request: request, refreshAfter: config.refreshAfter, now: now,
                                                               wanted: FeedPolicy.ownCities(config: config, pinned: pinned).map(\.key))
                                      ? nil : feed.fetchedAt.addingTimeInterval(config.refreshAfter))
    }

    /// The gate said no to the weather's refresh: a hold is said (banner, and the status line
    /// when asked), as is a budget spent when asked, and always to `--once`, which has no header
    /// to say it; nothing was sent, so nothing failed.
    mutating func refused(_ refusal: SourceGate.Refusal, userAsked: Bool) {
        if case .held(let hold) = refusal, !config.demo {
            banner = .limited(savedAt: feed?.fetchedAt, until: hold.until, reason: hold.reason)
        }
        if userAsked || !config.inBrowser { notice = words(for: refusal, of: config.provider) }
    }

    mutating func restored(_ result: Result<WeatherFeed, ArchiveError>) -> [Effect] {
        switch result {
        case .success(let saved):
            if source != .live {  // a live feed that came first wins
                feed = saved
                source = .archive
                recomputeVisible()
                noteUnlistedOwnCities()
            }
        case .failure(let error):
            noteUnusable(error)
        }
        if config.demo { return startFetch(userAsked: false) }
        if config.printedPlaceKeys != nil, FeedPolicy.fetchBlocked(config: config) == nil { return fetchPrintedPlaces() }
        let stale: Bool
        if let feed {
            stale = source == .archive && FeedPolicy.isStale(feed, request: request, refreshAfter: config.refreshAfter, now: now,
                                                             wanted: FeedPolicy.ownCities(config: config, pinned: pinned).map(\.key))
        } else {
            stale = true
        }
        // Without the network (--offline) or a key, say so now, even over a fresh archive: no
        // refresh will ever replace it. startFetch puts the reason in the banner and starts nothing.
        if stale || FeedPolicy.fetchBlocked(config: config) != nil { return startFetch(userAsked: false) }
        return []
    }

    /// The whole saved feed replaces its preview (same fetch) unless a live feed came first; if
    /// the whole cannot be read after all, the preview goes too (its file has been moved aside).
    mutating func detailsRestored(_ result: Result<WeatherFeed, ArchiveError>) {
        guard source == .archive else { return }
        switch result {
        case .success(let whole) where whole.fetchedAt == feed?.fetchedAt:
            feed = whole
        case .success:
            return
        case .failure(let error):
            noteUnusable(error)
            feed = nil
            source = nil
        }
        recomputeVisible()
    }

    /// Tells the user why a saved feed is not shown (nothing when there was none).
    mutating func noteUnusable(_ error: ArchiveError) {
        let fileName = WeatherFeedArchive.fileName(source: config.provider.fileTag)
        if case .missing = error { return }
        let text = error.notUsedText(language.text("file.savedFeed"), file: fileName, then: nil, in: language)
        notice = text
        savedFeedNotUsed = error
    }

    mutating func loaded(_ result: Result<FeedPayload, FeedError>) -> [Effect] {
        isFetching = false
        if case .failure(let error) = result { noteRefreshEnded(error) } else { noteRefreshEnded(nil) }
        switch result {
        case .success(let payload):
            feed = payload.feed
            source = config.demo ? .demo : .live
            banner = config.demo ? .demo : .none
            lastError = nil
            if let left = payload.rateLimitRemaining { rateLimitRemaining = left }
            if let problem = payload.ownProblem { notice = problem }
            recomputeVisible()
            noteUnlistedOwnCities()
            selectAddedCity()
            // A first feed is the first time the places are known: their air follows it.
            return [.saveFeed(payload.feed)] + detail.keep(payload.forecasts) + airQualityAfterRefresh() + refreshForAddedCity()
        case .failure(let error):
            failed(error)
        }
        return refreshForAddedCity()
    }

    /// A refresh failed: the saved data stays, under a banner that says why (a limit is not a
    /// lost network), and `!` keeps the reason.
    mutating func failed(_ error: FeedError) {
        lastError = error
        if config.demo {
            banner = .demo
        } else if let hold = weatherGate.hold(at: now) {
            banner = .limited(savedAt: feed?.fetchedAt, until: hold.until, reason: hold.reason)
        } else {
            banner = .offline(savedAt: feed?.fetchedAt, reason: error.description(in: language))
        }
        // The header must not count calls left beside "limit reached".
        if error == .network(.quotaExceeded) { rateLimitRemaining = 0 }
        if error != .network(.cancelled) { record(language.text("message.refreshFailed", ("error", error.description(in: language)))) }
    }
}

extension Action {
    /// Keys and commands (not results or clock ticks): they clear a one-time notice.
    var isUserIntent: Bool {
        switch self {
        case .archiveRestored, .archiveDetailsRestored, .feedLoaded, .placesLoaded, .forecastLoaded, .forecastsLoaded, .forecastsRestored, .settingsLoaded, .pinsLoaded, .pinsChanged,
             .saveFailed, .tick, .ledgerRead, .addCity(.found), .airQualityLoaded, .airQualityRestored,
             .nowcast(.restored), .nowcast(.loaded), .alertsRestored, .alertsLoaded, .ledger:
            return false
        default:
            return true
        }
    }
}
