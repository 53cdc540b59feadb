import Foundation
import PlistArchive
import WeatherModels

/// The app's files in its two folders (docs/spec.md §3), each name written once: the browser and
/// `--once` open their stores here.
public struct AppFiles: Sendable {
    /// `settings.plist`: units, sort, count, language, selected city.
    public static let settingsName = "settings.plist"
    /// `Forecasts.plist`: forecasts by city, when fetched.
    public static let forecastsName = "Forecasts.plist"

    /// The last good feed.
    public let feed: WeatherFeedArchive
    public let forecasts: Cache<StoredForecasts>
    public let settings: SettingsStore<AppSettings>
    public let pins: PinnedCityStore

    public init(cacheDirectory: URL, configDirectory: URL) {
        feed = WeatherFeedArchive(directory: cacheDirectory)
        forecasts = Cache<StoredForecasts>(name: Self.forecastsName, directory: cacheDirectory)
        settings = SettingsStore<AppSettings>(url: configDirectory.appendingPathComponent(Self.settingsName))
        pins = PinnedCityStore(directory: configDirectory)
    }
}
