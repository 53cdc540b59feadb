import AsyncHTTPClient
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOSSL

/// The live transport, on swift-server's AsyncHTTPClient: the deadline, the body cap and
/// cancellation are the library's (the connection is closed when any of them stops a request),
/// gzip bodies are decompressed under the cap, and the environment's proxies are honoured.
///
/// One `HTTPClient` per proxy the requests need (at most three: direct, `https_proxy`, a SOCKS
/// `http_proxy`), made on first use, since AsyncHTTPClient applies one proxy per client. A plain
/// `http` request through an HTTP proxy goes to the proxy in absolute form instead
/// (`exchangeThroughProxy`), as curl sends it; `https` goes through a `CONNECT` tunnel.
/// The clients of `shared` live as long as the process and are never shut down, as
/// `HTTPClient.shared` is not: their event loops are NIO's process-wide singleton group, whose
/// threads do not hold the process at exit, so nothing needs a `syncShutdown` on the way out.
public final class AsyncHTTPTransport: HTTPTransport {
    /// The process's transport, proxies read from its environment at first use.
    public static let shared = AsyncHTTPTransport(proxies: ProxyEnvironment(environment: ProcessInfo.processInfo.environment))

    /// The proxies requests go through.
    public let proxies: ProxyEnvironment
    private let clients = NIOLockedValueBox<[ProxyEnvironment.Proxy?: HTTPClient]>([:])

    /// A transport of its own (tests); call `shutdown()` when done with it.
    public init(proxies: ProxyEnvironment) {
        self.proxies = proxies
    }

    /// Shuts down the clients made so far; for transports made by tests, never for `shared`.
    public func shutdown() async throws {
        let made = clients.withLockedValue { clients in
            defer { clients = [:] }
            return Array(clients.values)
        }
        for client in made { try await client.shutdown() }
    }

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        // swift-nio traps on an address whose port does not fit in 16 bits: no such port is reachable.
        if let port = request.url.port, !(0...65535).contains(port) { throw HTTPTransportError.unreachable }
        let nanoseconds = Int64(request.timeout * 1_000_000_000)
        let proxy = proxies.proxy(for: request.url)
        let exchange: @Sendable () async throws -> HTTPTransportResponse
        if let proxy, proxy.kind == .http, request.url.scheme?.lowercased() == "http" {
            exchange = { try await Self.exchangeThroughProxy(request, proxy: proxy, timeout: request.timeout) }
        } else {
            var built = HTTPClientRequest(url: request.url.absoluteString)
            built.method = .GET
            for field in request.headers { built.headers.replaceOrAdd(name: field.name, value: field.value) }
            let outgoing = built
            let client = client(for: proxy)
            let limit = request.maxBodyBytes
            let deadline = NIODeadline.now() + .nanoseconds(nanoseconds)
            exchange = { try await Self.exchange(outgoing, on: client, deadline: deadline, maxBodyBytes: limit) }
        }
        do {
            // AsyncHTTPClient's deadline ends at the response head; the body is streamed under the
            // same deadline by racing it, and cancelling the loser closes its connection.
            return try await withThrowingTaskGroup(of: HTTPTransportResponse?.self) { group in
                group.addTask {
                    try await exchange()
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(nanoseconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else {
                    throw HTTPTransportError.timedOut
                }
                return response
            }
        } catch {
            if Task.isCancelled { throw HTTPTransportError.cancelled }
            throw Self.transportError(for: error)
        }
    }

    /// Sends the request and collects the body up to the cap; throwing out of the body loop ends
    /// the body stream, which makes AsyncHTTPClient close the connection at once.
    private static func exchange(
        _ request: HTTPClientRequest, on client: HTTPClient, deadline: NIODeadline, maxBodyBytes: Int
    ) async throws -> HTTPTransportResponse {
        let response = try await client.execute(request, deadline: deadline)
        try refuseAnnouncedOversize(response.headers, maxBodyBytes: maxBodyBytes)
        var body = Data()
        do {
            for try await buffer in response.body {
                try append(buffer, to: &body, maxBodyBytes: maxBodyBytes)
            }
        } catch {
            throw bodyError(for: error)
        }
        return HTTPTransportResponse(statusCode: Int(response.status.code), headers: fields(response.headers), body: body)
    }

    /// An announced oversize is refused before any body byte is read.
    static func refuseAnnouncedOversize(_ headers: HTTPHeaders, maxBodyBytes: Int) throws {
        if let announced = headers.first(name: "Content-Length").flatMap({ Int($0) }), announced > maxBodyBytes {
            throw HTTPTransportError.bodyTooLarge(limit: maxBodyBytes)
        }
    }

    /// One more piece of the body, refused past the cap (which ends the transfer).
    static func append(_ buffer: ByteBuffer, to body: inout Data, maxBodyBytes: Int) throws {
        guard body.count + buffer.readableBytes <= maxBodyBytes else {
            throw HTTPTransportError.bodyTooLarge(limit: maxBodyBytes)
        }
        body.append(contentsOf: buffer.readableBytesView)
    }

    /// Header fields by lowercased name, the first of a repeated one kept.
    static func fields(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headers where fields[name.lowercased()] == nil {
            fields[name.lowercased()] = value
        }
        return fields
    }

    /// The client for one proxy setting, made on first use.
    private func client(for proxy: ProxyEnvironment.Proxy?) -> HTTPClient {
        clients.withLockedValue { clients in
            if let client = clients[proxy] { return client }
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.configuration(proxy: proxy))
            clients[proxy] = client
            return client
        }
    }

