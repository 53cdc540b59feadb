import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP

/// A transport of the test's own, shut down after `body` whatever happens.
func withTransport<T>(
    _ proxies: ProxyEnvironment = .direct, _ body: (AsyncHTTPTransport) async throws -> T
) async throws -> T {
    TestEnvironment.prepare()
    let transport = AsyncHTTPTransport(proxies: proxies)
    do {
        let result = try await body(transport)
        try await transport.shutdown()
        return result
    } catch {
        try? await transport.shutdown()
        throw error
    }
}

/// `GET base/path?q=1` through `HTTPRequester` on `transport`: the response, or the error with
/// the test server's port written as `PORT`.
func fetch(
    _ base: URL, path: [String] = ["x"], timeout: Double = 60, transport: any HTTPTransport, port: UInt16? = nil
) async -> Result<HTTPTransportResponse, ServiceError> {
    let requester = HTTPRequester(baseURL: base, timeout: timeout, transport: transport)
    do {
        return .success(try await requester.get(try requester.url(path: path, query: [("q", "1")])))
    } catch {
        return .failure(port.flatMap { normalized(error, port: $0) } ?? error)
    }
}

extension Result {
    /// The failure, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Seconds taken by `operation`.
func seconds<T>(_ operation: () async throws -> T) async rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try await operation()
    let elapsed = ContinuousClock.now - start
    return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

/// An HTTP/1.1 answer as exact bytes: head, then `body`.
func rawResponse(status: String = "200 OK", headers: [String] = [], body: [UInt8]) -> [UInt8] {
    let head = (["HTTP/1.1 \(status)", "Content-Length: \(body.count)", "Connection: close"] + headers)
        .joined(separator: "\r\n") + "\r\n\r\n"
    return Array(head.utf8) + body
}
