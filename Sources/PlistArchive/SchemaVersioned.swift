import WeatherModels

/// A value whose archives carry a schema number: one from a newer build is refused, not misread.
public protocol SchemaVersioned {
    static var currentSchemaVersion: Int { get }
    var schemaVersion: Int { get }
}

extension WeatherFeed: SchemaVersioned {}
extension StoredForecasts: SchemaVersioned {}

extension WeatherFeedSummary: SchemaVersioned {
    /// A summary is read from a `WeatherFeed` archive, so it takes the feed's schema.
    public static var currentSchemaVersion: Int { WeatherFeed.currentSchemaVersion }
}

/// Reads only the schema number of an encoded value.
struct SchemaProbe: Decodable {
    var schemaVersion: Int?
}
