import EssentialsSupport
/// What each `--city NAME` resolved to, kept in `Places.plist`: a place's id never changes, so a
/// name is searched once per source.
public struct StoredPlaces: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// By `StoredPlaces.key(source:name:)`.
    public var byName: [String: PlaceMatch]

    public init(schemaVersion: Int = StoredPlaces.currentSchemaVersion, byName: [String: PlaceMatch] = [:]) {
        self.schemaVersion = schemaVersion
        self.byName = byName
    }

    /// `open-meteo|paris, us`: a name as typed, case and surrounding blanks aside, per source
    /// (each source has its own ids).
    public static func key(source: String, name: String) -> String {
        source + "|" + name.trimmed.lowercased()
    }
}
