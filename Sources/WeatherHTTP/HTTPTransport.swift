#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One GET as a transport sends it: our own value, so the protocol needs no FoundationNetworking.
public struct HTTPTransportRequest: Sendable {
    /// The absolute URL asked for.
    public var url: URL
    /// Header fields in order; a later field replaces an earlier one of the same name.
    public var headers: [(name: String, value: String)]
    /// The one deadline of the whole exchange (connect, headers, body), in seconds.
    public var timeout: Double
    /// Largest body accepted, counted after decompression.
    public var maxBodyBytes: Int

    public init(url: URL, headers: [(name: String, value: String)] = [], timeout: Double, maxBodyBytes: Int) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }
}

/// What came back for one HTTP request: status, headers (names lowercased) and the whole body.
public struct HTTPTransportResponse: Equatable, Sendable {
    public var statusCode: Int
    /// Header fields keyed by lowercased name, so lookups do not depend on the server's casing.
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int, headers: [String: String], body: Data) {
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of a header field, whatever its casing.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// Every way a transport fails, in terms that do not depend on the HTTP library underneath.
public enum HTTPTransportError: Error, Equatable, Sendable {
    /// No route, DNS failure or connection refused.
    case unreachable
    /// The server answered, but not in HTTP a client can read: a malformed status line, header or
    /// chunk, a body cut short of its `Content-Length`, a body that is not the gzip it is said to
    /// be; `detail` says which in a few words.
    case brokenResponse(detail: String)
    /// The request's deadline passed before the whole body arrived.
    case timedOut
    /// The body (announced, received or decompressed) grew past the cap; the transfer was stopped there.
    case bodyTooLarge(limit: Int)
    /// The server's TLS certificate was refused; `detail` says why in a few words (`not trusted`).
    case certificateRejected(detail: String)
    /// The calling task was cancelled.
    case cancelled
    /// Not sent: the request ran under no leave from its source's gate (`GatedTransport`).
    case refusedByGate
}

/// Sends one HTTP request; the live one is `AsyncHTTPTransport`, tests inject fakes.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns any status as a response. Enforces `request.timeout` and
    /// `request.maxBodyBytes` itself (never holding more than the cap), stops at once when the
    /// calling task is cancelled, and throws `HTTPTransportError` for every failure.
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse
}
