#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels

/// The kept places' rain in the next two hours and what is worth a word (docs/spec.md §5 "Rain
/// in the next two hours", "A word when it matters"). Its reducer reads only this part: the
/// clock, the words and `--notify` come as arguments, the kept places and the events seen are
/// given by the state around it (which knows the feed and the pins), and the request, which
/// goes through Open-Meteo's gate, is the state around it's (State+Nowcast.swift).
public struct NowcastState: Equatable, Sendable {
    /// The nowcasts fetched or restored: read them through `State.nowcast(for:)`.
    public var stored: StoredNowcasts?
    /// Whether `Nowcasts.plist` has been read; until then none is fetched (it may be fresh).
    public var restored = false
    public var inFlight = false
    /// When this run last asked for every kept place (answered or not): the next such request
    /// waits `State.nowcastInterval` from it, so a failing server is not asked every minute.
    public var lastAsked: Date?
    /// Kept places asked for alone since the last request for all (one just kept): not again,
    /// even when the answer had nothing for them, until the next request for all.
    public var askedAlone: Set<String> = []
    /// Whether the request in flight is of places asked for alone (its answer joins the kept nowcasts).
    public var inFlightAlone = false
    /// Why the last request failed or could not go.
    public var error: String?
    /// Whether notifications are on: `--notify`, else the remembered setting; `--no-notify` off.
    public var notify = false
    /// The events told of, by kind, while they last: an event is told once, and again only after
    /// it has ended and come anew.
    public var told: [NotableEvent.Kind: Set<String>] = [:]

    public init() {}

    /// What the nowcasts made of an action, for the state around it.
    enum Outcome: Equatable {
        case passed
        /// The saved nowcasts were read (`notice`: why the file was not used, to be said once):
        /// the places due may be asked for, and rain due is told.
        case restored(notice: String?)
        /// New nowcasts arrived: they are saved, and rain due is told.
        case loaded(StoredNowcasts)
        /// The request failed: the gate hears it and the messages keep it. It is asked again once
        /// `State.nowcastInterval` has passed from this try, not before.
        case failed(FeedError)
        /// `N` turned the notifications on or off: remembered, and what is due now is told.
        case notifyToggled
        /// The clock moved on: the places due may be asked for, and rain due is told.
        case ticked
        /// A refresh named the places: a kept place without a nowcast gets its own.
        case refreshed
    }

    /// The nowcasts' part of `action`: `notifyOption` is `--notify` or `--no-notify` (nil: neither).
    mutating func reduce(_ action: Action, notifyOption: Bool?, language: Language) -> Outcome {
        switch action {
        case .nowcast(.restored(let saved, let problem)):
            restored = true
            if let saved, stored.map({ $0.fetchedAt < saved.fetchedAt }) ?? true { stored = saved }
            return .restored(notice: problem)
        case .nowcast(.loaded(let result)):
            inFlight = false
            defer { inFlightAlone = false }
            switch result {
            case .success(var fetched):
                // Places asked for alone join the kept nowcasts, which keep their time.
                if inFlightAlone, let kept = stored {
                    fetched = StoredNowcasts(fetchedAt: kept.fetchedAt, byCityKey: kept.byCityKey.merging(fetched.byCityKey) { _, new in new })
                }
                stored = fetched
                error = nil
                return .loaded(fetched)
            case .failure(let failure):
                error = failure.description(in: language)
                return .failed(failure)
            }
        case .nowcast(.toggleNotify):
            notify.toggle()
            // On again: what is due now is told now, as if it had just come.
            if notify { told = [:] }
            return .notifyToggled
        case .settingsLoaded(let saved, _):
            notify = notifyOption ?? saved?.notify ?? false
            return .passed
        case .tick:
            return .ticked
        case .feedLoaded(.success), .placesLoaded(.success), .archiveDetailsRestored(.success):
            return .refreshed
        default:
            return .passed
        }
    }

    /// A request the nowcasts want: these places, and whether they are all the kept ones.
    struct Due: Equatable {
        var places: [AirQualityPlace]
        var all: Bool
    }

    /// The kept places (`kept`, in the list's order) to ask for now: every one once the kept
    /// nowcasts (and this run's last try) are `State.nowcastInterval` old; with `newPlaces` (a
    /// refresh), those without one, alone. None before `Nowcasts.plist` is read, nor while a
    /// request is under way.
    func due(among kept: @autoclosure () -> [AirQualityPlace], newPlaces: Bool, now: Date) -> Due? {
        guard restored, !inFlight else { return nil }
        let kept = kept()
        guard !kept.isEmpty else { return nil }
        let last = [stored?.fetchedAt, lastAsked].compactMap { $0 }.max()
        let all = last.map { FeedPolicy.age(of: $0, now: now).map { $0 >= State.nowcastInterval } ?? true } ?? true
        let places: [AirQualityPlace]
        if all {
            places = kept
        } else if newPlaces {
            places = kept.filter { stored?.byCityKey[$0.key] == nil && !askedAlone.contains($0.key) }
        } else {
            places = []
        }
        return places.isEmpty ? nil : Due(places: places, all: all)
    }

    /// The request for `due` went, at `now`.
    mutating func asked(_ due: Due, now: Date) {
        inFlight = true
        inFlightAlone = !due.all
        if due.all {
            lastAsked = now
            askedAlone = []
        } else {
            askedAlone.formUnion(due.places.map(\.key))
        }
    }

    /// The gate refused the request: why, in words, shown where the rain is.
    mutating func refused(_ why: String) {
        error = why
    }

    /// The hook every kind of event is told through: `current` are the events of `kind` seen now.
    /// Each is told once, when notifications are on; one no longer seen is forgotten, so that it
    /// is told again if it comes anew. Without notifications nothing is told and nothing kept.
    mutating func tell(_ current: [NotableEvent], of kind: NotableEvent.Kind) -> [Effect] {
        guard notify else { return [] }
        let told = self.told[kind] ?? []
        let fresh = current.filter { !told.contains($0.id) }
        self.told[kind] = Set(current.map(\.id))
        return fresh.map { .notify(DesktopNotification(title: "weather-tui", body: $0.text)) }
    }

    /// The alerts worth a word now (`current`), told as `tell` does, except that a place whose
    /// alerts are not known now (not in `known`: an answer dated ahead of the clock, a source
    /// down) keeps what it was told: its alerts known again are not new.
    mutating func tellAlerts(_ current: [NotableEvent], known: Set<String>) -> [Effect] {
        guard notify else { return [] }
        let kept = (told[.alert] ?? []).filter { !known.contains(String($0.prefix { $0 != "|" })) }
        let effects = tell(current, of: .alert)
        told[.alert, default: []].formUnion(kept)
        return effects
    }
}
