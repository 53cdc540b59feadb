import Foundation
import FlyingFox
import FlyingSocks

/// A real HTTP server on 127.0.0.1 (FlyingFox) that answers with a closure and records request targets.
public final class LoopbackServer: Sendable {
    public let port: UInt16
    public let requests: RequestLog
    private let server: HTTPServer
    private let runTask: Task<Void, any Error>

    private init(port: UInt16, requests: RequestLog, server: HTTPServer, runTask: Task<Void, any Error>) {
        self.port = port
        self.requests = requests
        self.server = server
        self.runTask = runTask
    }

    /// Starts a server on a free port; `respond` builds each answer.
    public static func start(_ respond: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> LoopbackServer {
        TestEnvironment.prepare()
        let log = RequestLog()
        let server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: 0),
            logger: .disabled,
            handler: ClosureHTTPHandler { request in
                log.append(request.target.rawValue, authorization: request.headers[HTTPHeader("Authorization")])
                return try await respond(request)
            }
        )
        let runTask = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 120)  // its default, 5 s, is short for a loaded machine
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            await server.stop(timeout: 0)
            throw LoopbackServerError.noPort
        }
        return LoopbackServer(port: port, requests: log, server: server, runTask: runTask)
    }

    /// Answers every request with `status`, `headers` and `body`.
    public static func start(status: Int, headers: [String: String] = [:], body: Data) async throws -> LoopbackServer {
        var httpHeaders = HTTPHeaders()
        for (name, value) in headers { httpHeaders[HTTPHeader(name)] = value }
        let fixed = httpHeaders
        return try await start { _ in
            HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Status \(status)"), headers: fixed, body: body)
        }
    }

    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    public func stop() async {
        await server.stop(timeout: 0)
        runTask.cancel()
    }
}

public enum LoopbackServerError: Error {
    case noPort
}

/// Request targets (`/path?query`) and `Authorization` headers in the order the server saw them.
public final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var targets: [String] = []
    private var authorizationHeaders: [String?] = []

    public func append(_ target: String, authorization: String?) {
        lock.lock()
        targets.append(target)
        authorizationHeaders.append(authorization)
        lock.unlock()
    }

    /// Each request's `Authorization` header, nil where it had none.
    public var authorizations: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return authorizationHeaders
    }

    public var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return targets
    }
}

/// Process-wide test set-up: loopback requests must never go through a proxy.
public enum TestEnvironment {
    private static let prepared: Bool = {
        setenv("no_proxy", "127.0.0.1,localhost", 1)
        setenv("NO_PROXY", "127.0.0.1,localhost", 1)
        return true
    }()

    public static func prepare() {
        _ = prepared
    }
}
