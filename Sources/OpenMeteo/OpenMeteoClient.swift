#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

/// The live Open-Meteo client (`docs/spec.md` §4): one `GET /v1/forecast` for every listed city's
/// current conditions, one for a single city's conditions with its next 24 hours and next 7 days
/// (its detail), and `GET /v1/search` on the geocoding API to find a place. No key; every failure
/// becomes a `ServiceError` in words.
public struct OpenMeteoClient: Sendable {
    /// Open-Meteo's forecast API.
    public static let defaultBaseURL = URL(string: "https://api.open-meteo.com")!
    /// Open-Meteo's geocoding API.
    public static let defaultGeocodingURL = URL(string: "https://geocoding-api.open-meteo.com")!
    /// Days of daily forecast asked for (the detail pane's days): a week costs what 5 days do,
    /// Open-Meteo counting any span up to two weeks alike.
    public static let forecastDays = 7
    /// Hours of hourly forecast asked for, from the current hour (the detail pane's chart).
    public static let forecastHours = 24
    /// Places a search asks for.
    public static let searchResultCount = 10

    // Only what the program shows is asked for, each variable named once in its block's decoding
    // keys: Open-Meteo counts a request with more variables as more calls against the free limits.
    /// Variables of the `current` block a detail's request asks for: everything the list and the detail pane show.
    static let currentVariables = variables(OpenMeteoCurrent.CodingKeys.self)
    /// The current values only the detail shows: the list's request leaves them out, so that it
    /// asks at most 10 variables and each place weighs one call (`CallCost`).
    static let detailOnlyVariables: Set<String> = [
        OpenMeteoCurrent.CodingKeys.windGusts.stringValue, OpenMeteoCurrent.CodingKeys.uvIndex.stringValue,
        OpenMeteoCurrent.CodingKeys.visibility.stringValue,
    ]
    /// Variables of the list's `current` block.
    static let listVariables = currentVariables.filter { !detailOnlyVariables.contains($0) }
    /// Variables of the list's `hourly` block, over its few hours: the chance of precipitation
    /// the map's rain layer shows (`RainChance`); with `listVariables`, at most 10.
    static let listHourlyVariables = [OpenMeteoHourly.CodingKeys.precipitationProbability.stringValue]
    /// Variables of the `hourly` block: the chart's line and its precipitation chance.
    static let hourlyVariables = variables(OpenMeteoHourly.CodingKeys.self)
    /// Variables of the `daily` block: the 5-day rows' glyph, low, high and chance of precipitation.
    static let dailyVariables = variables(OpenMeteoDaily.CodingKeys.self)

    /// A block's variables: its keys but `time`, which every block has unasked.
    private static func variables<Key: CodingKey & CaseIterable>(_ keys: Key.Type) -> [String] {
        keys.allCases.map(\.stringValue).filter { $0 != "time" }
    }

    private let forecastHTTP: HTTPRequester
    private let geocodingHTTP: HTTPRequester
    /// The clock a 429's wait is counted from.
    private let now: @Sendable () -> Date

