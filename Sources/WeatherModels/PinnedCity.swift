/// A city the user keeps on top of the list, across runs, in `Pinned.plist`: a pinned top city,
/// or one of the user's own cities (a place found by a search, with its `place`).
public struct PinnedCity: Codable, Equatable, Hashable, Sendable {
    /// The city's key in the feed (for an own city, its place's id).
    public var key: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    /// The search result an own city came from (its source's id, region, country, time zone);
    /// nil for a pinned top city and in files written before own cities existed.
    public var place: PlaceMatch?
    /// Whether it is the user's home place (`H`): selected at start, first in the list, the
    /// terminal's title under `--title`. One city at most is home (`PinChange.home`).
    public var isHome: Bool

    public init(key: String, name: String, latitude: Double, longitude: Double, place: PlaceMatch? = nil, isHome: Bool = false) {
        self.key = key
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.place = place
        self.isHome = isHome
    }

    /// An own city for `place`, listed under the place's id.
    public init(place: PlaceMatch) {
        self.init(key: place.id, name: place.name, latitude: place.latitude, longitude: place.longitude, place: place)
    }

    /// Whether the user added it through a search (rather than pinning a top city).
    public var isOwn: Bool { place != nil }
}
