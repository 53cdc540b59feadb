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
/// (`Alerts.plist`), each request on its own and never in the weather's way. Its reducer reads
/// only this part: the clock and the words come as arguments, the places and the source of each
/// are given by the state around it (which knows the feed and the weather's source), and the
/// requests go through the gates, which the state around it asks (State+Alerts.swift).
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

    /// What the alerts made of an action, for the state around it.
    enum Outcome: Equatable {
        case passed
        /// The saved alerts were read (`notice`: why the file was not used, to be said once): the
        /// places due may be asked about.
        case restored(notice: String?)
        /// A source answered for a place: its notices (each with the source's name) go to the
        /// messages, and what every run keeps is saved.
        case answered(notices: [String], save: StoredAlerts)
        /// A request failed (`why`: in words, kept as the place's reason until it may be asked
        /// again): AccuWeather's weather gate hears it (an official source's hold is kept here),
        /// the messages keep it, and what every run keeps is saved.
        case failed(FeedError, source: AlertSource, why: String, save: StoredAlerts)
        /// A request was cancelled: nothing is kept of it.
        case cancelled
        /// The places or the clock moved on: the places due may be asked about.
        case placesOrClockMoved
    }

    /// The alerts' part of `action`.
    mutating func reduce(_ action: Action, language: Language) -> Outcome {
        switch action {
        case .alertsRestored(let stored, let problem):
            restored = true
            kept = kept.merged(with: stored)
            return .restored(notice: problem)
        case .alertsLoaded(let request, let result, let askedAt):
            return loaded(request, result, askedAt: askedAt, language: language)
        case .archiveRestored, .archiveDetailsRestored, .feedLoaded, .placesLoaded, .tick:
            return .placesOrClockMoved
        default:
            return .passed
        }
    }

    /// A source's answer for one place: kept (expired alerts dropped) for every run; a failure is
    /// kept as the reason the place's alerts are unknown, until it may be asked again.
    private mutating func loaded(_ request: AlertRequest, _ result: Result<AlertsAnswer, FeedError>, askedAt: Date,
                                 language: Language) -> Outcome {
        inFlight.remove(request.cityKey)
        // Its calls were counted when the client heard the answer (`.ledger(.answered)`, just before).
        inFlightAccuWeather.remove(request.cityKey)
        let earliest = askedAt.addingTimeInterval(State.alertsSpacing)
        switch result {
        case .success(let payload):
            callsThisRun += 1
            kept.byCityKey[request.cityKey] = PlaceAlerts(
                source: request.source, askedAt: askedAt, nextAskAt: max(payload.freshUntil, earliest),
                alerts: payload.alerts.filter { $0.isActive(at: askedAt) })
            return .answered(notices: payload.notices.map { "\(request.source.displayName): \($0)" }, save: kept)
        case .failure(.network(.cancelled)):
            return .cancelled
        case .failure(let error):
            if case .network(let service) = error {
                if service.answered { callsThisRun += 1 }
                // AccuWeather's 429 or spent day holds its weather too: its gate is the state around it's.
                if request.source != .accuWeather {
                    var gate = gate(for: request.source)
                    gate.heard(service)
                    kept.holds[request.source.rawValue] = gate.hold
                }
            }
            let why = error.description(in: language)
            kept.byCityKey[request.cityKey] = PlaceAlerts(
                source: request.source, askedAt: askedAt, nextAskAt: earliest, alerts: nil, failure: why)
            return .failed(error, source: request.source, why: why, save: kept)
        }
    }

    /// `source`'s gate as it stands: its hold as every run met it.
    func gate(for source: AlertSource) -> AlertGate {
        AlertGate(source: source, hold: kept.holds[source.rawValue])
    }

    /// A place's request that may be due: what it asks, and until when what its source last
    /// said of it is fresh (nil: nothing holds it off).
    struct Due: Equatable {
        var request: AlertRequest
        var freshUntil: Date?
    }

    /// Of `covered` (the listed places a source covers, counted as `placesCovered`), those to
    /// put to their gates now: none before `Alerts.plist` is read, none under way already.
    mutating func due(_ covered: @autoclosure () -> [AlertRequest], now: Date) -> [Due] {
        guard restored else { return [] }
        let covered = covered()
        placesCovered = covered.count
        return covered.compactMap { request in
            guard !inFlight.contains(request.cityKey) else { return nil }
            let entry = kept.byCityKey[request.cityKey]
            // An answer dated ahead of the clock (set back since) holds nothing off.
            let freshUntil = entry.flatMap { $0.source == request.source && FeedPolicy.age(of: $0.askedAt, now: now) != nil ? $0.nextAskAt : nil }
            return Due(request: request, freshUntil: freshUntil)
        }
    }

    /// The request went (its gate let it through).
    mutating func asked(_ request: AlertRequest) {
        inFlight.insert(request.cityKey)
        if request.source == .accuWeather { inFlightAccuWeather.insert(request.cityKey) }
    }

    /// Whether what a source said of a place (`entry`) still stands for what is in force at
    /// `now`: asked no longer than `State.alertsKnownFor` ago, and not dated ahead of the clock.
    static func stands(_ entry: PlaceAlerts, now: Date) -> Bool {
        FeedPolicy.age(of: entry.askedAt, now: now).map { $0 <= State.alertsKnownFor } ?? false
    }

    /// `alerts` in force at `now`, most severe first (among equals, in the source's order).
    static func inForce(_ alerts: [WeatherAlert], at now: Date) -> [WeatherAlert] {
        let active = alerts.filter { $0.isActive(at: now) }
        guard active.count > 1 else { return active }
        return active.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
    }

    /// Works out `highest` again, from the listed places (`cities`) some source said something
    /// of, with `source` the source asked about a city: what its source said, while it stands.
    mutating func noteHighest(among cities: [CityWeather], source: (CityWeather) -> AlertSource?, now: Date) {
        var highest: [String: AlertSeverity] = [:]
        if !kept.byCityKey.isEmpty {
            for city in cities {
                guard let entry = kept.byCityKey[city.key], let alerts = entry.alerts, !alerts.isEmpty,
                      entry.source == source(city), Self.stands(entry, now: now),
                      let severity = Self.inForce(alerts, at: now).map(\.severity).min() else { continue }
                highest[city.key] = severity
            }
        }
        if highest != self.highest { self.highest = highest }
    }
}
