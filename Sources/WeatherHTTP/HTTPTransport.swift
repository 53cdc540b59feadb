import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

/// Transport failures that are not `URLError`s.
public enum HTTPTransportError: Error, Equatable, Sendable {
    /// The body (announced or received) grew past the cap; the transfer was stopped there.
    case bodyTooLarge(limit: Int)
}

/// Sends one HTTP request; the client wraps it with its deadline, so tests can inject a fake.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; throws `URLError` for network failures, `HTTPTransportError.bodyTooLarge`
    /// past `maxBodyBytes` (without holding more than that in memory), and honours task cancellation.
    func send(_ request: URLRequest, maxBodyBytes: Int) async throws -> HTTPTransportResponse
}
