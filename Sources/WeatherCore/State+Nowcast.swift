#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

/// The kept places' rain in the next two hours and what is worth a word (docs/spec.md §5 "Rain
/// in the next two hours", "A word when it matters").
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
}

/// What happens to the nowcasts and the notifications.
public enum NowcastAction: Equatable, Sendable {
    /// The saved nowcasts, if any, and why the file was not used, if it was not (said once).
    case restored(StoredNowcasts?, notice: String? = nil)
    /// The kept places' nowcasts, fetched (or why not).
    case loaded(Result<StoredNowcasts, FeedError>)
    /// `N`: notifications on or off, and remembered.
    case toggleNotify
}

/// Something worth a word to a user who is not looking: rain due at a kept place, a new alert.
/// Its `id` says which event it is (the same rain spell on a later refresh has the same id).
public struct NotableEvent: Equatable, Sendable {
    public enum Kind: String, Equatable, Hashable, Sendable {
        /// Rain due within the hour at a kept place.
        case rain
        /// An official alert begun for a kept place (#43 feeds these).
        case alert
    }

    public var kind: Kind
    public var id: String
    /// The words told: `Reykjavík: rain from 14:30`.
    public var text: String

    public init(kind: Kind, id: String, text: String) {
        self.kind = kind
        self.id = id
        self.text = text
    }
}

/// A desktop notification the terminal is asked to show: a title and one line. The text is raw:
/// the backend writes it through `TerminalText`.
public struct DesktopNotification: Equatable, Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

extension State {
    /// Nowcasts are asked for again once this old: at most twice an hour.
    public static let nowcastInterval: TimeInterval = 30 * 60
    /// Rain starting within this is worth a word, and a mark in the list.
    public static let rainSoon: TimeInterval = 3_600
    /// The source of the nowcasts, whichever source gives the weather.
    public static let nowcastProvider = WeatherProvider.openMeteo

    /// The nowcast of the place listed under `cityKey` while it is kept and its nowcast still
    /// covers the next two hours: the one way views and `--once` read it.
    public func nowcast(for cityKey: String) -> Nowcast? {
        guard keptPlaceKeys.contains(cityKey), let kept = nowcast.stored?.byCityKey[cityKey], kept.covers(now) else { return nil }
        return kept
    }

    /// Rain starting within the hour at a kept place, for the list's mark.
    public func rainSoon(for cityKey: String) -> RainSpell? {
        nowcast(for: cityKey)?.rain(after: now, within: State.rainSoon)
    }

    /// The places whose nowcast is fetched: own places, pinned top cities, `--city` places.
    public var keptPlaceKeys: Set<String> {
        Set(pinned.map(\.key)).union(config.printedPlaceKeys ?? [])
    }

    /// The kept places the feed knows the coordinates of, in the list's order.
    var keptPlaces: [AirQualityPlace] {
        let kept = keptPlaceKeys
        guard !kept.isEmpty, let feed else { return [] }
        return feed.cities.lazy.filter { kept.contains($0.key) }.compactMap(AirQualityPlace.init)
    }

    /// What the nowcasts' request for `places` places costs by Open-Meteo's rule.
    func nowcastCalls(places: Int) -> Double {
        config.demo ? 0 : config.nowcastCostPerPlace * Double(places)
    }

    /// What asking for every kept place's nowcast costs, each time it goes (the header says it).
    public var nowcastRefreshCalls: Double {
        FeedPolicy.fetchBlocked(config: config) == nil ? nowcastCalls(places: keptPlaces.count) : 0
    }

    mutating func reduceNowcast(_ action: Action) -> [Effect] {
        switch action {
        case .nowcast(.restored(let stored, let problem)):
            if let problem { notice = problem }
            nowcast.restored = true
            if let stored, nowcast.stored.map({ $0.fetchedAt < stored.fetchedAt }) ?? true { nowcast.stored = stored }
            return nowcastEffects(newPlaces: true) + rainNotifications()
        case .nowcast(.loaded(let result)):
            return nowcastLoaded(result)
        case .nowcast(.toggleNotify):
            nowcast.notify.toggle()
            // On again: what is due now is told now, as if it had just come.
            if nowcast.notify { nowcast.told = [:] }
            return [saveSettings([.notify])] + rainNotifications()
        case .settingsLoaded(let saved, _):
            nowcast.notify = config.notify ?? saved?.notify ?? false
            return []
        case .tick:
            return nowcastEffects(newPlaces: false) + rainNotifications()
        case .feedLoaded(.success), .placesLoaded(.success), .archiveDetailsRestored(.success):
            // A refresh: a place kept since the last nowcasts gets its own now.
            return nowcastEffects(newPlaces: true)
        default:
            return []
        }
    }

    private mutating func nowcastLoaded(_ result: Result<StoredNowcasts, FeedError>) -> [Effect] {
        nowcast.inFlight = false
        defer { nowcast.inFlightAlone = false }
        switch result {
        case .success(var fetched):
            // Places asked for alone join the kept nowcasts, which keep their time.
            if nowcast.inFlightAlone, let kept = nowcast.stored {
                fetched = StoredNowcasts(fetchedAt: kept.fetchedAt, byCityKey: kept.byCityKey.merging(fetched.byCityKey) { _, new in new })
            }
            nowcast.stored = fetched
            nowcast.error = nil
            return [.saveNowcasts(fetched)] + rainNotifications()
        case .failure(let error):
            // Asked again when the interval from this try has passed, not before.
            nowcast.error = error.description(in: language)
            limits.heard(error, from: State.nowcastProvider, at: now)
            if error != .network(.cancelled) { record(language.text("message.nowcastFailed", ("error", error.description(in: language)))) }
            return []
        }
    }

