#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import EssentialsSupport
import WeatherModels
import WeatherSource

/// The listed places' air (docs/spec.md §4, §5): one request for all of them, whichever source
/// gives the weather, less often than the weather (at most once an hour, and with one refresh in
/// two at most), saved so it survives an offline restart.
extension State {
    /// Air changes slowly: it is fetched again only once the kept air is this old (the schedule
    /// counts its cost by the same interval).
    public static let airQualityMaxAge: TimeInterval = RefreshSchedule.airInterval
    /// How far apart the air's and the weather's fetches may be before the air's age is shown.
    public static let airQualityAgeShownAfter: TimeInterval = 10 * 60

    /// The air of the place listed under `cityKey`, when some was fetched or restored for it:
    /// the one way views and layers read a place's air.
    public func air(for cityKey: String) -> AirQuality? {
        air.stored?.byCityKey[cityKey]
    }

    /// The index shown: the one chosen, or the one that goes with the units.
    public var airQualityScale: AirQualityScale {
        airQualityIndex.scale(with: units)
    }

    /// When the air shown was fetched, if that is well apart from the weather's fetch.
    public var airQualityFetchedApart: Date? {
        guard let kept = air.stored, let feed, !kept.byCityKey.isEmpty else { return nil }
        return abs(kept.fetchedAt.timeIntervalSince(feed.fetchedAt)) > State.airQualityAgeShownAfter ? kept.fetchedAt : nil
    }

    /// A refresh of the weather has landed: counted when it brought no air, else the air that
    /// follows a first feed (its places now known) is asked for.
    mutating func airQualityAfterRefresh() -> [Effect] {
        guard !air.inFlight else { return [] }
        let wasDue = air.isDue(at: now)
        let effects = airQualityEffects()
        if effects.isEmpty || !wasDue { air.refreshedWithout() }
        return effects
    }

    /// The air's part of an action (AirState.swift), and what it leaves to the rest: the order
    /// by the air, the gate, the messages, the next request.
    mutating func reduceAir(_ action: Action) -> [Effect]? {
        switch air.reduce(action, language: language) {
        case .passed:
            return nil
        case .restored(let changed):
            if case .airQualityRestored(_, let problem?) = action { notice = problem }
            if changed, list.sortField == .airQuality { recomputeVisible() }
            return airQualityEffects()
        case .loaded(let fetched):
            if list.sortField == .airQuality { recomputeVisible() }
            return [.saveAirQuality(fetched)]
        case .failed(let error):
            limits.heard(error, from: State.airProvider, at: now)
            if error != .network(.cancelled) { record(language.text("message.airFailed", ("error", error.description(in: language)))) }
            return []
        }
    }

    /// A fetch of the listed places' air when it is due; once the saved air has been read (else
    /// it is not known whether it is fresh), never when this run may not fetch, and only through
    /// Open-Meteo's gate (a hold or a spent budget is said where the air is shown). Own places
    /// the kept air lacks (one just added) are asked for alone, at once, rather than left without
    /// air until the next hourly fetch.
    mutating func airQualityEffects() -> [Effect] {
        guard air.restored, !air.inFlight, let feed, FeedPolicy.fetchBlocked(config: config) == nil else { return [] }
        let listed = feed.cities.compactMap(AirQualityPlace.init)
        let due = air.isDue(at: now)
        // An own place just added has no air yet: asked for alone rather than left without until the next hourly fetch.
        let own = Set(pinned.lazy.filter(\.isOwn).map(\.key))
        let places = due ? listed : listed.filter { own.contains($0.key) && air(for: $0.key) == nil }
        guard !places.isEmpty else { return [] }
        // Beside a refresh of the weather from the same source, the round's calls are weighed together.
        let ask = SourceGate.Ask(.air, calls: airCalls(places: places.count), userAsked: false)
        var round = ask
        round.calls += isFetching && config.provider == State.airProvider ? weatherRefreshCalls : 0
        let answer = gate(for: State.airProvider).check(round, now: now).map { Result<GatePass, SourceGate.Refusal>.failure($0) }
            ?? admit(ask, to: State.airProvider)
        switch answer {
        case .success(let pass):
            air.asked(due: due)
            return [.fetchAirQuality(places, pass: pass)]
        case .failure(let refusal):
            air.refused(words(for: refusal, of: State.airProvider))
            return []
        }
    }
}
