#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource

/// The listed places' air, fetched or restored, and when it is next due (docs/spec.md §4, §5):
/// less often than the weather, at most once an hour and with one refresh in two at most. Its
/// reducer reads only this part; the words come as an argument, and the request, which goes
/// through Open-Meteo's gate, is the state around it's (State+AirQuality.swift).
public struct AirState: Equatable, Sendable {
    /// The air fetched or restored: read it through `State.air(for:)`.
    public var stored: StoredAirQuality?
    /// Whether the air is being fetched.
    public var inFlight = false
    /// Whether the air in flight is only of own places the kept air lacked (it joins the kept air).
    public var askedAlone = false
    /// Why the last fetch of the air failed.
    public var error: String?
    /// Whether `AirQuality.plist` has been read; until then no air is fetched (it may be fresh).
    public var restored = false
    /// Refreshes of the weather that brought no air since the air was last asked for: the air
    /// goes with one refresh in two at most. A run starts as if one had (its first may bring it).
    public var weatherRefreshesWithoutAir = 1

    public init() {}

    /// Whether the kept air is missing or of no known age (dated after `date`), or an hour old
    /// with a refresh of the weather gone by without it: air changes slowly, and the weather comes first.
    func isDue(at date: Date) -> Bool {
        guard let kept = stored, let age = FeedPolicy.age(of: kept.fetchedAt, now: date) else { return true }
        return age >= State.airQualityMaxAge && weatherRefreshesWithoutAir >= RefreshSchedule.refreshesPerAirAtLeast - 1
    }

    /// What the air made of an action, for the state around it.
    enum Outcome: Equatable {
        case passed
        /// The saved air was read (`changed`: it replaced the air kept): the air due may be asked for.
        case restored(changed: Bool)
        /// New air arrived: it is saved, and an order by the air changes.
        case loaded(StoredAirQuality)
        /// The fetch failed: the gate hears it and the messages keep it. It is tried again with
        /// the next refresh of the weather, not before.
        case failed(FeedError)
    }

    mutating func reduce(_ action: Action, language: Language) -> Outcome {
        switch action {
        case .airQualityRestored(let saved, _):
            restored = true
            guard let saved, stored.map({ $0.fetchedAt < saved.fetchedAt }) ?? true else { return .restored(changed: false) }
            stored = saved
            return .restored(changed: true)
        case .airQualityLoaded(let result):
            inFlight = false
            defer { askedAlone = false }
            switch result {
            case .success(var fetched):
                // Places asked for alone join the kept air, which keeps its time: the rest is as old as it was.
                if askedAlone, let kept = stored {
                    fetched = StoredAirQuality(fetchedAt: kept.fetchedAt, byCityKey: kept.byCityKey.merging(fetched.byCityKey) { _, new in new })
                }
                stored = fetched
                error = nil
                return .loaded(fetched)
            case .failure(let failure):
                error = failure.description(in: language)
                return .failed(failure)
            }
        default:
            return .passed
        }
    }

    /// The request went: for every listed place when the air was due, else for own places alone.
    mutating func asked(due: Bool) {
        inFlight = true
        if due { weatherRefreshesWithoutAir = 0 } else { askedAlone = true }
    }

    /// The gate refused the request: why, in words, shown where the air is.
    mutating func refused(_ why: String) {
        error = why
    }

    /// A refresh of the weather landed without bringing the air.
    mutating func refreshedWithout() {
        weatherRefreshesWithoutAir += 1
    }
}
