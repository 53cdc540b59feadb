import PlistArchive
import WeatherModels

extension WeatherFeed: SchemaVersioned {}
extension StoredForecasts: SchemaVersioned {}

extension WeatherFeedSummary: SchemaVersioned {
    /// A summary is read from a `WeatherFeed` archive, so it takes the feed's schema.
    public static var currentSchemaVersion: Int { WeatherFeed.currentSchemaVersion }
}
extension StoredPlaces: SchemaVersioned {}
extension StoredAirQuality: SchemaVersioned {}
extension StoredNowcasts: SchemaVersioned {}