    /// A request for the kept places' nowcasts when it is due: every kept place once the kept
    /// nowcasts (and this run's last try) are `nowcastInterval` old; with `newPlaces` (a refresh),
    /// the kept places without one, alone. Never before `Nowcasts.plist` is read, never when this
    /// run may not fetch, and only through Open-Meteo's gate. The weather never waits for it.
    mutating func nowcastEffects(newPlaces: Bool) -> [Effect] {
        guard nowcast.restored, !nowcast.inFlight, FeedPolicy.fetchBlocked(config: config) == nil else { return [] }
        let kept = keptPlaces
        guard !kept.isEmpty else { return [] }
        let last = [nowcast.stored?.fetchedAt, nowcast.lastAsked].compactMap { $0 }.max()
        let due = last.map { FeedPolicy.age(of: $0, now: now).map { $0 >= State.nowcastInterval } ?? true } ?? true
        let places: [AirQualityPlace]
        if due {
            places = kept
        } else if newPlaces {
            places = kept.filter { nowcast.stored?.byCityKey[$0.key] == nil && !nowcast.askedAlone.contains($0.key) }
        } else {
            places = []
        }
        guard !places.isEmpty else { return [] }
        let ask = SourceGate.Ask(.nowcast, calls: nowcastCalls(places: places.count), userAsked: false)
        switch admit(ask, to: State.nowcastProvider) {
        case .success(let pass):
            nowcast.inFlight = true
            nowcast.inFlightAlone = !due
            if due {
                nowcast.lastAsked = now
                nowcast.askedAlone = []
            } else {
                nowcast.askedAlone.formUnion(places.map(\.key))
            }
            return [.fetchNowcasts(places, pass: pass)]
        case .failure(let refusal):
            nowcast.error = words(for: refusal, of: State.nowcastProvider)
            return []
        }
    }

    /// The list's mark for a kept place with rain due within the hour: its start on the place's
    /// clock (`14:30`), or `now` when it is falling.
    public func rainMark(for city: CityWeather) -> String? {
        guard let spell = rainSoon(for: city.key) else { return nil }
        return spell.starts <= now ? language.text("rain.markNow") : placeClock(city, spell.starts)
    }

    /// The detail's line for a kept place: `Rain from 14:30 (light) until about 15:15`, `No rain
    /// in the next 2 hours`, on the place's own clock; nil when its nowcast is not known.
    public func rainLine(for city: CityWeather) -> String? {
        guard let nowcast = nowcast(for: city.key) else { return nil }
        let words = language
        guard let spell = nowcast.rain(after: now) else { return words.text("rain.none") }
        // One sentence a case, so that each language orders its start, intensity and end its own way.
        let start = ("start", placeClock(city, spell.starts)), intensity = ("intensity", words.text("rain." + spell.intensity.rawValue))
        let key = (spell.starts <= now ? "rain.now" : "rain.from") + (spell.ends == nil ? "Beyond" : "Until")
        return words.text(key, start, intensity, ("end", spell.ends.map { placeClock(city, $0) } ?? ""))
    }

    /// Rain due within the hour at each kept place, as events worth a word.
    var rainEvents: [NotableEvent] {
        guard let feed else { return [] }
        return feed.cities.compactMap { city in
            guard let spell = rainSoon(for: city.key) else { return nil }
            let at = placeClock(city, spell.starts)
            let name = city.localizedName.isEmpty ? city.englishName : city.localizedName
            let text = spell.starts <= now ? language.text("rain.notifyNow", ("name", name))
                : language.text("rain.notifyFrom", ("name", name), ("time", at))
            return NotableEvent(kind: .rain, id: city.key, text: text)
        }
    }

    /// The rain worth a word now, told when notifications are on.
    mutating func rainNotifications() -> [Effect] {
        notify(about: rainEvents, of: .rain)
    }

    /// The hook every kind of event is told through: `current` are the events of `kind` seen now.
    /// Each is told once, when notifications are on; one no longer seen is forgotten, so that it
    /// is told again if it comes anew. Without notifications nothing is told and nothing kept.
    public mutating func notify(about current: [NotableEvent], of kind: NotableEvent.Kind) -> [Effect] {
        guard nowcast.notify else { return [] }
        let told = nowcast.told[kind] ?? []
        let fresh = current.filter { !told.contains($0.id) }
        nowcast.told[kind] = Set(current.map(\.id))
        return fresh.map { .notify(DesktopNotification(title: "weather-tui", body: $0.text)) }
    }

    /// `14:30` on the place's own clock, else on the user's.
    func placeClock(_ city: CityWeather, _ date: Date) -> String {
        WeatherFormat.localClock(city.timeZone, at: date, sourceTime: city.zoneGivenAt(now: now))
            ?? WeatherFormat.clock(date, timeZone: config.timeZone)
    }
}
