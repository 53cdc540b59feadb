/// A city the user pinned to the top of the list; kept across runs in `Pinned.plist`.
public struct PinnedCity: Codable, Equatable, Hashable, Sendable {
    public var key: String
    public var name: String
    public var latitude: Double
    public var longitude: Double

    public init(key: String, name: String, latitude: Double, longitude: Double) {
        self.key = key
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}
