import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport: one ephemeral `URLSession` per request, whose delegate counts body bytes.
///
/// `URLSession.bytes(for:)` does not exist in FoundationNetworking and `data(for:)` buffers
/// without limit, so the body is streamed through a delegate that stops the transfer past the cap.
public struct URLSessionTransport: HTTPTransport {
    public init() {}

    public func send(_ request: URLRequest, maxBodyBytes: Int) async throws -> HTTPTransportResponse {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = request.timeoutInterval
        let collector = BodyCollector(limit: maxBodyBytes)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: queue)
        let task = session.dataTask(with: request)
        collector.task = task
        // The session retains its delegate until invalidated: always invalidate.
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPTransportResponse, any Error>) in
                collector.install(continuation)
                if Task.isCancelled {
                    collector.abort(with: URLError(.cancelled), cancelTask: true)
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            // Resume the caller first: FoundationNetworking may take its time to stop the transfer.
            collector.abort(with: URLError(.cancelled), cancelTask: true)
        }
    }
}

/// Accumulates one response body up to a limit and resumes the waiting request exactly once.
private final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Guarded by `lock`: delegate callbacks and the cancelling task touch the same state.
    private let lock = NSLock()
    private let limit: Int
    private var body = Data()
    private var response: HTTPURLResponse?
    private var overLimit = false
    private var continuation: CheckedContinuation<HTTPTransportResponse, any Error>?
    private var pendingResult: Result<HTTPTransportResponse, any Error>?
    /// Set once before the task starts; cleared when it completes.
    var task: URLSessionTask? {
        get { lock.withLock { storedTask } }
        set { lock.withLock { storedTask = newValue } }
    }
    private var storedTask: URLSessionTask?

    init(limit: Int) {
        self.limit = limit
    }

    func install(_ continuation: CheckedContinuation<HTTPTransportResponse, any Error>) {
        lock.lock()
        if let pendingResult {
            lock.unlock()
            continuation.resume(with: pendingResult)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func finish(with result: Result<HTTPTransportResponse, any Error>) {
        lock.lock()
        guard pendingResult == nil else {
            lock.unlock()
            return
        }
        pendingResult = result
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(with: result)
    }

    /// Fails the request now; when `cancelTask`, also asks the task to stop.
    ///
    /// Past the body cap the task is deliberately NOT cancelled: FoundationNetworking on Linux
    /// (Swift 6.3) does not stop a body that is streaming when cancelled, and from then on buffers
    /// the rest in memory itself (a 256 MiB stream took the process to 316 MB). Left running, the
    /// transfer drains in the background through this delegate, which drops every byte, so memory
    /// stays bounded; the caller has its error at once either way.
    func abort(with error: any Error, cancelTask: Bool) {
        finish(with: .failure(error))
        if cancelTask {
            let task = lock.withLock { storedTask }
            task?.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        let tooLarge = response.expectedContentLength > Int64(limit)
        if tooLarge { overLimit = true }
        lock.unlock()
        // An announced oversize is refused before any body byte is read.
        completionHandler(tooLarge ? .cancel : .allow)
        if tooLarge { abort(with: HTTPTransportError.bodyTooLarge(limit: limit), cancelTask: false) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        if overLimit {
            lock.unlock()
            return
        }
        if body.count + data.count > limit {
            overLimit = true
            body = Data()
            lock.unlock()
            abort(with: HTTPTransportError.bodyTooLarge(limit: limit), cancelTask: false)
            return
        }
        body.append(data)
        lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let result: Result<HTTPTransportResponse, any Error>
        if overLimit {
            result = .failure(HTTPTransportError.bodyTooLarge(limit: limit))
        } else if let error {
            result = .failure(error)
        } else if let response = response ?? (task.response as? HTTPURLResponse) {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
            result = .success(HTTPTransportResponse(statusCode: response.statusCode, headers: headers, body: body))
        } else {
            result = .failure(URLError(.badServerResponse))
        }
        body = Data()
        storedTask = nil
        lock.unlock()
        finish(with: result)
    }
}
