import Foundation
import WeatherModels

/// Everything the views read for one frame, as plain values (built from core `State` by the run loop).
///
/// `cities` is the already filtered and sorted list (pinned first); views only slice it, so a frame
/// costs the same with 50 or 10,000 cities.
public struct BrowserModel: Equatable, Sendable {
    /// Why the banner is shown (SPEC §5: only when the data did not come from a refresh that just succeeded).
    public enum Banner: Equatable, Sendable {
        /// Showing archived data; `reason` says why no fresh data (nil with `--offline`).
        case offline(savedAt: Date?, reason: String?)
        /// Bundled sample data.
        case demo
    }

    public var feedSize: Int
    public var fetchedAt: Date?
    public var now: Date
    /// Offset of the user's clock from UTC, seconds (for "updated 12:04").
    public var localUTCOffset: Int
    public var apiCallsLeft: Int?
    public var isRefreshing: Bool
    public var banner: Banner?
    public var cities: [CityWeather]
    public var selectedIndex: Int?
    public var scrollOffset: Int
    public var pinnedKeys: Set<String>
    public var units: TemperatureUnit
    public var sortField: SortField
    public var sortDescending: Bool
    public var filterText: String
    public var isEditingFilter: Bool
    /// The detail is open (full screen when narrow) / has focus (wide).
    public var detailOpen: Bool
    public var forecast: DailyForecastResponse?
    public var forecastLoading: Bool
    public var helpShown: Bool
    /// A one-off message for the status line (e.g. "archive was unreadable, moved aside").
    public var message: String?
    /// Why there is nothing to show, and what to do (no feed at all).
    public var emptyExplanation: [String]?
    /// Why the selected city's forecast could not be fetched.
    public var forecastError: String?

    public init(
        feedSize: Int = 50, fetchedAt: Date? = nil, now: Date = Date(), localUTCOffset: Int = 0, apiCallsLeft: Int? = nil,
        isRefreshing: Bool = false, banner: Banner? = nil, cities: [CityWeather] = [], selectedIndex: Int? = nil,
        scrollOffset: Int = 0, pinnedKeys: Set<String> = [], units: TemperatureUnit = .metric, sortField: SortField = .name,
        sortDescending: Bool = false, filterText: String = "", isEditingFilter: Bool = false, detailOpen: Bool = false,
        forecast: DailyForecastResponse? = nil, forecastLoading: Bool = false, helpShown: Bool = false, message: String? = nil,
        emptyExplanation: [String]? = nil, forecastError: String? = nil
    ) {
        self.feedSize = feedSize
        self.fetchedAt = fetchedAt
        self.now = now
        self.localUTCOffset = localUTCOffset
        self.apiCallsLeft = apiCallsLeft
        self.isRefreshing = isRefreshing
        self.banner = banner
        self.cities = cities
        self.selectedIndex = selectedIndex
        self.scrollOffset = scrollOffset
        self.pinnedKeys = pinnedKeys
        self.units = units
        self.sortField = sortField
        self.sortDescending = sortDescending
        self.filterText = filterText
        self.isEditingFilter = isEditingFilter
        self.detailOpen = detailOpen
        self.forecast = forecast
        self.forecastLoading = forecastLoading
        self.helpShown = helpShown
        self.message = message
        self.emptyExplanation = emptyExplanation
        self.forecastError = forecastError
    }

    /// The selected city, if any.
    public var selectedCity: CityWeather? {
        guard let i = selectedIndex, cities.indices.contains(i) else { return nil }
        return cities[i]
    }

    /// The user's time zone (for "updated 12:04").
    public var timeZone: TimeZone { TimeZone(secondsFromGMT: localUTCOffset) ?? .current }

    /// Whether a filter row is shown (editing, or a filter is in effect).
    public var showsFilterRow: Bool { isEditingFilter || !filterText.isEmpty }
}
