#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport

/// What every source's client needs of HTTP: its URLs under a base (a proxy's path prefix kept),
/// one deadline per request, the body cap, and every failure as a `ServiceError` in words,
/// with the secret (an API key) removed from anything a person could read.
public struct HTTPRequester: Sendable {
    /// Largest body accepted (after decompression); past it the transfer stops and the connection closes.
    public static let maxBodyBytes = 8 << 20
    /// Deadline used when the one given is not a positive finite number of seconds.
    public static let defaultTimeout: Double = 15

    /// Where the API lives; a path prefix (a proxy's `/accu/`) is kept.
    public let baseURL: URL
    /// The one deadline of a whole request (connect, headers, body), in seconds.
    public let timeout: Double
    private let secret: String?
    private let transport: any HTTPTransport

    public init(baseURL: URL, timeout: Double, secret: String? = nil, transport: any HTTPTransport) {
        self.baseURL = baseURL
        // Capped at a day so the nanoseconds of the deadline sleep cannot overflow.
        self.timeout = timeout.isFinite && timeout > 0 ? min(timeout, 86_400) : Self.defaultTimeout
        self.secret = secret
        self.transport = transport
    }

    /// The server's host name (with the port when the base URL names one), as shown in error messages.
    public var host: String { Self.host(of: baseURL, secret: secret) }

    /// The host of `url` (with the port when it names one), `secret` removed, as messages name it.
    public static func host(of url: URL, secret: String?) -> String {
        let name = url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? url.absoluteString
        return Redaction.redact(name, apiKey: secret)
    }

    /// Appends percent-encoded path segments to the base URL's own path (so `https://proxy/accu/` works).
    public func url(path segments: [String], query: [(String, String)]) throws(ServiceError) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw .unreachable(host: host)
        }
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let encodedSegments = segments.map { PercentEncoding.encode($0, keeping: PercentEncoding.pathSegment) }
        components.percentEncodedPath = prefix + "/" + encodedSegments.joined(separator: "/")
        components.percentEncodedQuery = query.map { name, value in
            name + "=" + PercentEncoding.encode(value, keeping: PercentEncoding.queryValue)
        }.joined(separator: "&")
        components.fragment = nil
        guard let url = components.url else { throw .unreachable(host: host) }
        return url
    }


    /// `GET url` with `headers` under the one deadline; any status but a redirect comes back as a
    /// response, and transport failures throw. The transport enforces the deadline and the cap itself.
    /// Neither source redirects, so a 3xx (a captive portal, a misconfigured proxy) is an
    /// unexpected response, whatever its `Location` says (docs/spec.md §4).
    public func get(_ url: URL, headers: [(String, String)] = []) async throws(ServiceError) -> HTTPTransportResponse {
        let fields = [(name: "Accept", value: "application/json")] + headers.map { (name: $0.0, value: $0.1) }
        let request = HTTPTransportRequest(url: url, headers: fields, timeout: timeout, maxBodyBytes: Self.maxBodyBytes)
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw mapTransportError(error)
        }
        if (300..<400).contains(response.statusCode) {
            throw .unexpectedResponse(host: host, detail: "HTTP \(response.statusCode): redirects are not followed")
        }
        return response
    }

    private func mapTransportError(_ error: any Error) -> ServiceError {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        switch error as? HTTPTransportError {
        case .timedOut?:
            return .timedOut(host: host, seconds: timeout)
        case .bodyTooLarge(let limit)?:
            return .unexpectedResponse(host: host, detail: "body larger than \(limit >> 20) MiB")
        case .certificateRejected(let detail)?:
            return .certificateRejected(host: host, detail: redact(detail))
        case .cancelled?:
            return .cancelled
        case .brokenResponse(let detail)?:
            return .unexpectedResponse(host: host, detail: detail)
        case .refusedByGate?:
            return .unexpectedResponse(host: host, detail: "not sent: the request had no leave from the source's gate")
        case .unreachable?, nil:
            return .unreachable(host: host)
        }
    }

    /// A success body decoded as `T`; what was wrong with it otherwise, in words.
    public func decodeJSON<T: Decodable>(
        _ type: T.Type, from body: Data, describePath: ([any CodingKey]) -> String = HTTPRequester.plainPath
    ) throws(ServiceError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch let error as DecodingError {
            throw .unexpectedResponse(host: host, detail: redact(Self.describe(error, body: body, describePath: describePath)))
        } catch {
            throw .unexpectedResponse(host: host, detail: redact(BodySniffer.notJSONDetail(body)))
        }
    }

    /// An error status whose body the source did not explain: `HTTP 500 with an HTML page`.
    public func unexplainedStatus(_ response: HTTPTransportResponse) -> ServiceError {
        .unexpectedResponse(host: host, detail: "HTTP \(response.statusCode)\(BodySniffer.statusBodySuffix(response.body))")
    }

    /// The server's own words, redacted and clipped to one printable line.
    public func serverWords(_ text: String) -> String {
        redact(Self.clip(text))
    }

    private func redact(_ text: String) -> String {
        Redaction.redact(text, apiKey: secret)
    }

    /// The server's words as one printable line of at most 200 characters: line breaks and tabs
    /// become spaces, and what else could drive the terminal U+FFFD (`TerminalText`), so a message
    /// shown in the banner or on stderr cannot.
    static func clip(_ text: String) -> String {
        let oneLine = TerminalText.printable(text, breaks: .space)
        return oneLine.count > 200 ? String(oneLine.prefix(199)) + "…" : oneLine
    }

    /// `city 3 (Beijing): Temperature.Metric missing` for a path into a list of `noun`s, counted
    /// from 1 as a person counts, with the element's `name` where one is known; else `plainPath`.
    public static func ordinalPath(_ path: [any CodingKey], noun: String, name: (Int) -> String? = { _ in nil }) -> String {
        guard let first = path.first, let index = first.intValue else { return plainPath(path) }
        let label = "\(noun) \(index + 1)" + (name(index).map { " (\($0))" } ?? "")
        let rest = plainPath(Array(path.dropFirst()))
        return rest.isEmpty ? label : "\(label): \(rest)"
    }

    /// `DailyForecasts[2].Temperature`.
    public static func plainPath(_ path: [any CodingKey]) -> String {
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
