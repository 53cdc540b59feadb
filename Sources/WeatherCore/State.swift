#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource
import PlistArchive
import WeatherStore

/// Where the feed on screen came from.
public enum FeedSource: String, Equatable, Sendable {
    case live, archive, demo
}

/// The main screen's mode; help is an overlay on top of either.
public enum ScreenMode: Equatable, Sendable {
    /// The city list (the front end may show the detail beside it).
    case list
    /// The selected city's detail (instead of the list, or focused beside it, as the front end lays it out).
    case detail
}

/// Everything on screen, as a plain value. Views only read it; only `reduce` changes it.
public struct State: Equatable, Sendable {
    public var config: AppConfig
    /// What the feed request is (count and language after flags and remembered settings).
    public var request: FeedRequest
    public var feed: WeatherFeed?
    public var source: FeedSource?
    public var banner: Banner
    public var isFetching: Bool
    /// The last refresh's failure, kept for the empty state's explanation.
    public var lastError: FeedError?
    /// The notice and the messages `!` shows (NoticesState.swift); which overlay is open is the front end's.
    public var notices = NoticesState()
    /// The list: its filter, sort and selection, and the cities as shown (ListState.swift).
    public var list = ListState()
    public var units: TemperatureUnit
    /// How times of day are written (`FeedPolicy.clock`).
    public var clock: ClockStyle
    /// The air-quality index chosen: `--aqi`, else the remembered one, else the units' (State+AirQuality.swift).
    public var airQualityIndex: AirQualityIndex
    public var pinned: [PinnedCity]
    /// Changes asked of `Pinned.plist` whose answers have not come yet, oldest first.
    public var pinChangesUnanswered: [PinChange] = []
    /// Whether the start's pins have been read (home is selected then, and only then).
    public internal(set) var pinsRead = false
    /// The detail: whether it is open, and the forecasts it shows (DetailState.swift).
    public var detail = DetailState()
    /// The map in the list's place and its layer (MapState.swift).
    public var map = MapState()
    /// Whether the terminal's title shows the home place's weather: `--title`/`--no-title`, else
    /// the remembered choice.
    public var showsTitle: Bool
    public var rateLimitRemaining: Int?
    /// The kept places' rain in the coming quarter hours and the notifications (NowcastState.swift).
    public var nowcast = NowcastState()
    /// The listed places' air and when it is due (AirState.swift); read a place's through `air(for:)`.
    public var air = AirState()
    /// The listed places' official alerts (AlertsState.swift).
    public var alertsState = AlertsState()
    /// The clock, moved on by `.tick`; ages are computed against it.
    public var now: Date
    public var isQuitting: Bool
    /// Adding a place and removing one (PlaceEditingState.swift).
    public var placeEditing = PlaceEditingState()
    /// Refreshing by itself: failures in a row, the shared files read first (AutoRefresh+Reduce.swift).
    public var autoRefresh = AutoRefresh()
    /// Each source's gate: its hold and today's spending (State+Limits.swift).
    public var limits = Limits()
    /// Own cities the list lacks because this source cannot fetch them, as the user was last
    /// told (told again only when the set changes).
    public var unlistedOwnKeys: Set<String> = []
    /// Own cities listed beside another city of the same name (`displayName(of:)`).
    public internal(set) var namesakeOwnKeys: Set<String> = []
    /// Why the saved feed was not used (the empty screen says so, and where it was moved, not
    /// that there is none); nil when it was used or there was none.
    public internal(set) var savedFeedNotUsed: ArchiveError?

    public init(config: AppConfig, now: Date) {
        self.config = config
        self.request = FeedPolicy.request(config: config, saved: nil)
        self.clock = FeedPolicy.clock(config: config, saved: nil)
        self.feed = nil
        self.source = nil
        self.banner = config.demo ? .demo : .none
        self.isFetching = false
        self.lastError = nil
        self.units = config.units ?? .metric
        self.airQualityIndex = config.airQualityIndex ?? .units
        self.pinned = []
        self.showsTitle = config.title ?? false
        self.rateLimitRemaining = nil
        self.now = now
        self.isQuitting = false
    }

    // MARK: derived, cheap

    /// The notice, said at the store's clock: setting it keeps it in the messages too
    /// (`NoticesState.tell`), so the reducers and the tests set it here rather than pass `now`.
    public var notice: String? {
        get { notices.notice }
        set { notices.tell(newValue, at: now) }
    }

