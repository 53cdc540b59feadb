import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WeatherModels

/// The live AccuWeather client: one request per call, one deadline for the whole request, a
/// bounded body, typed errors in words a person understands, and the key never in any of them.
public struct AccuWeatherClient: WeatherService {
    public static let defaultBaseURL = URL(string: "https://dataservice.accuweather.com")!
    /// Bodies larger than this are refused (8 MiB: a 150-city feed is about 1 MiB).
    public static let maxBodyBytes = 8 * 1024 * 1024

    public let baseURL: URL
    private let apiKey: String
    /// Whole-request deadline, seconds.
    public let timeout: Double
    private let transport: any HTTPTransport

    public init(baseURL: URL = AccuWeatherClient.defaultBaseURL, apiKey: String, timeout: Double = 15,
                transport: any HTTPTransport = URLSessionTransport()) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
        self.transport = transport
    }

    /// The host named in messages (`dataservice.accuweather.com`, `127.0.0.1:8765`).
    public var host: String {
        guard let host = baseURL.host else { return baseURL.absoluteString }
        return baseURL.port.map { "\(host):\($0)" } ?? host
    }

    public func topCities(count: Int, language: String) async throws(AccuWeatherError) -> TopCitiesResponse {
        let url = makeURL(path: "currentconditions/v1/topcities/\(count)", query: [
            ("apikey", apiKey), ("language", language), ("details", "true"),
        ])
        let (rateLimit, body) = try await fetch(url)
        let cities: [CityWeather] = try decode([CityWeather].self, from: body, itemName: "city")
        guard cities.count <= count else {
            throw .unexpectedResponse(host: host, detail: "\(cities.count) cities for a request of \(count)")
        }
        return TopCitiesResponse(cities: cities, rateLimitRemaining: rateLimit)
    }

    public func dailyForecast(cityKey: String, language: String) async throws(AccuWeatherError) -> ForecastResponse {
        let key = cityKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cityKey
        let url = makeURL(path: "forecasts/v1/daily/5day/\(key)", query: [
            ("apikey", apiKey), ("language", language), ("details", "true"), ("metric", "true"),
        ])
        let (rateLimit, body) = try await fetch(url)
        let forecast = try decode(DailyForecastResponse.self, from: body, itemName: "day")
        return ForecastResponse(forecast: forecast, rateLimitRemaining: rateLimit)
    }

    // MARK: request

    func makeURL(path: String, query: [(String, String)]) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var components = URLComponents(string: base + "/" + path) ?? URLComponents()
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        // URLComponents leaves "+" alone in query values; a key holding one must not turn into a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? baseURL
    }

    /// The request raced against the deadline; status codes mapped to typed errors.
    func fetch(_ url: URL) async throws(AccuWeatherError) -> (rateLimit: Int?, body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        request.timeoutInterval = max(timeout, 1)
        let finalRequest = request
        let client = self
        let outcome: Outcome = await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                do {
                    let (response, body) = try await client.transport.send(finalRequest, maxBytes: Self.maxBodyBytes)
                    return .answered(response.statusCode, response.value(forHTTPHeaderField: "RateLimit-Remaining"), body)
                } catch {
                    return .failed(client.map(error))
                }
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(client.timeout * 1_000_000_000))
                return Task.isCancelled ? nil : .failed(.timedOut(host: client.host, seconds: client.timeout))
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failed(.cancelled)
        }
        switch outcome {
        case .answered(let status, let rateLimit, let body):
            try check(status: status, body)
            return (Self.parseRateLimit(rateLimit), body)
        case .failed(let error):
            throw error
        }
    }

    /// What the race between the request and the deadline ended with (Sendable across tasks).
    enum Outcome: Sendable {
        case answered(Int, String?, Data)
        case failed(AccuWeatherError)
    }

    func map(_ error: Error) -> AccuWeatherError {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        if let transportError = error as? TransportError {
            switch transportError {
            case .bodyTooLarge(let limit): return .unexpectedResponse(host: host, detail: "body larger than \(limit / 1024 / 1024) MiB")
            case .notHTTP: return .unexpectedResponse(host: host, detail: "not an HTTP response")
            }
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: return .cancelled
            case .timedOut: return .timedOut(host: host, seconds: timeout)
            case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .networkConnectionLost,
                 .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
                return .unreachable(host: host)
            default:
                return .unexpectedResponse(host: host, detail: redact(urlError.localizedDescription))
            }
        }
        let ns = error as NSError
        if ns.domain == NSURLErrorDomain {
            return map(URLError(URLError.Code(rawValue: ns.code) ?? .unknown))
        }
        return .unexpectedResponse(host: host, detail: redact(ns.localizedDescription))
    }

    func check(status: Int, _ body: Data) throws(AccuWeatherError) {
        switch status {
        case 200..<300: return
        case 401, 403: throw .unauthorized(status: status)
        case 429, 503: throw .quotaExceeded
        default:
            if let error = try? JSONDecoder().decode(AccuWeatherErrorBody.self, from: body) {
                throw .server(code: redact(error.code), message: redact(error.message), status: status)
            }
            throw .unexpectedResponse(host: host, detail: "HTTP \(status)\(Self.looksLikeHTML(body) ? " with an HTML page" : "")")
        }
    }

    // MARK: decoding

    func decode<T: Decodable>(_ type: T.Type, from body: Data, itemName: String) throws(AccuWeatherError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw .unexpectedResponse(host: host, detail: describe(error, body: body, itemName: itemName))
        }
    }

    /// What was wrong with a body, in a few words.
    func describe(_ error: Error, body: Data, itemName: String) -> String {
        if body.isEmpty { return "empty body" }
        if Self.looksLikeHTML(body) { return "an HTML page instead of JSON" }
        guard (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil else {
            let first = body.first { !" \t\r\n".utf8.contains($0) }
            return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? "truncated or malformed JSON" : "not JSON"
        }
        guard let decoding = error as? DecodingError else { return "unreadable JSON" }
        func place(_ path: [CodingKey]) -> String {
            var parts: [String] = []
            for key in path {
                if let index = key.intValue { parts.append("\(itemName) \(index + 1)") } else { parts.append(key.stringValue) }
            }
            return parts.joined(separator: " ")
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            let at = place(context.codingPath)
            return (at.isEmpty ? "" : at + ": ") + "\(key.stringValue) missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let at = place(context.codingPath)
            return at.isEmpty ? "JSON of the wrong shape" : "\(at) has the wrong type"
        case .dataCorrupted(let context):
            let at = place(context.codingPath)
            return at.isEmpty ? "malformed JSON" : "\(at) is malformed"
        @unknown default:
            return "unreadable JSON"
        }
    }

    static func looksLikeHTML(_ body: Data) -> Bool {
        let head = String(decoding: body.prefix(512), as: UTF8.self).lowercased()
        return head.contains("<html") || head.contains("<!doctype html") || head.contains("<head") || head.contains("<body")
    }

    static func parseRateLimit(_ text: String?) -> Int? {
        guard let text else { return nil }
        return Int(text.trimmingCharacters(in: .whitespaces))
    }

    func redact(_ text: String) -> String { Redaction.redact(text, apiKey: apiKey) }
}
