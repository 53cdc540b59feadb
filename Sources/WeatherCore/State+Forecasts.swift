#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource

/// The forecast fetch when the detail opens, through the source's gate (the forecasts
/// themselves are the detail's: DetailState.swift).
extension State {
    /// How old a cached forecast may be before opening the detail fetches a new one.
    public static let forecastMaxAge: TimeInterval = 3600
    /// Saved forecasts older than this cover no day ahead any more (the longest a source sends:
    /// Open-Meteo's week) and are dropped.
    public static let forecastKeepAge: TimeInterval = 7 * 86_400

    /// A forecast fetch when the detail opens and the cached one is missing or older than an hour,
    /// through the source's gate (a hold says until when in the detail).
    mutating func forecastEffects(for key: String) -> [Effect] {
        let cached = detail.forecasts[key].flatMap { cached in FeedPolicy.age(of: cached.fetchedAt, now: now).map { _ in cached.fetchedAt } }
        let freshUntil = cached.map { $0.addingTimeInterval(State.forecastMaxAge) }
        if let freshUntil, freshUntil > now { return [] }
        if detail.forecastsInFlight.contains(key) { return [] }
        if let blocked = FeedPolicy.fetchBlocked(config: config) {
            // The detail says why there is no forecast instead of inviting a key press that does nothing.
            detail.notAsked([key], why: blocked.description(in: language), unlessKept: true)
            return []
        }
        let ask = SourceGate.Ask(.forecast, calls: config.demo ? 0 : config.forecastCost, userAsked: true, freshUntil: freshUntil)
        switch admit(ask, to: config.provider) {
        case .success(let pass):
            detail.asked([key])
            return [.fetchForecast(cityKey: key, language: request.language, pass: pass)]
        case .failure(let refusal):
            detail.notAsked([key], why: words(for: refusal, of: config.provider))
            return []
        }
    }
}
