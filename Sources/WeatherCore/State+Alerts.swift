#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

/// The official alerts of the listed places (docs/spec.md §4 "Official alerts"): each place asked
/// of the one source that covers its country, at most once in ten minutes across every run
/// (`Alerts.plist`), each request on its own and never in the weather's way.
public struct AlertsState: Equatable, Sendable {
    /// What every run was told: restored from `Alerts.plist`, then joined by this run's answers.
    public var kept = StoredAlerts()
    /// Whether `Alerts.plist` has been read: until then nothing is asked (what it holds may be fresh).
    public var restored = false
    /// The places whose request is under way, by city key.
    public var inFlight: Set<String> = []
    /// Those of them asked of AccuWeather: calls the ledger does not hold yet, which the day's
    /// budget must still pay for.
    public var inFlightAccuWeather: Set<String> = []
    /// Requests this run sent that reached their source.
    public var callsThisRun = 0
    /// The listed places a source covers, as last counted (when requests were weighed): the
    /// header's cost reads it at every frame rather than walk the list.
    public var placesCovered = 0
    /// The highest severity in force of each listed place with an alert, by key, as last worked
    /// out (when alerts arrive, the list changes, or the minute turns): what the list's marks and
    /// the header's count read at every frame, at a lookup's cost.
    public var highest: [String: AlertSeverity] = [:]

    public init() {}
}

/// One place's alerts request.
public struct AlertRequest: Equatable, Hashable, Sendable {
    public var cityKey: String
    public var source: AlertSource
    public var latitude: Double
    public var longitude: Double
    /// The language the weather is asked in (AccuWeather's alerts take it; the others are in English).
    public var language: String

    public init(cityKey: String, source: AlertSource, latitude: Double, longitude: Double, language: String = "en") {
        self.cityKey = cityKey
        self.source = source
        self.latitude = latitude
        self.longitude = longitude
        self.language = language
    }
}


/// What is known of one place's alerts: unknown is never shown as none.
public enum PlaceAlertStatus: Equatable, Sendable {
    /// No official source this program asks covers the place's country.
    case uncovered(country: String)
    /// Its source has not answered: why, in words (`alerts could not be checked (…)`).
    case unknown(why: String)
    /// Its source answered: the alerts in force, most severe first (none: checked, and none).
    case checked([WeatherAlert], source: AlertSource)

    /// The alerts in force when checked; nil when not known.
    public var alerts: [WeatherAlert]? {
        if case .checked(let alerts, _) = self { return alerts }
        return nil
    }

    /// The highest severity of the alerts in force; nil when there are none or it is not known.
    public var highestSeverity: AlertSeverity? {
        alerts?.map(\.severity).min()
    }

    /// The words a detail shows when there is no alert to show, in `language`.
    public func words(in language: Language = .english) -> String {
        switch self {
        case .uncovered(let country): language.text("alerts.uncovered", ("country", country))
        case .unknown(let why): why
        case .checked(let alerts, let source):
            alerts.isEmpty ? language.text("alerts.none", ("source", source.displayName)) : language.counted("alerts.inForce", alerts.count)
        }
    }
}

extension State {
    /// The least time between two requests for one place, across every run.
    public static let alertsSpacing: TimeInterval = 600
    /// How long what a source said stands for what is in force now: past it (three rounds
    /// missed: offline, or a saved feed `--once` cannot ask about) the place's alerts are not known.
    public static let alertsKnownFor: TimeInterval = 1_800

