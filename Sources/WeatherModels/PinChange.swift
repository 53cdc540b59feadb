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
            cities.removeAll { gone.contains($0.key) }
            cities.insert(city, at: slot.map { min($0, cities.count) } ?? cities.count)
        case .remove(let key):
            cities.removeAll { $0.key == key }
        }
        return cities
    }
}