    /// Keeps `text` among the messages at the store's clock.
    mutating func record(_ text: String) {
        notices.record(text, at: now)
    }

    /// The selected city (the views read it often, so it has a short path).
    public var selectedCity: CityWeather? { list.selectedCity }

    /// The selected city's 5-day forecast, when one has been fetched or restored.
    public var selectedForecast: DailyForecastResponse? {
        selectedCity.flatMap { detail.forecasts[$0.key]?.forecast }
    }

    /// The selected city's coming hours, when they have been fetched or restored.
    public var selectedHourly: HourlyForecastResponse? {
        selectedCity.flatMap { detail.forecasts[$0.key]?.hourly }
    }

    /// Whether the selected city's forecast is being fetched.
    public var isSelectedForecastLoading: Bool {
        selectedCity.map { detail.forecastsInFlight.contains($0.key) } ?? false
    }

    /// Why the selected city's forecast could not be fetched.
    public var selectedForecastError: String? {
        selectedCity.flatMap { detail.forecastErrors[$0.key] }
    }

    public func isPinned(_ key: String) -> Bool { pinned.contains { $0.key == key } }

    /// The language the program speaks in this run: the request's, English when it is one the
    /// program does not have (`languageNotice` says so).
    public var language: Language { Language.resolve(request.language).language }

    /// What the user is told, once, when the language asked for is one the program does not have.
    var languageNotice: String? { Language.resolve(request.language).notice }

    /// The home place's key, if the user has one (`H`).
    public var homeKey: String? { pinned.first(where: \.isHome)?.key }

    /// The user's choices as they are kept in `settings.plist`.
    public var settings: AppSettings {
        var settings = AppSettings(units: units, sortField: list.sortField, sortDescending: list.sortDescending,
                                   count: request.count, language: request.language, selectedCityKey: list.selectedKey, mapLayer: map.layer,
                                   airQualityIndex: airQualityIndex, clock: clock, title: showsTitle)
        settings.notify = nowcast.notify
        return settings
    }

    /// What sorting changes of the settings.
    static let sortFields: Set<AppSettings.Field> = [.sortField, .sortDescending]

    /// What the end of a run saves: the selected city, and what the command line chose (a flag's
    /// count, language, units, air-quality index or title is remembered); the rest was saved when it changed.
    var fieldsKeptOnQuit: Set<AppSettings.Field> {
        var fields: Set<AppSettings.Field> = [.selectedCityKey]
        if config.count != nil { fields.insert(.count) }
        if config.language != nil { fields.insert(.language) }
        if config.clock != nil { fields.insert(.clock) }
        if config.units != nil { fields.insert(.units) }
        if config.airQualityIndex != nil { fields.insert(.airQualityIndex) }
        if config.notify == true { fields.insert(.notify) }  // `--no-notify` is for the run only
        if config.title != nil { fields.insert(.title) }
        return fields
    }

    /// Saves `fields` of this run's settings over the file's (docs/spec.md §3).
    func saveSettings(_ fields: Set<AppSettings.Field>) -> Effect {
        .saveSettings(settings, fields: fields)
    }

    /// What the empty screen says when there is no feed at all: why, and what to do.
    public var emptyExplanation: [String]? {
        guard feed == nil else { return nil }
        let words = language
        if isFetching { return [words.text("empty.fetching", ("n", String(request.count)), ("host", config.host))] }
        var lines = [words.text("empty.none")]
        if let lastError { lines.append(lastError.description(in: words)) }
        if let unused = savedFeedNotUsed {
            lines.append(words.text("empty.unusable"))
            lines.append("\(unused.description(in: words)).")
            if case .corrupt = unused {
                let aside = "\(WeatherFeedArchive.fileName(source: config.provider.fileTag)).\(AtomicFile.asideExtension)"
                lines.append(words.text("empty.movedAside", ("file", aside)))
            }
        } else {
            lines.append(words.text("empty.noSaved"))
        }
        if config.offline {
            // `r` does nothing under --offline, nor does a key: say what does.
            lines.append(words.text("empty.offline1"))
            lines.append(words.text("empty.offline2"))
        } else if config.provider.needsKey && !config.hasAPIKey {
            lines.append(words.text("empty.key1"))
            lines.append(words.text("empty.key2"))
        } else {
            lines.append(words.text("empty.retry", ("key", keyName(.refresh))))
        }
        return lines
    }

    // MARK: derived, stored

