import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WeatherModels

/// The live AccuWeather client: builds the SPEC §4 URLs, holds one deadline per request,
/// caps the body, and turns every failure into an `AccuWeatherError` with the key redacted.
public struct AccuWeatherClient: WeatherService {
    /// AccuWeather's public API.
    public static let defaultBaseURL = URL(string: "https://dataservice.accuweather.com")!
    /// Largest body accepted; past it the answer is refused at once and further bytes are dropped.
    public static let maxBodyBytes = 8 << 20
    /// Deadline used when the one given is not a positive finite number of seconds.
    public static let defaultTimeout: Double = 15

    /// Where the API lives; a path prefix (a proxy's `/accu/`) is kept.
    public let baseURL: URL
    /// The one deadline of a whole request (connect, headers, body), in seconds.
    public let timeout: Double
    private let apiKey: String
    private let transport: any HTTPTransport

    public init(baseURL: URL = AccuWeatherClient.defaultBaseURL, apiKey: String, timeout: Double = 15, transport: any HTTPTransport = URLSessionTransport()) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        // Capped at a day so the nanoseconds of the deadline sleep cannot overflow.
        self.timeout = timeout.isFinite && timeout > 0 ? min(timeout, 86_400) : Self.defaultTimeout
        self.transport = transport
    }

    /// The server's host name (with the port when the base URL names one), as shown in error messages.
    public var host: String {
        guard let name = baseURL.host else { return Redaction.redact(baseURL.absoluteString, apiKey: apiKey) }
        return Redaction.redact(baseURL.port.map { "\(name):\($0)" } ?? name, apiKey: apiKey)
    }

    public func topCities(count: Int, language: String) async throws(AccuWeatherError) -> TopCitiesResponse {
        let url = try makeURL(path: ["currentconditions", "v1", "topcities", String(count)], query: [
            ("apikey", apiKey), ("language", language), ("details", "true"),
        ])
        let response = try await perform(url)
        let cities = try decodeSuccess([CityWeather].self, from: response, describePath: Self.cityPath)
        if cities.count > count {
            throw .unexpectedResponse(host: host, detail: "\(cities.count) cities for \(count) asked")
        }
        return TopCitiesResponse(cities: cities, rateLimitRemaining: Self.rateLimitRemaining(response))
    }

    public func dailyForecast(cityKey: String, language: String) async throws(AccuWeatherError) -> ForecastResponse {
        let url = try makeURL(path: ["forecasts", "v1", "daily", "5day", cityKey], query: [
            ("apikey", apiKey), ("language", language), ("details", "true"), ("metric", "true"),
        ])
        let response = try await perform(url)
        let forecast = try decodeSuccess(DailyForecastResponse.self, from: response, describePath: Self.plainPath)
        return ForecastResponse(forecast: forecast, rateLimitRemaining: Self.rateLimitRemaining(response))
    }

    // MARK: - Request

    /// Appends percent-encoded path segments to the base URL's own path (so `https://proxy/accu/` works).
    func makeURL(path segments: [String], query: [(String, String)]) throws(AccuWeatherError) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw .unreachable(host: host)
        }
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let encodedSegments = segments.map { $0.addingPercentEncoding(withAllowedCharacters: Self.segmentAllowed) ?? "" }
        components.percentEncodedPath = prefix + "/" + encodedSegments.joined(separator: "/")
        components.percentEncodedQuery = query.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: Self.queryValueAllowed) ?? "")
        }.joined(separator: "&")
        components.fragment = nil
        guard let url = components.url else { throw .unreachable(host: host) }
        return url
    }

    private static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;"))
    private static let queryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#?/"))

    /// Marker thrown by the deadline task of the race.
    private struct DeadlinePassed: Error {}

    /// Runs the request against the deadline; whichever finishes first wins and the other is cancelled.
    private func perform(_ url: URL) async throws(AccuWeatherError) -> HTTPTransportResponse {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // URLSession's idle timeout is only a backstop; the race below is the real deadline.
        request.timeoutInterval = timeout + 1
        let finalRequest = request
        let transport = self.transport
        let timeout = self.timeout
        let limit = Self.maxBodyBytes
        do {
            return try await withThrowingTaskGroup(of: HTTPTransportResponse?.self) { group in
                group.addTask { try await transport.send(finalRequest, maxBodyBytes: limit) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else {
                    throw DeadlinePassed()
                }
                return response
            }
        } catch {
            throw mapTransportError(error)
        }
    }

    private func mapTransportError(_ error: any Error) -> AccuWeatherError {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        switch error {
        case is DeadlinePassed:
            return .timedOut(host: host, seconds: timeout)
        case HTTPTransportError.bodyTooLarge(let limit):
            return .unexpectedResponse(host: host, detail: "body larger than \(limit >> 20) MiB")
        case let urlError as URLError:
            switch urlError.code {
            case .cancelled: return .cancelled
            case .timedOut: return .timedOut(host: host, seconds: timeout)
            default: return .unreachable(host: host)
            }
        default:
            return .unreachable(host: host)
        }
    }

    // MARK: - Response

    private func decodeSuccess<T: Decodable>(
        _ type: T.Type, from response: HTTPTransportResponse, describePath: ([any CodingKey]) -> String
    ) throws(AccuWeatherError) -> T {
        let status = response.statusCode
        guard (200..<300).contains(status) else { throw errorForStatus(response) }
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch let error as DecodingError {
            throw .unexpectedResponse(host: host, detail: redact(Self.describe(error, body: response.body, describePath: describePath)))
        } catch {
            throw .unexpectedResponse(host: host, detail: redact(BodySniffer.notJSONDetail(response.body)))
        }
    }

    private func errorForStatus(_ response: HTTPTransportResponse) -> AccuWeatherError {
        let status = response.statusCode
        switch status {
        case 401, 403:
            return .unauthorized(status: status)
        case 429, 503:
            return .quotaExceeded
        default:
            if let body = try? JSONDecoder().decode(AccuWeatherErrorBody.self, from: response.body) {
                return .server(code: redact(Self.clip(body.code)), message: redact(Self.clip(body.message)), status: status)
            }
            return .unexpectedResponse(host: host, detail: "HTTP \(status)\(BodySniffer.statusBodySuffix(response.body))")
        }
    }

    private func redact(_ text: String) -> String {
        Redaction.redact(text, apiKey: apiKey)
    }

    /// The server's words as one printable line of at most 200 characters: line breaks and tabs
    /// become spaces and other controls (C0, DEL, C1) U+FFFD, so a message shown in the banner
    /// or on stderr cannot drive the terminal.
    private static func clip(_ text: String) -> String {
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: line.append(" ")
            case 0..<0x20, 0x7F...0x9F: line.append("\u{FFFD}")
            default: line.append(scalar)
            }
        }
        let oneLine = String(line)
        return oneLine.count > 200 ? String(oneLine.prefix(199)) + "…" : oneLine
    }

    static func rateLimitRemaining(_ response: HTTPTransportResponse) -> Int? {
        response.header("RateLimit-Remaining").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    // MARK: - Describing what was wrong

    /// `city 3: Temperature.Metric missing` — 1-based like a person counts.
    static func cityPath(_ path: [any CodingKey]) -> String {
        guard let first = path.first, let index = first.intValue else { return plainPath(path) }
        let rest = plainPath(Array(path.dropFirst()))
        return rest.isEmpty ? "city \(index + 1)" : "city \(index + 1): \(rest)"
    }

    /// `DailyForecasts[2].Temperature`.
    static func plainPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    static func describe(_ error: DecodingError, body: Data, describePath: ([any CodingKey]) -> String) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(describePath(context.codingPath + [key])) missing"
        case .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "empty body" : "\(describePath(context.codingPath)) is null"
        case .typeMismatch(_, let context):
            if context.codingPath.isEmpty {
                return "unexpected JSON shape: \(BodySniffer.topLevelKind(body))"
            }
            return "\(describePath(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return BodySniffer.notJSONDetail(body) }
            return "\(describePath(context.codingPath)) is invalid"
        @unknown default:
            return "undecodable JSON"
        }
    }
}
