#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels

/// The selected city's detail: whether it is open, and the forecasts it shows (fetched when it
/// opens, brought along by a feed fetch, merged with the saved ones, and saved). Its reducer
/// reads only this part: the selected city, the clock and the words come as arguments; the
/// fetch when it opens goes through the gate, which the state around it holds.
public struct DetailState: Equatable, Sendable {
    public var mode: ScreenMode = .list
    public var forecasts: [String: StoredForecast] = [:]
    public var forecastsInFlight: Set<String> = []
    public var forecastErrors: [String: String] = [:]
    /// Whether `Forecasts.plist` has been read (in the background, after the first frame);
    /// until then nothing is saved over it.
    public var forecastsRestored = false

    public init() {}

    /// What the detail made of an action, for the state around it.
    enum Outcome: Equatable {
        /// Not the detail's alone: the rest goes on, and does these too.
        case passed([Effect])
        /// `Enter` opened the detail of the city of this key (`wasOpen`: it was open already).
        case opened(String, wasOpen: Bool)
        /// `Esc` closed it: beside the list the page keys move the list, so it shows its top next time.
        case closed
    }

    /// The detail's part of `action`, with `selected` the selected city's key.
    mutating func reduce(_ action: Action, selected: String?, now: Date, language: Language) -> Outcome {
        switch action {
        case .openDetail:
            guard let selected else { return .passed([]) }
            let wasOpen = mode == .detail
            mode = .detail
            return .opened(selected, wasOpen: wasOpen)
        case .closeDetail:
            guard mode == .detail else { return .passed([]) }
            mode = .list
            return .closed
        case .startFilter, .toggleMap, .cycleMapLayer:
            // The filter and the map are about the list: the browsing view, not a detail left open.
            mode = .list
        case .forecastLoaded(let key, let result):
            forecastsInFlight.remove(key)
            switch result {
            case .success(let payload):
                forecasts[key] = payload.forecast
                forecastErrors[key] = payload.hourlyProblem
                return .passed(saveOnceRestored())
            case .failure(let error):
                forecastErrors[key] = error.description(in: language)
            }
        case .forecastsRestored(let stored, _):
            return .passed(mergeRestored(stored, now: now))
        default:
            break
        }
        return .passed([])
    }

    /// A fetch of the forecasts of `keys` went: in flight, and no error stands.
    mutating func asked(_ keys: [String]) {
        forecastsInFlight.formUnion(keys)
        for key in keys { forecastErrors[key] = nil }
    }

    /// No fetch went for `keys`: why, in words (`unlessKept`: only for those with no forecast
    /// kept, which is shown instead).
    mutating func notAsked(_ keys: [String], why: String?, unlessKept: Bool = false) {
        for key in keys where !unlessKept || forecasts[key] == nil { forecastErrors[key] = why }
    }

    /// The forecasts of `keys` fetched together came (`--once --forecast`), or why not: kept
    /// and saved as a detail's are.
    mutating func loaded(_ keys: [String], _ result: Result<[String: ForecastPayload], FeedError>) -> [Effect] {
        forecastsInFlight.subtract(keys)
        switch result {
        case .success(let payloads):
            for key in keys {
                guard let payload = payloads[key] else {
                    forecastErrors[key] = "no forecast in the answer"
                    continue
                }
                forecasts[key] = payload.forecast
                forecastErrors[key] = payload.hourlyProblem
            }
            return saveOnceRestored()
        case .failure(let error):
            for key in keys { forecastErrors[key] = error.errorDescription }
            return []
        }
    }

    /// Keeps the forecasts a feed fetch brought at no extra cost, so a detail shows them without a
    /// key press; saved once the file has been read (a save before would drop what it holds).
    mutating func keep(_ brought: [String: StoredForecast]) -> [Effect] {
        guard !brought.isEmpty else { return [] }
        for (key, forecast) in brought {
            forecasts[key] = forecast
            forecastErrors[key] = nil
        }
        return saveOnceRestored()
    }

    /// Saves the forecasts kept, once the saved ones have been read: a save before would drop
    /// them, and the restore saves the merge.
    func saveOnceRestored() -> [Effect] {
        forecastsRestored ? [.saveForecasts(StoredForecasts(byCityKey: forecasts))] : []
    }

    /// Merges the saved forecasts under any fetched since start-up (the newer one wins per city),
    /// dropping those too old to hold a day still ahead; saves when the file is behind.
    mutating func mergeRestored(_ stored: StoredForecasts, now: Date) -> [Effect] {
        forecastsRestored = true
        var merged = stored.byCityKey.filter { FeedPolicy.age(of: $0.value.fetchedAt, now: now).map { $0 < State.forecastKeepAge } ?? false }
        for (key, fetched) in forecasts where merged[key].map({ $0.fetchedAt < fetched.fetchedAt }) ?? true {
            merged[key] = fetched
        }
        forecasts = merged
        return merged == stored.byCityKey ? [] : [.saveForecasts(StoredForecasts(byCityKey: merged))]
    }
}
