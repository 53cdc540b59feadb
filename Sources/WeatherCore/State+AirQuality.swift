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
        airQuality?.byCityKey[cityKey]
    }

    /// The index shown: the one chosen, or the one that goes with the units.
    public var airQualityScale: AirQualityScale {
        airQualityIndex.scale(with: units)
    }

    /// When the air shown was fetched, if that is well apart from the weather's fetch.
    public var airQualityFetchedApart: Date? {
        guard let air = airQuality, let feed, !air.byCityKey.isEmpty else { return nil }
        return abs(air.fetchedAt.timeIntervalSince(feed.fetchedAt)) > State.airQualityAgeShownAfter ? air.fetchedAt : nil
    }

    /// Whether the kept air is missing or of no known age (dated after now), or an hour old with
    /// a refresh of the weather gone by without it: air changes slowly, and the weather comes first.
    func isAirQualityDue(at date: Date) -> Bool {
        guard let kept = airQuality, let age = FeedPolicy.age(of: kept.fetchedAt, now: date) else { return true }
        return age >= State.airQualityMaxAge && weatherRefreshesWithoutAir >= RefreshSchedule.refreshesPerAirAtLeast - 1
    }

    /// A refresh of the weather has landed: counted when it brought no air, else the air that
    /// follows a first feed (its places now known) is asked for.
    mutating func airQualityAfterRefresh() -> [Effect] {
        guard !airQualityInFlight else { return [] }
        let wasDue = isAirQualityDue(at: now)
        let air = airQualityEffects()
        if air.isEmpty || !wasDue { weatherRefreshesWithoutAir += 1 }
        return air
    }

    mutating func airQualityRestored(_ stored: StoredAirQuality?) -> [Effect] {
        airQualityRestored = true
        if let stored, airQuality.map({ $0.fetchedAt < stored.fetchedAt }) ?? true {
            airQuality = stored
            if list.sortField == .airQuality { recomputeVisible() }
        }
        return airQualityEffects()
    }

    mutating func airQualityLoaded(_ result: Result<StoredAirQuality, FeedError>) -> [Effect] {
        airQualityInFlight = false
        defer { airQualityAskedAlone = false }
        switch result {
        case .success(var fetched):
            // Places asked for alone join the kept air, which keeps its time: the rest is as old as it was.
            if airQualityAskedAlone, let kept = airQuality {
                fetched = StoredAirQuality(fetchedAt: kept.fetchedAt, byCityKey: kept.byCityKey.merging(fetched.byCityKey) { _, new in new })
            }
            airQuality = fetched
            airQualityError = nil
            if list.sortField == .airQuality { recomputeVisible() }
            return [.saveAirQuality(fetched)]
        case .failure(let error):
            // Tried again with the next refresh of the weather, not before.
            airQualityError = error.description(in: language)
            heard(error, from: State.airProvider)
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
        guard airQualityRestored, !airQualityInFlight, let feed, FeedPolicy.fetchBlocked(config: config) == nil else { return [] }
        let listed = feed.cities.compactMap(AirQualityPlace.init)
        let due = isAirQualityDue(at: now)
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
            airQualityInFlight = true
            if due { weatherRefreshesWithoutAir = 0 } else { airQualityAskedAlone = true }
            return [.fetchAirQuality(places, pass: pass)]
        case .failure(let refusal):
            airQualityError = words(for: refusal, of: State.airProvider)
            return []
        }
    }
}