    public init(
        baseURL: URL = OpenMeteoClient.defaultBaseURL, geocodingURL: URL = OpenMeteoClient.defaultGeocodingURL,
        timeout: Double = HTTPRequester.defaultTimeout, transport: any HTTPTransport = SharedHTTPTransport(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.forecastHTTP = HTTPRequester(baseURL: baseURL, timeout: timeout, transport: transport)
        self.geocodingHTTP = HTTPRequester(baseURL: geocodingURL, timeout: timeout, transport: transport)
        self.now = now
    }

    /// Where the forecast API lives.
    public var baseURL: URL { forecastHTTP.baseURL }
    /// Where the geocoding API lives.
    public var geocodingURL: URL { geocodingHTTP.baseURL }
    /// The one deadline of a whole request, in seconds.
    public var timeout: Double { forecastHTTP.timeout }
    /// The forecast server's host (with the port when the base URL names one), as shown in error messages.
    public var host: String { forecastHTTP.host }

    /// Current conditions for every city in one request, with the 24 hours and 7 days of each
    /// when `withForecasts` (a detail's request, for one city); names in `language` from the
    /// bundled list. No request at all for an empty list.
    public func conditions(for cities: [TopCity], language: String, withForecasts: Bool = false) async throws(ServiceError) -> OpenMeteoFeed {
        guard !cities.isEmpty else { return OpenMeteoFeed(cities: [], dailyForecasts: [:], hourlyForecasts: [:]) }
        let url = try forecastURL(for: cities, withForecasts: withForecasts)
        let response = try await forecastHTTP.get(url)
        guard (200..<300).contains(response.statusCode) else { throw forecastHTTP.openMeteoError(response, answeredAt: now()) }
        let forecasts = try forecastHTTP.decodeLocations(OpenMeteoForecast.self, from: response.body, names: cities.map(\.englishName))
        var weathers: [CityWeather] = []
        var daily: [String: DailyForecastResponse] = [:]
        var hourly: [String: HourlyForecastResponse] = [:]
        weathers.reserveCapacity(cities.count)
        for (city, forecast) in zip(cities, forecasts) {
            weathers.append(forecast.cityWeather(for: city, language: language))
            guard withForecasts else { continue }
            daily[city.key] = forecast.dailyForecast(language: language)
            hourly[city.key] = forecast.hourlyForecast()
        }
        return OpenMeteoFeed(cities: weathers, dailyForecasts: daily, hourlyForecasts: hourly)
    }

    /// Places whose name matches `text`, named in `language` where the API knows them; `[]` when
    /// nothing matches (or the text is blank, which the API would answer with nothing anyway).
    public func searchPlaces(_ text: String, language: String) async throws(ServiceError) -> [PlaceMatch] {
        let name = text.trimmed
        guard !name.isEmpty else { return [] }
        let url = try geocodingHTTP.url(path: ["v1", "search"], query: [
            ("name", name), ("count", String(Self.searchResultCount)), ("language", Self.geocodingLanguage(language)),
        ])
        let response = try await geocodingHTTP.get(url)
        guard (200..<300).contains(response.statusCode) else { throw geocodingHTTP.openMeteoError(response, answeredAt: now()) }
        let answer = try geocodingHTTP.decodeJSON(OpenMeteoGeocodingResponse.self, from: response.body, describePath: Self.placePath)
        return (answer.results ?? []).map { place in
            PlaceMatch(
                id: PlaceMatch.openMeteoIDPrefix + String(place.id), name: geocodingHTTP.serverWords(place.name),
                region: place.admin1.map(geocodingHTTP.serverWords), country: place.country.map(geocodingHTTP.serverWords),
                countryCode: place.countryCode.map(geocodingHTTP.serverWords), latitude: place.latitude, longitude: place.longitude,
                timeZone: place.timezone, elevation: place.elevation
            )
        }
    }

    // MARK: - Requests

    /// The one forecast URL for `cities`, coordinates in their order (for tests and diagnostics):
    /// the list's asks for the current block only, a detail's for the hours and days too.
    func forecastURL(for cities: [TopCity], withForecasts: Bool) throws(ServiceError) -> URL {
        var query = HTTPRequester.coordinateQuery(latitudes: cities.map(\.latitude), longitudes: cities.map(\.longitude)) + [
            ("current", (withForecasts ? Self.currentVariables : Self.listVariables).joined(separator: ",")),
        ]
        if withForecasts {
            query += [
                ("hourly", Self.hourlyVariables.joined(separator: ",")),
                ("daily", Self.dailyVariables.joined(separator: ",")),
            ]
        } else {
            query.append(("hourly", Self.listHourlyVariables.joined(separator: ",")))
        }
        query.append(("timezone", "auto"))
        if withForecasts {
            query += [("forecast_days", String(Self.forecastDays)), ("forecast_hours", String(Self.forecastHours))]
        } else {
            query.append(("forecast_hours", String(RainChance.standardHours)))
        }
        query.append(("timeformat", "unixtime"))
        return try forecastHTTP.url(path: ["v1", "forecast"], query: query)
    }

    /// What a request for `places` costs by Open-Meteo's counting (`CallCost`): the list's
    /// current block, or a detail's with its hours and days.
    public static func cost(places: Int, withForecasts: Bool) -> Double {
        let variables = withForecasts ? currentVariables.count + hourlyVariables.count + dailyVariables.count
            : listVariables.count + listHourlyVariables.count
        return CallCost.openMeteo(places: places, variables: variables, days: withForecasts ? Double(forecastDays) : 1)
    }

    /// A coordinate with at most 4 decimals (about 11 m) and never in exponent notation, which
    /// Swift's shortest form would use for values near 0 (`1e-05`).
    static func coordinate(_ degrees: Double) -> String {
        // Places are checked to be on Earth where they come in (search, Pinned.plist); this only
        // keeps any other number from trapping in the conversion below.
        guard degrees.isFinite, abs(degrees) <= 360 else { return "0" }
        let tenThousandths = Int((degrees * 10_000).rounded())
        let magnitude = abs(tenThousandths)
        var fraction = String(magnitude % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = tenThousandths < 0 ? "-" : ""
        return sign + String(magnitude / 10_000) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The geocoding API takes a lowercased 2-letter language (`ja` of our `ja-jp`); English when none is given.
    static func geocodingLanguage(_ tag: String) -> String {
        let primary = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return primary.isEmpty ? "en" : primary
    }

    // MARK: - Describing what was wrong

    /// `place 2: latitude missing`.
    static func placePath(_ path: [any CodingKey]) -> String {
        guard path.first?.stringValue == "results", path.count > 1 else { return HTTPRequester.plainPath(path) }
        return HTTPRequester.ordinalPath(Array(path.dropFirst()), noun: "place")
    }
}