    /// Rebuilds `visibleCities` after the feed, filter, sort or pins changed, keeps the selection on
    /// its city when it is still listed (else the first).
    mutating func recomputeVisible() {
        var cities = feed?.cities ?? []
        if let places = feed?.placeKeys {
            // A place no longer among the own cities (removed, or a `--city` of a script) is not listed.
            let hidden = Set(places).subtracting(pinned.lazy.filter(\.isOwn).map(\.key))
            if !hidden.isEmpty { cities.removeAll { hidden.contains($0.key) } }
        }
        namesakeOwnKeys = namesakeOwnCities(in: cities)
        let needle = SearchFold.fold(list.filter.trimmed)
        let filtered = needle.isEmpty ? cities : cities.filter { State.matches($0, folded: needle) }
        // Home first, then the own places in the order the user gave them (`K`/`J`), then the
        // pinned top cities, whatever the sort: the sort orders the pins among themselves and the rest.
        var rank: [String: Int] = [:]
        for (index, city) in pinned.enumerated() where rank[city.key] == nil {
            rank[city.key] = city.isHome ? -1 : city.isOwn ? index : Int.max - 1
        }
        let scale = airQualityScale, airByKey = air.stored?.byCityKey ?? [:]
        let airIndex: (CityWeather) -> Int? = { airByKey[$0.key]?.index(on: scale) }
        let sorted = filtered.sorted { a, b in
            let ar = rank[a.key] ?? .max, br = rank[b.key] ?? .max
            if ar != br { return ar < br }
            return State.ordered(a, b, by: list.sortField, descending: list.sortDescending, now: now, airIndex: airIndex)
        }
        list.show(sorted)
    }

    /// Whether any of the city's names contains `folded` (a filter already `SearchFold.fold`ed).
    static func matches(_ city: CityWeather, folded needle: String) -> Bool {
        [city.localizedName, city.englishName, city.country.localizedName, city.country.englishName]
            .contains { SearchFold.fold($0).contains(needle) }
    }

    /// `airIndex` gives a city's air-quality index on the scale shown (the air is not in the feed).
    static func ordered(_ a: CityWeather, _ b: CityWeather, by field: SortField, descending: Bool, now: Date,
                        airIndex: (CityWeather) -> Int? = { _ in nil }) -> Bool {
        func byName() -> Bool {
            let r = SearchFold.caseInsensitiveOrder(a.englishName, b.englishName)
            return r == 0 ? a.key < b.key : r < 0
        }
        // Cities without the value go last either way; equal values by name.
        func byValue(_ x: Double?, _ y: Double?) -> Bool {
            switch (x, y) {
            case let (x?, y?) where x != y: return descending ? x > y : x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return byName()
            }
        }
        func byText(_ x: String, _ y: String) -> Bool {
            let r = SearchFold.caseInsensitiveOrder(x, y)
            if r == 0 { return byName() }
            return descending ? r > 0 : r < 0
        }
        switch field {
        case .name:
            return descending ? !byName() : byName()
        case .temperature:
            return byValue(WeatherFormat.temperatureValue(a.temperature, units: .metric), WeatherFormat.temperatureValue(b.temperature, units: .metric))
        case .feelsLike:
            return byValue(WeatherFormat.temperatureValue(a.realFeelTemperature, units: .metric),
                           WeatherFormat.temperatureValue(b.realFeelTemperature, units: .metric))
        case .humidity:
            return byValue(a.relativeHumidity.map(Double.init), b.relativeHumidity.map(Double.init))
        case .wind:
            return byValue(WeatherFormat.kilometresPerHour(a.wind?.speed), WeatherFormat.kilometresPerHour(b.wind?.speed))
        case .localTime:
            let epoch = Int(ZoneInfo.seconds(of: now))
            func offset(_ city: CityWeather) -> Double? {
                city.timeZone.map { Double($0.offsetSeconds(at: epoch, sourceTime: city.zoneGivenAt(now: now))) }
            }
            return byValue(offset(a), offset(b))
        case .weather:
            return byText(a.weatherText, b.weatherText)
        case .rainChance:
            return byValue(a.rainChanceNextHours.map { Double($0.percent) }, b.rainChanceNextHours.map { Double($0.percent) })
        case .airQuality:
            return byValue(airIndex(a).map(Double.init), airIndex(b).map(Double.init))
        case .country:
            return byText(a.country.englishName, b.country.englishName)
        }
    }
}
