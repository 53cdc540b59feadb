#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

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
            guard AlertsState.stands(entry, now: now) else {
                return .unknown(why: language.text("alerts.lastChecked", ("age", WeatherFormat.age(of: entry.askedAt, now: now, in: language))))
            }
            if let alerts = entry.alerts { return .checked(AlertsState.inForce(alerts, at: now), source: source) }
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
        State.alertSource(for: city, provider: config.provider)
    }

    /// The source asked about `city`'s alerts when `provider` gives the weather.
    static func alertSource(for city: CityWeather, provider: WeatherProvider) -> AlertSource? {
        if let official = AlertSource.covering(countryCode: city.country.id) { return official }
        return provider == .accuWeather && !city.key.isEmpty ? .accuWeather : nil
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

    /// Works out `alertsState.highest` again, from the listed places some source said something of.
    mutating func noteHighestAlerts() {
        let provider = config.provider
        alertsState.noteHighest(among: feed?.cities ?? [], source: { State.alertSource(for: $0, provider: provider) }, now: now)
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
        alertsState.gate(for: source)
    }

    /// Requests for the listed places whose alerts are due (`AlertsState.due`): never when this
    /// run may not fetch, each through its source's gate (a hold or a fresh answer refuses it,
    /// and the place's words say so).
    mutating func alertsEffects() -> [Effect] {
        guard !config.demo, let feed, FeedPolicy.fetchBlocked(config: config) == nil else { return [] }
        // The places are worked out only once the saved alerts are read, from values, not from
        // `self`, which the alerts' own step changes meanwhile.
        let cities = feed.cities, provider = config.provider, language = request.language
        let accuWeatherAsked = accuWeatherAlertsGate != nil
        var effects: [Effect] = []
        let due = alertsState.due(State.alertsCovered(cities, provider: provider, language: language, accuWeatherAsked: accuWeatherAsked), now: now)
        for due in due {
            let request = due.request, effect: Effect
            if request.source == .accuWeather {
                // The key's calls: through AccuWeather's weather gate, which holds its day's budget.
                guard case .success(let pass) = accuWeatherAlertsGate?.admit(accuWeatherAlertsAsk(freshUntil: due.freshUntil), now: now) else { continue }
                effect = .fetchAccuWeatherAlerts(request, pass: pass)
            } else {
                guard case .success(let pass) = alertGate(for: request.source).admit(cityKey: request.cityKey, freshUntil: due.freshUntil, now: now) else { continue }
                effect = .fetchAlerts(request, pass: pass)
            }
            alertsState.asked(request)
            effects.append(effect)
        }
        return effects
    }

    /// The requests for the listed places a source covers, each of its source (AccuWeather's
    /// only when `accuWeatherAsked`: a budget is set, and in the weather's `language`) and with
    /// a position on the globe.
    private static func alertsCovered(_ cities: [CityWeather], provider: WeatherProvider, language: String,
                                      accuWeatherAsked: Bool) -> [AlertRequest] {
        cities.compactMap { city in
            guard let source = alertSource(for: city, provider: provider), let position = city.geoPosition,
                  abs(position.latitude) <= 90, abs(position.longitude) <= 180,
                  source != .accuWeather || accuWeatherAsked else { return nil }
            return AlertRequest(cityKey: city.key, source: source, latitude: position.latitude, longitude: position.longitude,
                                language: source == .accuWeather ? language : "en")
        }
    }

    /// The alerts' part of an action (AlertsState.swift), and what it leaves to the rest: the
    /// notice, the messages, the gates, the save, the requests now due; then, for what changed
    /// them, the list's marks and the words told of new alerts.
    mutating func alertsFollowing(_ action: Action) -> [Effect] {
        if case .nextPlaceWithAlerts = action {
            selectNextPlaceWithAlerts()
            return []
        }
        var effects: [Effect]
        switch alertsState.reduce(action, language: language) {
        case .passed:
            return []
        case .restored(let problem):
            if let problem { notice = problem }
            effects = alertsEffects()
        case .answered(let notices, let kept):
            for line in notices { record(line) }
            effects = [.saveAlerts(kept)]
        case .failed(let error, let source, let why, let kept):
            // AccuWeather counts each request it answers; its 429 or spent day holds its weather too.
            if source == .accuWeather { limits.heard(error, from: .accuWeather, at: now) }
            record(language.text("message.alertsFailed", ("source", source.displayName), ("error", why)))
            effects = [.saveAlerts(kept)]
        case .cancelled:
            effects = []
        case .placesOrClockMoved:
            effects = alertsEffects()
        }
        noteHighestAlerts()
        // A new alert at a kept place gets its word (State+AlertNotifications.swift).
        return effects + alertNotifications()
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
