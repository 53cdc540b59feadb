/// One change a run makes to the pinned and own cities: what `Pinned.plist` is told, applied to
/// the list as it is on disk then, so two copies of the program that share the file keep each
/// other's changes (docs/spec.md §3).
public enum PinChange: Equatable, Hashable, Sendable {
    /// `p` on a top city: pins it (an own city of that key stays as it is: pinning never drops a place).
    case pin(PinnedCity)
    /// `p` on a pinned top city: unpins it; an own city is never unpinned (`d` removes it).
    case unpin(key: String)
    /// `a`: adds `city`, in the place of the first of `replacing` still there (the top city it
    /// is, the same place another source found), which go; a city of its key is replaced.
    case add(PinnedCity, replacing: [String] = [])
    /// `d`: removes the own city of `key`.
    case remove(key: String)
    /// `H`: makes the city of `key` the home place, and no other; nil: no place is home. A key
    /// the file no longer holds (another copy removed it) changes nothing.
    case home(key: String?)
    /// `K` / `J`: moves the own city of `key` before the own city before it (`up`), or after the
    /// one after it, among the own cities as the file holds them but home (first in any case, it
    /// stays where it is, as do the pinned top cities).
    case move(key: String, up: Bool)

    /// `cities` with this change made.
    public func applied(to cities: [PinnedCity]) -> [PinnedCity] {
        var cities = cities
        switch self {
        case .pin(let city):
            guard !cities.contains(where: { $0.key == city.key }) else { return cities }
            cities.append(city)
        case .unpin(let key):
            cities.removeAll { $0.key == key && !$0.isOwn }
        case .add(let city, let replacing):
            let gone = Set(replacing + [city.key])
            let slot = cities.firstIndex { gone.contains($0.key) }
            var city = city
            // The place it stands in for stays home: home is a place, not a source's id for it.
            if cities.contains(where: { gone.contains($0.key) && $0.isHome }) { city.isHome = true }
            cities.removeAll { gone.contains($0.key) }
            cities.insert(city, at: slot.map { min($0, cities.count) } ?? cities.count)
        case .remove(let key):
            cities.removeAll { $0.key == key }
        case .home(let key):
            guard key == nil || cities.contains(where: { $0.key == key }) else { return cities }
            for index in cities.indices { cities[index].isHome = cities[index].key == key }
        case .move(let key, let up):
            let own = cities.indices.filter { cities[$0].isOwn && !cities[$0].isHome }
            guard let at = own.firstIndex(where: { cities[$0].key == key }) else { return cities }
            let other = up ? at - 1 : at + 1
            guard own.indices.contains(other) else { return cities }
            cities.swapAt(own[at], own[other])
        }
        return cities
    }
}