    /// Decompression bounded by the cap, no retries of a refused connection, the proxy if any.
    /// TLS is NIOSSL's default: the system's CA certificates (`/etc/ssl/certs` on Linux).
    static func configuration(proxy: ProxyEnvironment.Proxy?) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        // A gzip bomb fails inside the decompressor at the cap, so memory stays bounded by it.
        configuration.decompression = .enabled(limit: .size(HTTPRequester.maxBodyBytes))
        // A refused connection is an answer ("unreachable" now), not something to retry until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        // One request a connection. Requests are minutes apart, past any server's idle timeout, so
        // a kept connection is almost never reusable; one the server has closed fails the next
        // request, and asking again could ask twice a server that had counted the first (a call
        // against the quota). A new connection's failure is the answer: "cannot reach" at once
        // when the server is gone.
        configuration.maximumUsesPerConnection = 1
        // Neither API redirects: a 3xx comes back as it is (docs/spec.md §4), and no `Location`
        // is ever parsed, so none (a port past 65535, garbage) can reach the library's URL handling.
        configuration.redirectConfiguration = .disallow
        configuration.proxy = proxy.map { proxy in
            switch proxy.kind {
            case .http:
                return .server(
                    host: proxy.host, port: proxy.port,
                    authorization: proxy.credentials.map { .basic(username: $0.username, password: $0.password) }
                )
            case .socks5:
                return .socksServer(host: proxy.host, port: proxy.port)
            }
        }
        return configuration
    }

    /// An error met while the body streams: the server was reached and answered, so a closed
    /// connection is a body cut short, not an unreachable host.
    static func bodyError(for error: any Error) -> HTTPTransportError {
        switch transportError(for: error) {
        case .unreachable, .brokenResponse(detail: "connection closed without an answer"), .brokenResponse(detail: "answer cut short"):
            return .brokenResponse(detail: "body cut short")
        case let mapped:
            return mapped
        }
    }

    /// What was wrong with the HTTP the server sent, in a few words.
    static func describe(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidStatus, .invalidVersion, .invalidConstant, .lfExpected:
            return "malformed HTTP status line"
        case .invalidChunkSize:
            return "malformed chunked body"
        case .invalidContentLength, .unexpectedContentLength:
            return "malformed Content-Length"
        case .invalidEOFState, .closedConnection:
            return "answer cut short"
        case .headerOverflow:
            return "HTTP header too large"
        case .invalidHeaderToken, .invalidCharactersUsed:
            return "malformed HTTP header"
        default:
            return "malformed HTTP"
        }
    }

    /// AsyncHTTPClient's and SwiftNIO's errors as the transport's own.
    static func transportError(for error: any Error) -> HTTPTransportError {
        switch error {
        case let error as HTTPTransportError:
            return error
        case is CancellationError:
            return .cancelled
        case let error as HTTPClientError:
            switch error {
            case .cancelled:
                return .cancelled
            case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
                 .httpProxyHandshakeTimeout, .socksHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .timedOut
            case .remoteConnectionClosed:
                return .brokenResponse(detail: "connection closed without an answer")
            case .redirectLimitReached, .redirectCycleDetected:
                return .brokenResponse(detail: "redirect loop")
            default:
                return .unreachable
            }
        case ChannelError.connectTimeout:
            return .timedOut
        case let error as HTTPParserError:
            return .brokenResponse(detail: describe(error))
        case NIOHTTPDecompression.DecompressionError.limit:
            return .bodyTooLarge(limit: HTTPRequester.maxBodyBytes)
        case is NIOHTTPDecompression.DecompressionError:
            return .brokenResponse(detail: "body is not valid gzip")
        case let error as NIOHTTPDecompression.ExtraDecompressionError:
            return .brokenResponse(detail: error == .truncatedData ? "gzip body cut short" : "body is not valid gzip")
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return .certificateRejected(detail: "is for another host")
        case NIOSSLError.handshakeFailed(let reason):
            return String(describing: reason).contains("CERTIFICATE_VERIFY_FAILED")
                ? .certificateRejected(detail: "not trusted")
                : .unreachable
        default:
            return .unreachable
        }
    }
}
