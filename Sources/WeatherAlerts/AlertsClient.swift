#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

/// One official alerts source (docs/spec.md §4 "Official alerts"): one `GET` for one place's
/// alerts in force, with the `User-Agent` every one of them asks for. No key; every failure
/// becomes a `ServiceError` in words.
public struct AlertsClient: Sendable {
    /// The least time between two requests for one place to one source: MET Norway's terms ask
    /// it of MetAlerts, and the others' alerts change no faster.
    public static let minimumSpacing: TimeInterval = 600
    /// The longest a source's `Cache-Control` or `Expires` may put the next request off.
    public static let maximumFreshness: TimeInterval = 3_600

    public let source: AlertSource
    private let http: HTTPRequester
    private let userAgent: String
    /// The clock a 429's wait and an answer's freshness are counted from.
    private let now: @Sendable () -> Date

    /// `userAgent` names the program and a contact (`AlertsClient.userAgent(version:contact:)`).
    public init(source: AlertSource, baseURL: URL, userAgent: String, timeout: Double = HTTPRequester.defaultTimeout,
                transport: any HTTPTransport = SharedHTTPTransport(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.source = source
        self.http = HTTPRequester(baseURL: baseURL, timeout: timeout, transport: transport)
        self.userAgent = userAgent
        self.now = now
    }

    /// What the sources ask a client to send: the program, its version and how to reach its
    /// maintainers (api.weather.gov and api.met.no refuse a request without one with a 403).
    public static func userAgent(version: String, contact: String) -> String {
        "weather-tui/\(version) (\(contact))"
    }

    /// The server's host (with the port when the base URL names one), as shown in error messages.
    public var host: String { http.host }

    /// The alerts in force at the coordinate, and until when the source's answer holds.
    public func alerts(latitude: Double, longitude: Double) async throws(ServiceError) -> AlertsAnswer {
        var headers = [("User-Agent", userAgent)]
        // The NWS answers GeoJSON to a client that asks for it, JSON-LD otherwise.
        if source == .nws { headers.append(("Accept", "application/geo+json")) }
        let response = try await http.get(try url(latitude: latitude, longitude: longitude), headers: headers)
        let answeredAt = now()
        guard (200..<300).contains(response.statusCode) else { throw error(response, answeredAt: answeredAt) }
        let decoded = try Self.decode(response.body, source: source, by: http)
        return AlertsAnswer(
            alerts: decoded.alerts, notices: decoded.notices,
            freshUntil: answeredAt.addingTimeInterval(Self.freshness(of: response, now: answeredAt))
        )
    }

    /// One source's answer decoded; public for the fuzz targets.
    public static func decode(_ body: Data, source: AlertSource, by http: HTTPRequester) throws(ServiceError) -> DecodedAlerts {
        switch source {
        case .nws: try NWSAlerts.decode(body, by: http)
        case .metNorway: try METAlerts.decode(body, by: http)
        case .brightSky: try BrightSkyAlerts.decode(body, by: http)
        case .accuWeather: try AccuWeatherAlerts.decode(body, by: http)
        }
    }

    /// The request for one place, as each source documents it.
    func url(latitude: Double, longitude: Double) throws(ServiceError) -> URL {
        // Four decimals (about 11 m): MET Norway refuses more, and none needs more.
        let lat = Self.coordinate(latitude), lon = Self.coordinate(longitude)
        switch source {
        case .nws: return try http.url(path: ["alerts", "active"], query: [("point", "\(lat),\(lon)")])
        case .metNorway:
            return try http.url(path: ["weatherapi", "metalerts", "2.0", "current.json"], query: [("lat", lat), ("lon", lon), ("lang", "en")])
        case .brightSky: return try http.url(path: ["alerts"], query: [("lat", lat), ("lon", lon)])
        case .accuWeather:
            // Asked by location key, with the key: `AccuWeatherClient.alerts(locationKey:language:)`.
            throw .unexpectedResponse(host: http.host, detail: "AccuWeather's alerts are asked through its own client")
        }
    }

    /// A coordinate with at most four decimals, no trailing zeros (`52.5177`, `-70.659`).
    static func coordinate(_ value: Double) -> String {
        var text = value.fixed(4)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// How long an answer holds: the source's `Cache-Control: max-age` or `Expires`, never less
    /// than the ten minutes between requests, nor more than an hour.
    public static func freshness(of response: HTTPTransportResponse, now: Date) -> TimeInterval {
        var stated: TimeInterval?
        if let control = response.header("Cache-Control")?.lowercased() {
            for directive in control.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
                if parts.first == "max-age", parts.count == 2, let seconds = Int(parts[1].prefix(9)), seconds >= 0 {
                    stated = TimeInterval(seconds)
                }
            }
        }
        if stated == nil, let expires = response.header("Expires") {
            stated = RateLimitHold.waitAfter(expires, now: now)
        }
        return min(max(stated ?? 0, minimumSpacing), maximumFreshness)
    }

    /// An error status in words: a 429's hold, a 403's likely cause, the server's own `detail`
    /// or `title` (the NWS's problem+json) where it gave them.
    private func error(_ response: HTTPTransportResponse, answeredAt: Date) -> ServiceError {
        let status = response.statusCode
        let body = try? JSONDecoder().decode(ProblemBody.self, from: response.body)
        let reason = (body?.detail ?? body?.title).map(http.serverWords)
        switch status {
        case 429:
            let until = RateLimitHold.until(retryAfter: response.header("Retry-After"), reason: nil, answeredAt: answeredAt)
            return .rateLimited(reason: reason ?? "request limit reached, try again later", status: status, until: until)
        case 403:
            return .rejected(reason: reason ?? "refused: the source asks for a User-Agent naming the program and a contact", status: status)
        case 404 where source == .brightSky:
            return .rejected(reason: reason ?? "the place is outside the Deutscher Wetterdienst's warning cells", status: status)
        default:
            if let reason { return .rejected(reason: reason, status: status) }
            return http.unexplainedStatus(response)
        }
    }
}

/// An error body as the NWS sends it (RFC 7807 problem details); Bright Sky's has `detail` too.
private struct ProblemBody: Decodable {
    let title: String?
    let detail: String?
}

