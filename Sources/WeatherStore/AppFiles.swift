#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherModels

/// The app's files in its two folders (docs/spec.md §3), each name written once: the browser and
/// `--once` open their stores here.
public struct AppFiles: Sendable {
    /// `settings.plist`: units, sort, count, language, selected city.
    public static let settingsName = "settings.plist"
    /// `Forecasts.plist`: forecasts by city, when fetched (the first source's; another's carries its name).
    public static func forecastsName(source: String?) -> String {
        source.map { "Forecasts-\($0).plist" } ?? "Forecasts.plist"
    }

    /// `Places.plist`: what each `--city NAME` resolved to.
    public static let placesName = "Places.plist"
    /// `AirQuality.plist`: the listed places' air, whichever source gives the weather.
    public static let airQualityName = "AirQuality.plist"
    /// The most `AirQuality.plist` is read to: a few numbers for each listed place.
    public static let airQualityMaxBytes = 8 << 20
    /// `Nowcasts.plist`: the kept places' rain in the coming quarter hours.
    public static let nowcastsName = "Nowcasts.plist"
    /// The most `Nowcasts.plist` is read to: a few hours of quarters for each kept place.
    public static let nowcastsMaxBytes = 8 << 20
    /// The most `Places.plist` is read to: a place for each name `--city` was given.
    public static let placesMaxBytes = 4 << 20

    /// The last good feed.
    public let feed: WeatherFeedArchive
    public let forecasts: Cache<StoredForecasts>
    public let settings: SettingsStore<AppSettings>
    public let pins: PinnedCityStore
    public let places: Cache<StoredPlaces>
    public let airQuality: Cache<StoredAirQuality>
    public let nowcasts: Cache<StoredNowcasts>

    /// The files of `source`'s data (nil: the first source, AccuWeather, whose files keep the names
    /// every release gave them); settings and pins are the user's whatever the source.
    /// The remembered settings, keeping every value that can be read, and a line saying which
    /// were dropped (none: nil). A file that is not settings at all has been moved aside.
    public func loadSettings() -> (settings: AppSettings?, notice: FileNotice?) {
        do {
            let loaded = try settings.load(default: AppSettings())
            let notice = loaded.dropped.isEmpty ? nil : FileNotice.settingsDropped(file: Self.settingsName, fields: loaded.dropped)
            return (loaded.value, notice)
        } catch {
            return (nil, error.notUsed(Self.settingsName))
        }
    }

    /// The pinned and own cities, and what the user is told when `Pinned.plist` could not be used
    /// (an unreadable one has been moved aside): the run starts without them.
    public func loadPins() -> (pins: [PinnedCity], notice: FileNotice?) {
        do {
            return (try pins.load(), nil)
        } catch {
            return ([], error.notUsed(PinnedCityStore.fileName, then: .pinsStartEmpty))
        }
    }

    /// The saved forecasts (none when there are none), and what the user is told when the file
    /// could not be used (an unreadable one has been moved aside).
    public func loadForecasts() -> (forecasts: StoredForecasts, notice: FileNotice?) {
        do {
            return (try forecasts.load(), nil)
        } catch {
            let name = forecasts.url.lastPathComponent
            return (StoredForecasts(), error.notUsed(name, then: .forecastsFetchedAgain))
        }
    }

    /// The saved air (nil when there is none), and what the user is told when the file could not
    /// be used (an unreadable one has been moved aside).
    public func loadAirQuality() -> (air: StoredAirQuality?, notice: FileNotice?) {
        do {
            return (try airQuality.load(), nil)
        } catch {
            return (nil, error.notUsed(Self.airQualityName, then: .airFetchedAgain))
        }
    }

    /// The saved nowcasts (nil when there are none), and what the user is told when the file
    /// could not be used (an unreadable one has been moved aside).
    public func loadNowcasts() -> (nowcasts: StoredNowcasts?, notice: FileNotice?) {
        do {
            return (try nowcasts.load(), nil)
        } catch {
            return (nil, error.notUsed(Self.nowcastsName, then: .nowcastFetchedAgain))
        }
    }

    public init(cacheDirectory: URL, configDirectory: URL, source: String? = nil) {
        feed = WeatherFeedArchive(directory: cacheDirectory, source: source)
        forecasts = Cache<StoredForecasts>(name: Self.forecastsName(source: source), directory: cacheDirectory)
        settings = SettingsStore<AppSettings>(url: configDirectory.appendingPathComponent(Self.settingsName))
        pins = PinnedCityStore(directory: configDirectory)
        places = Cache<StoredPlaces>(name: Self.placesName, directory: cacheDirectory, maxBytes: Self.placesMaxBytes)
        airQuality = Cache<StoredAirQuality>(name: Self.airQualityName, directory: cacheDirectory, maxBytes: Self.airQualityMaxBytes)
        nowcasts = Cache<StoredNowcasts>(name: Self.nowcastsName, directory: cacheDirectory, maxBytes: Self.nowcastsMaxBytes)
    }
}
