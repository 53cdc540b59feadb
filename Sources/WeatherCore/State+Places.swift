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

    mutating func reduceAddCity(_ step: AddCityAction) -> [Effect] {
        if case .start = step {
            guard !isEditingFilter else { return [] }
            showHelp = false
            pendingRemoval = nil
            placeSearch = PlaceSearch()
            return []
        }
        guard var search = placeSearch else { return [] }
        defer { if placeSearch != nil { placeSearch = search } }
        switch step {
        case .start:
            break
        case .input(let text):
            guard search.phase != .searching else { return [] }
            // Typing after the results edits the name for a new search.
            search.phase = .typing
            search.message = nil
            search.text += text.filter { !$0.isNewline }
        case .backspace:
            guard search.phase != .searching, !search.text.isEmpty else { return [] }
            search.phase = .typing
            search.message = nil
            search.text.removeLast()
        case .moveUp, .moveDown:
            let count = search.results.count
            guard count > 0 else { return [] }
            search.selectedIndex = max(0, min(count - 1, search.selectedIndex + (step == .moveUp ? -1 : 1)))
        case .cancel:
            placeSearch = nil
        case .submit:
            switch search.phase {
            case .searching:
                return []
            case .results(let places):
                placeSearch = nil
                return add(places[max(0, min(search.selectedIndex, places.count - 1))])
            case .typing:
                let name = search.text.trimmed
                guard !name.isEmpty else {
                    search.message = "type a place name, then Enter"
                    return []
                }
                if config.offline {
                    search.message = "offline mode (--offline): cannot search"
                    return []
                }
                search.phase = .searching
                search.message = nil
                search.selectedIndex = 0
                return [.searchPlaces(name, language: request.language)]
            }
        case .found(let query, let result):
            // An answer to a search that was left or replaced changes nothing.
            guard search.phase == .searching,
                  search.text.trimmed == query else { return [] }
            switch result {
            case .success(let places) where places.isEmpty:
                search.phase = .typing
                search.message = "no place called \"\(query)\""
            case .success(let places):
                search.phase = .results(places)
                search.selectedIndex = 0
            case .failure(let error):
                search.phase = .typing
                let text = "search failed: \(error.errorDescription ?? "unknown error")"
                search.message = text
                // The box may cut it; `!` keeps it whole.
                record(text)
            }
        }
        return []
    }

    /// Adds `place` as an own city, saved and on top with ★: one the list already holds (a top
    /// city) at once, a new one with the refresh that starts now. One of the user's cities
    /// already is only selected.
    mutating func add(_ place: PlaceMatch) -> [Effect] {
        if let own = pinned.first(where: { $0.isOwn && ($0.key == place.id || $0.place?.id == place.id) }) {
            select(key: own.key)
            notice = "\(own.name) is already one of your cities"
            return []
        }
        // The same city found earlier by another source's search, which this source cannot
        // fetch, gives way to this place where it stood: this one serves both sources
        // (Open-Meteo fetches any place by its coordinates), so no city is listed twice.
        let other = pinned.firstIndex { city in
            guard let found = city.place, !config.provider.canFetch(found) else { return false }
            return Self.isSame(place, names: [found.name, city.name], latitude: found.latitude, longitude: found.longitude)
        }
        let replacing = other == nil ? "" : " in place of the one another source found"
        if let listed = listedCity(matching: place) {
            // The top city becomes the user's own under its key: no second row, no call more.
            if let other { pinned.remove(at: other) }
            pinned.removeAll { $0.key == listed.key }
            pinned.append(PinnedCity(key: listed.key, name: place.name, latitude: place.latitude, longitude: place.longitude, place: place))
            recomputeVisible()
            select(key: listed.key)
            notice = "added \(place.label)\(replacing)"
            return [.savePins(pinned)]
        }
        if let other { pinned[other] = PinnedCity(place: place) } else { pinned.append(PinnedCity(place: place)) }
        addedCityKey = place.id
        recomputeVisible()
        notice = "added \(place.label)\(replacing)"
        var effects: [Effect] = [.savePins(pinned)]
        if isFetching {
            refreshAfterCurrent = true
        } else {
            effects += startFetch(userAsked: false)
        }
        return effects
    }

    /// Selects the city of `key` when it is listed (a filter may hide it).
    mutating func select(key: String) {
        guard visibleCities.contains(where: { $0.key == key }) else { return }
        selectedKey = key
        clampScroll()
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
        let text = FeedPolicy.describe(unlisted: left, provider: config.provider, inBrowser: true)
        notice = [notice, text].compactMap { $0 }.joined(separator: "; ")
    }

    /// After a refresh: the city just added is selected once its weather is listed.
    mutating func selectAddedCity() {
        guard let key = addedCityKey, visibleCities.contains(where: { $0.key == key }) else { return }
        addedCityKey = nil
        select(key: key)
    }

    /// After a refresh: the one a city added during it asked for.
    mutating func refreshForAddedCity() -> [Effect] {
        guard refreshAfterCurrent else { return [] }
        refreshAfterCurrent = false
        return startFetch(userAsked: false)
    }

    mutating func reduceRemoveCity(_ step: RemoveCityAction) -> [Effect] {
        switch step {
        case .ask:
            guard let city = selectedCity else { return [] }
            guard let own = pinned.first(where: { $0.key == city.key }), own.isOwn else {
                notice = isPinned(city.key) ? "d removes your own cities; p unpins \(city.englishName)"
                    : "d removes your own cities (a adds one)"
                return []
            }
            showHelp = false
            pendingRemoval = own.key
        case .confirm:
            guard let key = pendingRemoval else { return [] }
            pendingRemoval = nil
            let name = pinned.first { $0.key == key }?.name ?? key
            pinned.removeAll { $0.key == key }
            if addedCityKey == key { addedCityKey = nil }
            recomputeVisible()
            notice = "removed \(name)"
            return [.savePins(pinned)]
        case .cancel:
            pendingRemoval = nil
        }
        return []
    }

    /// The name of the own city awaiting `y`/`n`.
    public var pendingRemovalName: String? {
        pendingRemoval.map { key in pinned.first { $0.key == key }?.name ?? key }
    }
}
