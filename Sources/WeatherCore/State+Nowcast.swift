#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

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
        guard !kept.isEmpty, let cities = feed?.cities else { return [] }
        // By index: only the kept few are copied, not every city of the feed (the header asks
        // for their cost every frame, and a city is a large value).
        return cities.indices.compactMap { kept.contains(cities[$0].key) ? AirQualityPlace(cities[$0]) : nil }
    }

    /// What the nowcasts' request for `places` places costs by Open-Meteo's rule.
    func nowcastCalls(places: Int) -> Double {
        config.demo ? 0 : config.nowcastCostPerPlace * Double(places)
    }

    /// What asking for every kept place's nowcast costs, each time it goes (the header says it).
    public var nowcastRefreshCalls: Double {
        FeedPolicy.fetchBlocked(config: config) == nil ? nowcastCalls(places: keptPlaces.count) : 0
    }

    /// The nowcasts' part of an action (NowcastState.swift), and what it leaves to the rest: the
    /// notice, the gate, the messages, the settings, the request and the rain told.
    mutating func reduceNowcast(_ action: Action) -> [Effect] {
        switch nowcast.reduce(action, notifyOption: config.notify, language: language) {
        case .passed:
            return []
        case .restored(let problem):
            if let problem { notice = problem }
            return nowcastEffects(newPlaces: true) + rainNotifications()
        case .loaded(let fetched):
            return [.saveNowcasts(fetched)] + rainNotifications()
        case .failed(let error):
            limits.heard(error, from: State.nowcastProvider, at: now)
            if error != .network(.cancelled) { record(language.text("message.nowcastFailed", ("error", error.description(in: language)))) }
            return []
        case .notifyToggled:
            return [saveSettings([.notify])] + rainNotifications()
        case .ticked:
            return nowcastEffects(newPlaces: false) + rainNotifications()
        case .refreshed:
            return nowcastEffects(newPlaces: true)
        }
    }

    /// A request for the kept places' nowcasts when the nowcasts say one is due
    /// (`NowcastState.due`): never when this run may not fetch, and only through Open-Meteo's
    /// gate. The weather never waits for it.
    mutating func nowcastEffects(newPlaces: Bool) -> [Effect] {
        guard FeedPolicy.fetchBlocked(config: config) == nil,
              let due = nowcast.due(among: keptPlaces, newPlaces: newPlaces, now: now) else { return [] }
        let ask = SourceGate.Ask(.nowcast, calls: nowcastCalls(places: due.places.count), userAsked: false)
        switch admit(ask, to: State.nowcastProvider) {
        case .success(let pass):
            nowcast.asked(due, now: now)
            return [.fetchNowcasts(due.places, pass: pass)]
        case .failure(let refusal):
            nowcast.refused(words(for: refusal, of: State.nowcastProvider))
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
        nowcast.tell(rainEvents, of: .rain)
    }

    /// `14:30` on the place's own clock, else on the user's.
    func placeClock(_ city: CityWeather, _ date: Date) -> String {
        WeatherFormat.localClock(city.timeZone, at: date, sourceTime: city.zoneGivenAt(now: now))
            ?? WeatherFormat.clock(date, timeZone: config.timeZone)
    }
}