    /// What is known of `city`'s alerts now: expired ones are dropped.
    public func alertStatus(for city: CityWeather) -> PlaceAlertStatus {
        guard let source = alertSource(for: city) else {
            return .uncovered(country: city.country.englishName.isEmpty ? city.country.id : city.country.englishName)
        }
        if let entry = alertsState.kept.byCityKey[city.key], entry.source == source {
            // Asked too long ago, or of no known age (dated ahead of a clock set back).
            if FeedPolicy.age(of: entry.askedAt, now: now).map({ $0 > State.alertsKnownFor }) ?? true {
                return .unknown(why: language.text("alerts.lastChecked", ("age", WeatherFormat.age(of: entry.askedAt, now: now, in: language))))
            }
            if let alerts = entry.alerts {
                let active = alerts.filter { $0.isActive(at: now) }
                guard active.count > 1 else { return .checked(active, source: source) }
                return .checked(active.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element),
                                source: source)
            }
            // The failure is kept in `Alerts.plist` as the run that met it worded it.
            if let failure = entry.failure { return .unknown(why: language.text("alerts.notChecked", ("why", failure))) }
        }
        if config.demo { return .unknown(why: language.text("alerts.demo")) }
        if FeedPolicy.fetchBlocked(config: config) == .offlineMode {
            return .unknown(why: language.text("alerts.notChecked", ("why", language.text("alerts.offlineMode"))))
        }
        if source == .accuWeather {
            // AccuWeather's alerts are weighed by its weather gate: its hold and its day's budget.
            guard let gate = accuWeatherAlertsGate else { return .unknown(why: language.text("alerts.needBudget")) }
            switch gate.check(accuWeatherAlertsAsk(freshUntil: nil), now: now) {
            case .budgetSpent(let spent, let half, let until)?:
                let why = language.text("alerts.halfBudgetSpent", ("budget", String(Int(half / State.accuWeatherAlertsShare))),
                                        ("spent", String(Int(spent.rounded()))),
                                        ("time", WeatherFormat.clock(until, timeZone: config.timeZone, style: clock)))
                return .unknown(why: language.text("alerts.notChecked", ("why", why)))
            case .held(let hold)?:
                return .unknown(why: language.text("alerts.notChecked", ("why", words(for: .held(hold), of: .accuWeather))))
            case .fresh?, nil:
                break
            }
        } else if let hold = alertGate(for: source).hold, hold.until > now {
            let limit = language.text("alerts.limit", ("source", source.displayName),
                                      ("time", WeatherFormat.clock(hold.until, timeZone: config.timeZone, style: clock)), ("reason", hold.reason))
            return .unknown(why: language.text("alerts.notChecked", ("why", limit)))
        }
        return .unknown(why: language.text("alerts.notYet"))
    }

    /// The source asked about `city`'s alerts: the keyless official one that covers its country
    /// (it costs the user nothing), else AccuWeather when it gives the weather (its places have
    /// its location keys), else none.
    public func alertSource(for city: CityWeather) -> AlertSource? {
        if let official = AlertSource.covering(countryCode: city.country.id) { return official }
        return config.provider == .accuWeather && !city.key.isEmpty ? .accuWeather : nil
    }

    /// The share of AccuWeather's day's budget its alerts may bring the day's spending to: the
    /// rest is the weather's, so alerts never starve the refreshes.
    public static let accuWeatherAlertsShare = 0.5
    /// Why a place only AccuWeather covers has no alerts when no budget is given.
    public static let accuWeatherAlertsNeedBudget = Language.english.text("alerts.needBudget")

    /// AccuWeather's weather gate as its alerts meet it: its hold and what every run spent today,
    /// with half its day's budget. Nil without a budget: every place every ten minutes would
    /// spend thousands of the key's calls a day, so none is asked unless the user set a bound.
    var accuWeatherAlertsGate: SourceGate? {
        var gate = gate(for: .accuWeather)
        guard let budget = gate.dailyBudget else { return nil }
        gate.dailyBudget = budget * State.accuWeatherAlertsShare
        return gate
    }

    /// One AccuWeather alerts request as its weather gate weighs it: one call, automatic (it may
    /// not spend past the day's budget), with this run's requests under way already counted.
    func accuWeatherAlertsAsk(freshUntil: Date?) -> SourceGate.Ask {
        SourceGate.Ask(.alerts, calls: 1 + Double(alertsState.inFlightAccuWeather.count), userAsked: false, freshUntil: freshUntil)
    }


    /// The highest severity of `city`'s alerts in force; nil when none is, or it is not known.
    /// What the list asks of each row it draws: a place no source said anything of is answered
    /// without more.
    public func highestAlertSeverity(for city: CityWeather) -> AlertSeverity? {
        alertsState.highest[city.key]
    }

    /// Works out `alertsState.highest` again, from the places some source said something of.
    mutating func noteHighestAlerts() {
        var highest: [String: AlertSeverity] = [:]
        if let feed, !alertsState.kept.byCityKey.isEmpty {
            for city in feed.cities where alertsState.kept.byCityKey[city.key]?.alerts?.isEmpty == false {
                highest[city.key] = alertStatus(for: city).highestSeverity
            }
        }
        if highest != alertsState.highest { alertsState.highest = highest }
    }

    /// The keys of the listed places with an alert in force, in the list's order.
    public var placesWithAlerts: [String] {
        let highest = alertsState.highest
        guard !highest.isEmpty else { return [] }
        return list.visibleCities.filter { highest[$0.key] != nil }.map(\.key)
    }

    /// Calls a round of alerts costs (the header's cost line): one for each listed place a
    /// source covers, at most once in ten minutes; none when this run asks for none.
    public var alertCallsPerRound: Int {
        guard alertsState.restored, !config.demo, feed != nil, FeedPolicy.fetchBlocked(config: config) == nil else { return 0 }
        return alertsState.placesCovered
    }

    /// Selects the next listed place after the selected one with an alert in force, from the
    /// top after the last; says so when there is none.
    mutating func selectNextPlaceWithAlerts() {
        let keys = placesWithAlerts
        guard !keys.isEmpty else {
            notice = language.text("notice.noAlerts")
            return
        }
        let after = list.selectedIndex ?? -1
        let next = list.visibleCities.indices.first { $0 > after && keys.contains(list.visibleCities[$0].key) }
            ?? list.visibleCities.indices.first { keys.contains(list.visibleCities[$0].key) }
        if let next { select(key: list.visibleCities[next].key) }
    }

    /// `source`'s gate as it stands: its hold as every run met it.
    public func alertGate(for source: AlertSource) -> AlertGate {
        AlertGate(source: source, hold: alertsState.kept.holds[source.rawValue])
    }

    /// Requests for the listed places whose alerts are due: once the saved alerts are read, never
    /// when this run may not fetch, each through its source's gate (a hold or a fresh answer
    /// refuses it, and the place's words say so).
    mutating func alertsEffects() -> [Effect] {
        guard alertsState.restored, !config.demo, let feed, FeedPolicy.fetchBlocked(config: config) == nil else { return [] }
        var effects: [Effect] = []
        var covered = 0
        let accuWeatherGate = accuWeatherAlertsGate
        defer { alertsState.placesCovered = covered }
        for city in feed.cities {
            guard let source = alertSource(for: city), let position = city.geoPosition,
                  abs(position.latitude) <= 90, abs(position.longitude) <= 180 else { continue }
            if source == .accuWeather, accuWeatherGate == nil { continue }
            covered += 1
            guard !alertsState.inFlight.contains(city.key) else { continue }
            let entry = alertsState.kept.byCityKey[city.key]
            // An answer dated ahead of the clock (set back since) holds nothing off.
            let freshUntil = entry.flatMap { $0.source == source && FeedPolicy.age(of: $0.askedAt, now: now) != nil ? $0.nextAskAt : nil }
            let request = AlertRequest(cityKey: city.key, source: source, latitude: position.latitude, longitude: position.longitude,
                                       language: source == .accuWeather ? self.request.language : "en")
            if source == .accuWeather {
                // The key's calls: through AccuWeather's weather gate, which holds its day's budget.
                guard case .success(let pass) = accuWeatherAlertsGate?.admit(accuWeatherAlertsAsk(freshUntil: freshUntil), now: now) else { continue }
                alertsState.inFlight.insert(city.key)
                alertsState.inFlightAccuWeather.insert(city.key)
                effects.append(.fetchAccuWeatherAlerts(request, pass: pass))
                continue
            }
            guard case .success(let pass) = alertGate(for: source).admit(cityKey: city.key, freshUntil: freshUntil, now: now) else { continue }
            alertsState.inFlight.insert(city.key)
            effects.append(.fetchAlerts(request, pass: pass))
        }
        return effects
    }

    mutating func alertsRestored(_ stored: StoredAlerts, notice problem: String?) -> [Effect] {
        if let problem { notice = problem }
        alertsState.restored = true
        alertsState.kept = alertsState.kept.merged(with: stored)
        return alertsEffects()
    }

    /// A source's answer for one place: kept (expired alerts dropped) and saved for every run; a
    /// failure is kept as the reason the place's alerts are unknown, until it may be asked again.
    mutating func alertsLoaded(_ request: AlertRequest, _ result: Result<AlertsAnswer, FeedError>, askedAt: Date) -> [Effect] {
        alertsState.inFlight.remove(request.cityKey)
        // Its calls were counted when the client heard the answer (`.ledger(.answered)`, just before).
        alertsState.inFlightAccuWeather.remove(request.cityKey)
        let earliest = askedAt.addingTimeInterval(State.alertsSpacing)
        switch result {
        case .success(let payload):
            alertsState.callsThisRun += 1
            for line in payload.notices { record("\(request.source.displayName): \(line)") }
            alertsState.kept.byCityKey[request.cityKey] = PlaceAlerts(
                source: request.source, askedAt: askedAt, nextAskAt: max(payload.freshUntil, earliest),
                alerts: payload.alerts.filter { $0.isActive(at: askedAt) })
        case .failure(.network(.cancelled)):
            return []
        case .failure(let error):
            if case .network(let service) = error, request.source == .accuWeather {
                // AccuWeather counts each request it answers; its 429 or spent day holds its weather too.
                if service.answered { alertsState.callsThisRun += 1 }
                limits.heard(error, from: .accuWeather, at: now)
            } else if case .network(let service) = error {
                if service.answered { alertsState.callsThisRun += 1 }
                var gate = alertGate(for: request.source)
                gate.heard(service)
                alertsState.kept.holds[request.source.rawValue] = gate.hold
            }
            let why = error.description(in: language)
            record(language.text("message.alertsFailed", ("source", request.source.displayName), ("error", why)))
            alertsState.kept.byCityKey[request.cityKey] = PlaceAlerts(
                source: request.source, askedAt: askedAt, nextAskAt: earliest, alerts: nil, failure: why)
        }
        return [.saveAlerts(alertsState.kept)]
    }

    /// What the reducer does for alerts after `action`: the alerts' own results, and for what
    /// names places or moves the clock, the requests now due.
    mutating func alertsFollowing(_ action: Action) -> [Effect] {
        var effects = alertsAfter(action)
        switch action {
        case .alertsRestored, .alertsLoaded, .archiveRestored, .archiveDetailsRestored, .feedLoaded, .placesLoaded, .tick:
            noteHighestAlerts()
            // A new alert at a kept place gets its word (State+AlertNotifications.swift).
            effects += alertNotifications()
        default: break
        }
        return effects
    }

    private mutating func alertsAfter(_ action: Action) -> [Effect] {
        switch action {
        case .alertsRestored(let stored, let problem): return alertsRestored(stored, notice: problem)
        case .alertsLoaded(let request, let result, let askedAt): return alertsLoaded(request, result, askedAt: askedAt)
        case .archiveRestored, .archiveDetailsRestored, .feedLoaded, .placesLoaded, .tick: return alertsEffects()
        case .nextPlaceWithAlerts:
            selectNextPlaceWithAlerts()
            return []
        default: return []
        }
    }
}

extension ServiceError {
    /// Whether the source answered (a status, a body), so the request counts as a call it served.
    var answered: Bool {
        switch self {
        case .rateLimited, .rejected, .server, .unexpectedResponse, .unauthorized, .quotaExceeded: true
        case .unreachable, .certificateRejected, .timedOut, .cancelled: false
        }
    }
}
