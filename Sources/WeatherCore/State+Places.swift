#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource

extension State {
    /// Places this close (degrees of latitude and longitude) and of the same name are one city:
    /// a search result for a top city that Open-Meteo lists under another key.
    static let sameCityDegrees = 0.2

    /// `a`'s prompt: the add-a-place child takes the step, with the gate's answer when Enter
    /// sends a search; what it leaves (a place to add, a failure) is done here.
    mutating func reduceAddCity(_ step: AddCityAction) -> [Effect] {
        var pass: PlaceEditingState.Pass?
        if case .submit = step {
            let ask = SourceGate.Ask(.search, calls: config.demo ? 0 : config.searchCost, userAsked: true)
            switch admit(ask, to: config.provider) {
            case .success(let granted): pass = .granted(granted)
            case .failure(let refusal): pass = .refused(words(for: refusal, of: config.provider))
            }
        }
        let context = PlaceEditingState.SearchContext(editingFilter: list.isEditingFilter, offline: config.offline, language: language,
                                                      requestLanguage: request.language, submitKey: keyName(.addCity(.submit)), pass: pass)
        switch placeEditing.reduce(step, context) {
        case .done(let effects):
            return effects
        case .add(let place):
            return add(place)
        case .failed(let error, let said):
            limits.heard(error, from: config.provider, at: now)
            record(said)
            return []
        }
    }

    /// Adds `place` as an own city, saved and on top with ★: one the list already holds (a top
    /// city) at once, a new one with the refresh that starts now. One of the user's cities
    /// already is only selected.
    mutating func add(_ place: PlaceMatch) -> [Effect] {
        if let own = pinned.first(where: { $0.isOwn && ($0.key == place.id || $0.place?.id == place.id) }) {
            select(key: own.key)
            notice = language.text("notice.alreadyOwn", ("name", ownName(own.key)))
            return []
        }
        // The same city found earlier by another source's search, which this source cannot
        // fetch, gives way to this place where it stood: this one serves both sources
        // (Open-Meteo fetches any place by its coordinates), so no city is listed twice.
        let other = pinned.firstIndex { city in
            guard let found = city.place, !config.provider.canFetch(found) else { return false }
            return Self.isSame(place, names: [found.name, city.name], latitude: found.latitude, longitude: found.longitude)
        }
        let added = language.text(other == nil ? "notice.added" : "notice.addedReplacing", ("place", place.label))
        let replaced = other.map { [pinned[$0].key] } ?? []
        if let listed = listedCity(matching: place) {
            // The top city becomes the user's own under its key: no second row, no call more.
            let effects = changePins(.add(PinnedCity(key: listed.key, name: place.name, latitude: place.latitude, longitude: place.longitude,
                                                     place: place), replacing: replaced + [listed.key]))
            select(key: listed.key)
            notice = added
            return effects
        }
        let startNow = placeEditing.added(place.id, fetching: isFetching)
        var effects = changePins(.add(PinnedCity(place: place), replacing: replaced))
        notice = added
        if startNow { effects += startFetch(userAsked: false) }
        return effects
    }

    /// The listed city that is `place`: the same key, or the same name close by.
    func listedCity(matching place: PlaceMatch) -> CityWeather? {
        let cities = feed?.cities ?? []
        if let same = cities.first(where: { $0.key == place.id }) { return same }
        return cities.first { city in
            guard let position = city.geoPosition else { return false }
            return Self.isSame(place, names: [city.englishName, city.localizedName], latitude: position.latitude, longitude: position.longitude)
        }
    }

    /// Whether `place` is the city of one of `names` at that position: the same name close by.
    static func isSame(_ place: PlaceMatch, names: [String], latitude: Double, longitude: Double) -> Bool {
        names.contains { SearchFold.fold($0) == SearchFold.fold(place.name) }
            && abs(latitude - place.latitude) < sameCityDegrees && abs(longitude - place.longitude) < sameCityDegrees
    }

