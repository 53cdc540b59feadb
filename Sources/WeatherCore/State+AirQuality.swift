#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
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
        let air = airQualityEffects()
        if air.isEmpty { weatherRefreshesWithoutAir += 1 }
        return air
    }

    mutating func airQualityRestored(_ stored: StoredAirQuality?) -> [Effect] {
        airQualityRestored = true
        if let stored, airQuality.map({ $0.fetchedAt < stored.fetchedAt }) ?? true {
            airQuality = stored
            if sortField == .airQuality { recomputeVisible() }
        }
        return airQualityEffects()
    }

    mutating func airQualityLoaded(_ result: Result<StoredAirQuality, FeedError>) -> [Effect] {
        airQualityInFlight = false
        switch result {
        case .success(let fetched):
            airQuality = fetched
            airQualityError = nil
            if sortField == .airQuality { recomputeVisible() }
            return [.saveAirQuality(fetched)]
        case .failure(let error):
            // Tried again with the next refresh of the weather, not before.
            airQualityError = error.errorDescription
            if error != .network(.cancelled) { record("air quality failed: \(error.errorDescription ?? "")") }
            return []
        }
    }

    /// A fetch of the listed places' air when it is due; once the saved air has been read (else
    /// it is not known whether it is fresh), and never when this run may not fetch.
    mutating func airQualityEffects() -> [Effect] {
        guard airQualityRestored, !airQualityInFlight, let feed, FeedPolicy.fetchBlocked(config: config) == nil,
              isAirQualityDue(at: now) else { return [] }
        let places = feed.cities.compactMap(AirQualityPlace.init)
        guard !places.isEmpty else { return [] }
        airQualityInFlight = true
        weatherRefreshesWithoutAir = 0
        return [.fetchAirQuality(places)]
    }
}
