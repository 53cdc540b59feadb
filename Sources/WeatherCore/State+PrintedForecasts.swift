#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import EssentialsSupport
import WeatherModels
import WeatherSource

/// `--once --forecast` (docs/spec.md §6): the forecasts of the places printed, as thrifty as the
/// rest. A forecast saved within the hour is used; the others come in one request for them all,
/// through the source's gate.
extension State {
    /// The forecasts `keys` need: none when each has one saved within the hour, else one
    /// `.fetchForecasts` for those that do not.
    mutating func printedForecastEffects(for keys: [String]) -> [Effect] {
        let due = keys.filter { key in
            guard !detail.forecastsInFlight.contains(key) else { return false }
            guard let saved = detail.forecasts[key], let age = FeedPolicy.age(of: saved.fetchedAt, now: now) else { return true }
            return age >= State.forecastMaxAge
        }
        guard !due.isEmpty else { return [] }
        if let blocked = FeedPolicy.fetchBlocked(config: config) {
            detail.notAsked(due, why: blocked.errorDescription, unlessKept: true)
            return []
        }
        // As the feed's `--city` places: a place with a forecast saved is asked for as any
        // automatic request (the day's budget applies); one with none, as asked.
        let userAsked = due.contains { detail.forecasts[$0] == nil }
        let ask = SourceGate.Ask(.forecast, calls: config.demo ? 0 : config.forecastCost * Double(due.count), userAsked: userAsked)
        switch admit(ask, to: config.provider) {
        case .success(let pass):
            detail.asked(due)
            let dueKeys = Set(due)
            return [.fetchForecasts(cityKeys: due, own: pinned.filter { dueKeys.contains($0.key) }, language: request.language, pass: pass)]
        case .failure(let refusal):
            detail.notAsked(due, why: words(for: refusal, of: config.provider))
            return []
        }
    }

    /// The forecasts of `keys` came (or why not); kept and saved as a detail's are.
    mutating func printedForecastsLoaded(_ keys: [String], _ result: Result<[String: ForecastPayload], FeedError>) -> [Effect] {
        let effects = detail.loaded(keys, result)
        switch result {
        case .success(let payloads):
            for key in keys {
                if let left = payloads[key]?.rateLimitRemaining { rateLimitRemaining = left }
            }
            return effects
        case .failure(let error):
            limits.heard(error, from: config.provider, at: now)
            if error == .network(.quotaExceeded) { rateLimitRemaining = 0 }
            if error != .network(.cancelled) { record(language.text("message.forecastsFailed", ("error", error.errorDescription ?? ""))) }
            return []
        }
    }
}