    /// Tells the user, once per change, of own cities the list lacks because this run's source
    /// cannot fetch them (`FeedPolicy.unlistedOwnCities`).
    mutating func noteUnlistedOwnCities() {
        guard let feed else { return }
        let left = FeedPolicy.unlistedOwnCities(config: config, pinned: pinned, listed: Set(feed.cities.map(\.key)))
        let keys = Set(left.map(\.key))
        guard keys != unlistedOwnKeys else { return }
        unlistedOwnKeys = keys
        guard !left.isEmpty else { return }
        let text = FeedPolicy.describe(unlisted: left, provider: config.provider, inBrowser: config.inBrowser, keys: config.keyNames,
                                       in: language)
        notice = [notice, text].compactMap { $0 }.joined(separator: "; ")
    }

    /// After a refresh: the city just added is selected once its weather is listed.
    mutating func selectAddedCity() {
        guard let key = placeEditing.addedCityKey, select(key: key) else { return }
        placeEditing.addedCitySelected()
    }

    /// After a refresh: the one a city added during it asked for.
    mutating func refreshForAddedCity() -> [Effect] {
        guard placeEditing.takeRefreshAfterCurrent() else { return [] }
        return startFetch(userAsked: false)
    }

    /// `d`, `y`, `n`: the add-a-place child keeps the city asked about; the pins change here.
    mutating func reduceRemoveCity(_ step: RemoveCityAction) -> [Effect] {
        var ownKey: String?
        if case .ask = step {
            guard let city = selectedCity else { return [] }
            ownKey = pinned.first(where: { $0.key == city.key }).flatMap { $0.isOwn ? $0.key : nil }
        }
        switch placeEditing.reduce(step, ownKey: ownKey) {
        case .none, .asking:
            return []
        case .notOwn:
            guard let city = selectedCity else { return [] }
            notice = isPinned(city.key)
                ? language.text("notice.dRemovesUnpin", ("remove", keyName(.removeCity(.ask))), ("pin", keyName(.togglePin)),
                                ("name", city.englishName))
                : language.text("notice.dRemoves", ("remove", keyName(.removeCity(.ask))), ("add", keyName(.addCity(.start))))
            return []
        case .remove(let key):
            let name = ownName(key)
            let effects = changePins(.remove(key: key))
            notice = language.text("notice.removed", ("name", name))
            return effects
        }
    }

    /// The name of the own city awaiting `y`/`n`.
    public var pendingRemovalName: String? {
        placeEditing.pendingRemoval.map(ownName)
    }

    /// The name a listed city is shown by (list row, detail title): its name, and for one of the
    /// user's own cities whose name another listed city has too, where it is, its region (else its
    /// country): `Paris, Texas` beside `Paris, Tennessee` and the top city `Paris`.
    public func displayName(of city: CityWeather) -> String {
        guard namesakeOwnKeys.contains(city.key) else { return city.localizedName }
        return Self.whereabouts(of: city.localizedName, place: pinned.first { $0.key == city.key }?.place)
    }

    /// The name of the own city of `key` as messages and questions say it: its saved name, with
    /// its region when a listed city or another own city has that name too (as `displayName(of:)`).
    func ownName(_ key: String) -> String {
        guard let own = pinned.first(where: { $0.key == key }) else { return key }
        let namesake = namesakeOwnKeys.contains(key) || pinned.contains { $0.key != key && $0.isOwn && $0.name == own.name }
        return namesake ? Self.whereabouts(of: own.name, place: own.place) : own.name
    }

    /// `name, region` (else `name, country`); the name alone when the place names neither.
    static func whereabouts(of name: String, place: PlaceMatch?) -> String {
        guard let place, let area = [place.region, place.country].compactMap({ $0 }).first(where: { !$0.isEmpty && $0 != name }) else {
            return name
        }
        return "\(name), \(area)"
    }

    /// The own cities among `cities` that share a name (as listed, in either language) with another
    /// of them: the ones `displayName(of:)` names with their region. One pass over the list.
    func namesakeOwnCities(in cities: [CityWeather]) -> Set<String> {
        let ownKeys = Set(pinned.lazy.filter(\.isOwn).map(\.key))
        guard !ownKeys.isEmpty else { return [] }
        var ownByName: [String: Set<String>] = [:]
        for city in cities where ownKeys.contains(city.key) {
            for name in [city.localizedName, city.englishName] where !name.isEmpty { ownByName[name, default: []].insert(city.key) }
        }
        var found: Set<String> = []
        func note(_ name: String, of key: String) {
            guard let keys = ownByName[name] else { return }
            for own in keys where own != key { found.insert(own) }
        }
        for city in cities {
            note(city.localizedName, of: city.key)
            if city.englishName != city.localizedName { note(city.englishName, of: city.key) }
        }
        return found
    }

