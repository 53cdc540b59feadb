import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request and returns the response and its body, refusing bodies over a size.
/// `URLSessionTransport` is the live one; tests may substitute their own.
public protocol HTTPTransport: Sendable {
    /// Throws `URLError` for network failures and `TransportError.bodyTooLarge` past `maxBytes`.
    func send(_ request: URLRequest, maxBytes: Int) async throws -> (HTTPURLResponse, Data)
}

/// Failures of the transport itself that `URLError` has no code for.
public enum TransportError: Error, Equatable, Sendable {
    /// The body passed the size cap; the transfer was cancelled there.
    case bodyTooLarge(limit: Int)
    /// The server answered with something that is not HTTP.
    case notHTTP
}

/// URLSession with a streaming delegate, so the size cap holds even without `Content-Length`
/// and memory stays bounded; cancelling the Swift task cancels the transfer.
public struct URLSessionTransport: HTTPTransport {
    /// The idle timeout handed to URLSession; the client enforces the whole-request deadline itself.
    public var idleTimeout: TimeInterval

    public init(idleTimeout: TimeInterval = 60) {
        self.idleTimeout = idleTimeout
    }

    public func send(_ request: URLRequest, maxBytes: Int) async throws -> (HTTPURLResponse, Data) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let collector = BodyCollector(maxBytes: maxBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                collector.start(task, continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Collects one transfer's body up to a cap and resumes its continuation exactly once.
/// `@unchecked Sendable`: its state is guarded by `lock` (URLSession calls it on its own queue).
final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let maxBytes: Int
    private var body = Data()
    private var response: HTTPURLResponse?
    private var continuation: CheckedContinuation<(HTTPURLResponse, Data), Error>?
    private var finished = false

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<(HTTPURLResponse, Data), Error>) {
        lock.withLock { self.continuation = continuation }
        task.resume()
    }

    private func finish(_ result: Result<(HTTPURLResponse, Data), Error>) {
        let pending: CheckedContinuation<(HTTPURLResponse, Data), Error>? = lock.withLock {
            guard !finished else { return nil }
            finished = true
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(with: result)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(TransportError.notHTTP))
            completionHandler(.cancel)
            return
        }
        if http.expectedContentLength > Int64(maxBytes) {
            finish(.failure(TransportError.bodyTooLarge(limit: maxBytes)))
            completionHandler(.cancel)
            return
        }
        lock.withLock { self.response = http }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge: Bool = lock.withLock {
            body.append(data)
            if body.count > maxBytes {
                body = Data()  // let go of the memory at once
                return true
            }
            return false
        }
        if tooLarge {
            finish(.failure(TransportError.bodyTooLarge(limit: maxBytes)))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            finish(.failure(error))
            return
        }
        let (response, body) = lock.withLock { (self.response, self.body) }
        guard let response else {
            finish(.failure(TransportError.notHTTP))
            return
        }
        finish(.success((response, body)))
    }
}
