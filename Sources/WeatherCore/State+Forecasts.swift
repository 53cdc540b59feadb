#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource

/// The forecasts the detail shows: fetched when it opens, brought along by a feed fetch, merged
/// with the saved ones, and saved.
extension State {
    /// How old a cached forecast may be before opening the detail fetches a new one.
    public static let forecastMaxAge: TimeInterval = 3600
    /// Saved forecasts older than this cover no day ahead any more (the longest a source sends:
    /// Open-Meteo's week) and are dropped.
    public static let forecastKeepAge: TimeInterval = 7 * 86_400

    /// Keeps the forecasts a feed fetch brought at no extra cost, so a detail shows them without a
    /// key press; saved once the file has been read (a save before would drop what it holds).
    mutating func keepForecasts(broughtWith payload: FeedPayload) -> [Effect] {
        guard !payload.forecasts.isEmpty else { return [] }
        for (key, forecast) in payload.forecasts {
            forecasts[key] = forecast
            forecastErrors[key] = nil
        }
        return saveForecastsOnceRestored()
    }

    /// Saves the forecasts kept, once the saved ones have been read: a save before would drop
    /// them, and the restore saves the merge.
    func saveForecastsOnceRestored() -> [Effect] {
        forecastsRestored ? [.saveForecasts(StoredForecasts(byCityKey: forecasts))] : []
    }

    /// Merges the saved forecasts under any fetched since start-up (the newer one wins per city),
    /// dropping those too old to hold a day still ahead; saves when the file is behind.
    mutating func mergeRestored(_ stored: StoredForecasts) -> [Effect] {
        forecastsRestored = true
        var merged = stored.byCityKey.filter { FeedPolicy.age(of: $0.value.fetchedAt, now: now).map { $0 < State.forecastKeepAge } ?? false }
        for (key, fetched) in forecasts where merged[key].map({ $0.fetchedAt < fetched.fetchedAt }) ?? true {
            merged[key] = fetched
        }
        forecasts = merged
        return merged == stored.byCityKey ? [] : [.saveForecasts(StoredForecasts(byCityKey: merged))]
    }

    /// A forecast fetch when the detail opens and the cached one is missing or older than an hour,
    /// through the source's gate (a hold says until when in the detail).
    mutating func forecastEffects(for key: String) -> [Effect] {
        let cached = forecasts[key].flatMap { cached in FeedPolicy.age(of: cached.fetchedAt, now: now).map { _ in cached.fetchedAt } }
        let freshUntil = cached.map { $0.addingTimeInterval(State.forecastMaxAge) }
        if let freshUntil, freshUntil > now { return [] }
        if forecastsInFlight.contains(key) { return [] }
        if let blocked = FeedPolicy.fetchBlocked(config: config) {
            // The detail says why there is no forecast instead of inviting a key press that does nothing.
            if forecasts[key] == nil { forecastErrors[key] = blocked.description(in: language) }
            return []
        }
        let ask = SourceGate.Ask(.forecast, calls: config.demo ? 0 : config.forecastCost, userAsked: true, freshUntil: freshUntil)
        switch admit(ask, to: config.provider) {
        case .success(let pass):
            forecastsInFlight.insert(key)
            forecastErrors[key] = nil
            return [.fetchForecast(cityKey: key, language: request.language, pass: pass)]
        case .failure(let refusal):
            forecastErrors[key] = words(for: refusal, of: config.provider)
            return []
        }
    }
}