    /// Makes `change` to the cities here at once, and asks for it to be made in `Pinned.plist`.
    mutating func changePins(_ change: PinChange) -> [Effect] {
        pinned = change.applied(to: pinned)
        pinChangesUnanswered.append(change)
        recomputeVisible()
        return [.changePins(change)]
    }

    /// The cities as `Pinned.plist` holds them, with this run's changes still on their way there
    /// made again on top: the list never steps back to before a key while its save is under way.
    /// `ifChanged`: nothing to do when the list would stay as it is.
    mutating func adoptPins(_ saved: [PinnedCity], ifChanged: Bool = false) {
        let cities = pinChangesUnanswered.reduce(saved) { $1.applied(to: $0) }
        if ifChanged, cities == pinned { return }
        pinned = cities
        recomputeVisible()
        noteUnlistedOwnCities()
    }

    /// `p`: pins or unpins a top city; one of the user's own cities stays (it is on top already,
    /// and `d` removes it after asking).
    mutating func togglePin() -> [Effect] {
        guard let city = selectedCity else { return [] }
        if let own = pinned.first(where: { $0.key == city.key && $0.isOwn }) {
            notice = language.text("notice.ownOnTop", ("key", keyName(.removeCity(.ask))), ("name", ownName(own.key)))
            return []
        }
        if isPinned(city.key) { return changePins(.unpin(key: city.key)) }
        return changePins(.pin(PinnedCity(key: city.key, name: city.englishName,
                                          latitude: city.geoPosition?.latitude ?? 0, longitude: city.geoPosition?.longitude ?? 0)))
    }
}

extension State {
    /// `H`: the selected own or pinned place becomes home (first in the list, selected at start);
    /// on the home place, no place is home. A city neither own nor pinned is said so.
    mutating func toggleHome() -> [Effect] {
        guard let city = selectedCity else { return [] }
        guard let kept = pinned.first(where: { $0.key == city.key }) else {
            notice = language.text("notice.homePinFirst", ("home", keyName(.toggleHome)), ("pin", keyName(.togglePin)),
                                   ("name", city.englishName))
            return []
        }
        let name = kept.isOwn ? ownName(kept.key) : city.englishName
        if kept.isHome {
            notice = language.text("notice.noLongerHome", ("name", name))
            return changePins(.home(key: nil))
        }
        notice = language.text("notice.home", ("name", name))
        return changePins(.home(key: kept.key))
    }

    /// `K` / `J`: the selected own place goes before the own place above it, or after the one
    /// below it; the list shows own places in that order, kept in `Pinned.plist`.
    mutating func moveOwnCity(up: Bool) -> [Effect] {
        guard let city = selectedCity else { return [] }
        if city.key == homeKey {
            let name = pinned.contains { $0.key == city.key && $0.isOwn } ? ownName(city.key) : city.englishName
            notice = language.text("notice.homeStaysFirst", ("key", keyName(.toggleHome)), ("name", name))
            return []
        }
        // Home stands first whatever its place among them: the others move past it unseen otherwise.
        let own = pinned.filter { $0.isOwn && !$0.isHome }
        guard let at = own.firstIndex(where: { $0.key == city.key }) else {
            notice = language.text("notice.moveOwn", ("up", keyName(.moveOwnCity(up: true))), ("down", keyName(.moveOwnCity(up: false))),
                                   ("add", keyName(.addCity(.start))))
            return []
        }
        guard own.indices.contains(up ? at - 1 : at + 1) else {
            notice = language.text(up ? "notice.alreadyFirst" : "notice.alreadyLast", ("name", ownName(city.key)))
            return []
        }
        return changePins(.move(key: city.key, up: up))
    }
}
