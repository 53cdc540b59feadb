#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

/// The live AccuWeather client: builds the URLs of the product contract (`docs/spec.md` §4),
/// sends the key in the `Authorization: Bearer` header (never in a URL), and turns every
/// failure into a `ServiceError` with the key redacted.
public struct AccuWeatherClient: WeatherService {
    /// AccuWeather's public API.
    public static let defaultBaseURL = URL(string: "https://dataservice.accuweather.com")!

    let http: HTTPRequester
    private let apiKey: String
    private let keySource: String
    private let recordCalls: CallRecorder?
    /// The clock a 429's `Retry-After` is counted from.
    let now: @Sendable () -> Date

    /// `keySource` names where the key came from (`--api-key`, a variable, a file) for the message
    /// of a rejected key; `recordCalls` hears of each request the server answered.
    public init(baseURL: URL = AccuWeatherClient.defaultBaseURL, apiKey: String, keySource: String = ServiceError.defaultKeySource,
                timeout: Double = HTTPRequester.defaultTimeout, transport: any HTTPTransport = SharedHTTPTransport(),
                recordCalls: CallRecorder? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.http = HTTPRequester(baseURL: baseURL, timeout: timeout, secret: apiKey, transport: transport)
        self.apiKey = apiKey
        self.keySource = keySource
        self.recordCalls = recordCalls
        self.now = now
    }

    /// Where the API lives.
    public var baseURL: URL { http.baseURL }
    /// The one deadline of a whole request, in seconds.
    public var timeout: Double { http.timeout }
    /// The server's host name (with the port when the base URL names one), as shown in error messages.
    public var host: String { http.host }

    public func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        let url = try http.url(path: ["currentconditions", "v1", "topcities", String(count)], query: [
            ("language", language), ("details", "true"),
        ])
        let response = try await get(url)
        let cities = try decodeSuccess([CityWeather].self, from: response, describePath: Self.cityPath)
        if cities.count > count {
            throw .unexpectedResponse(host: host, detail: "\(cities.count) cities for \(count) asked")
        }
        return TopCitiesResponse(cities: cities, rateLimitRemaining: Self.rateLimitRemaining(response))
    }

    public func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse {
        let url = try http.url(path: ["forecasts", "v1", "daily", "5day", cityKey], query: [
            ("language", language), ("details", "true"), ("metric", "true"),
        ])
        let response = try await get(url)
        let forecast = try decodeSuccess(DailyForecastResponse.self, from: response, describePath: HTTPRequester.plainPath)
        return ForecastResponse(forecast: forecast, rateLimitRemaining: Self.rateLimitRemaining(response))
    }

    /// The next 12 hours: one call, made by the app only when a detail opens and the cached hours are old.
    public func hourlyForecast(cityKey: String, language: String) async throws(ServiceError) -> HourlyResponse? {
        let url = try http.url(path: ["forecasts", "v1", "hourly", "12hour", cityKey], query: [
            ("language", language), ("details", "true"), ("metric", "true"),
        ])
        let response = try await get(url)
        let hours = try decodeSuccess([AccuWeatherHourlyForecast].self, from: response, describePath: Self.hourPath)
        if hours.count > Self.hourlyHours {
            throw .unexpectedResponse(host: host, detail: "\(hours.count) hours for \(Self.hourlyHours) asked")
        }
        return HourlyResponse(hourly: HourlyForecastResponse(accuWeather: hours), rateLimitRemaining: Self.rateLimitRemaining(response))
    }

    /// Hours the hourly endpoint answers with.
    public static let hourlyHours = 12

    /// The URL of `path` under the base, as requests are sent (for tests and diagnostics).
    func makeURL(path segments: [String], query: [(String, String)]) throws(ServiceError) -> URL {
        try http.url(path: segments, query: query)
    }

    /// AccuWeather counts each request it answers, whatever the status, as one call.
    func get(_ url: URL) async throws(ServiceError) -> HTTPTransportResponse {
        let response = try await http.get(url, headers: [("Authorization", "Bearer \(apiKey)")])
        recordCalls?(1)
        return response
    }

    func decodeSuccess<T: Decodable>(
        _ type: T.Type, from response: HTTPTransportResponse, describePath: ([any CodingKey]) -> String
    ) throws(ServiceError) -> T {
        guard (200..<300).contains(response.statusCode) else { throw errorForStatus(response) }
        return try http.decodeJSON(T.self, from: response.body, describePath: describePath)
    }

    func errorForStatus(_ response: HTTPTransportResponse) -> ServiceError {
        let status = response.statusCode
        switch status {
        case 401, 403:
            return .unauthorized(status: status, keySource: keySource)
        case 429, 503:
            // A wait the server states is a limit that clears then; without one, the day's.
            if status == 429, let retryAfter = response.header("Retry-After"), let wait = RateLimitHold.waitAfter(retryAfter, now: now()) {
                return .rateLimited(reason: "request limit reached", status: status, until: now().addingTimeInterval(wait))
            }
            return .quotaExceeded
        default:
            if let body = try? JSONDecoder().decode(AccuWeatherErrorBody.self, from: response.body) {
                return .server(code: http.serverWords(body.code), message: http.serverWords(body.message), status: status)
            }
            return http.unexplainedStatus(response)
        }
    }

    static func rateLimitRemaining(_ response: HTTPTransportResponse) -> Int? {
        response.header("RateLimit-Remaining").flatMap { Int($0.trimmed) }
    }

    // MARK: - Describing what was wrong

    /// `city 3: Temperature.Metric missing` — 1-based like a person counts.
    static func cityPath(_ path: [any CodingKey]) -> String {
        HTTPRequester.ordinalPath(path, noun: "city")
    }

    /// `hour 3: Temperature.Value has the wrong type`.
    static func hourPath(_ path: [any CodingKey]) -> String {
        HTTPRequester.ordinalPath(path, noun: "hour")
    }
}
