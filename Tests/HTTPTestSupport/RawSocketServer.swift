import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny blocking POSIX server on 127.0.0.1 for what FlyingFox cannot misbehave at:
/// never answering, dripping bytes, streaming a body without `Content-Length`, answering with
/// exact bytes (a gzip body, a proxy's reply). It records each request head and sees
/// when the client closes a connection first.
public final class RawSocketServer: @unchecked Sendable {
    /// What to do with each connection once its request head has been read.
    public enum Behaviour: Sendable {
        /// Read the request, then say nothing until stopped.
        case neverAnswer
        /// Send `head` and one body byte, then one more every `interval` seconds until stopped.
        case drip(head: String, interval: Double)
        /// Send `head`, then `chunk`-sized blocks of `filler` until `total` bytes or the peer goes away.
        case stream(head: String, filler: UInt8, total: Int)
        /// Send `response` (head and body, exact bytes), then close.
        case answer(response: [UInt8])
        /// Send `response` (a kept-alive answer), then, at the next request on the same connection,
        /// stop listening and close it unanswered: a server that went away under a kept connection.
        case answerThenVanish(response: [UInt8])
    }

    public let port: UInt16
    private let listener: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var stopped = false
    /// Whether `listener` is still this server's: once the accept loop has closed it, its number
    /// may already belong to another socket of the process (a client's connection in a test
    /// running alongside), which a late `shutdown` would cut.
    private var listening = true
    /// Signalled once the accept loop has closed the listener.
    private let listenerClosed = DispatchSemaphore(value: 0)
    private var connections: [Int32] = []
    private var sentBytes = 0
    private var peerClosures = 0
    private var heads: [String] = []

    public init(_ behaviour: Behaviour) throws {
        TestEnvironment.prepare()
        self.behaviour = behaviour
        let fd = try Self.loopbackSocket()
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard Self.bindToAnyLoopbackPort(fd), listen(fd, 8) == 0 else {
            close(fd)
            throw RawSocketError.bind
        }
        self.listener = fd
        self.port = Self.localPort(of: fd)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Body bytes written so far (all connections).
    public var bytesSent: Int {
        lock.lock()
        defer { lock.unlock() }
        return sentBytes
    }

    /// Connections the client closed while this server still had something to say or was waiting.
    public var connectionsClosedByPeer: Int {
        lock.lock()
        defer { lock.unlock() }
        return peerClosures
    }

    /// Each request head received (request line and header fields), in order.
    public var requestHeads: [String] {
        lock.lock()
        defer { lock.unlock() }
        return heads
    }

    /// Waits up to `timeout` seconds for a request head to arrive; true when one did.
    public func waitForRequest(timeout: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while requestHeads.isEmpty {
            if Date() >= deadline { return false }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }

    /// Waits up to `timeout` seconds for the client to close a connection; true when it did.
    public func waitForPeerClose(timeout: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while connectionsClosedByPeer == 0 {
            if Date() >= deadline { return false }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }

    /// Stops listening and ends every connection; calling it again does nothing.
    public func stop() {
        // Only shut down here, under the lock the serving threads close with: each descriptor is
        // closed by the thread using it, so a number reused by another socket is never touched.
        lock.lock()
        stopped = true
        shutDownListener()
        for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
        lock.unlock()
    }

    /// Blocks until the accept loop has closed the listener (after `stop()`, or a vanishing answer).
    func waitUntilListenerClosed() {
        listenerClosed.wait()
        listenerClosed.signal()
    }

    /// The listener's descriptor number, which is free once it is closed.
    var listenerDescriptor: Int32 { listener }

    /// Wakes the accept loop, which closes the listener; a listener already closed is left alone,
    /// its number no longer this server's. Called under `lock`.
    private func shutDownListener() {
        if listening { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        defer {
            lock.lock()
            listening = false
            close(listener)
            lock.unlock()
            listenerClosed.signal()
        }
        while !isStopped {
            let fd = accept(listener, nil, nil)
            if fd < 0 { return }
            lock.lock()
            connections.append(fd)
            lock.unlock()
            let thread = Thread { [self] in serve(fd) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            // Forget the descriptor before closing it, so `stop()` never shuts down a reused number.
            lock.lock()
            connections.removeAll { $0 == fd }
            close(fd)
            lock.unlock()
        }
        let requestHead = readRequestHead(fd)
        lock.lock()
        heads.append(requestHead)
        lock.unlock()
        switch behaviour {
        case .neverAnswer:
            while !isStopped {
                if peerHasClosed(fd, waitingMilliseconds: 20) { return peerClosed() }
            }
        case .drip(let head, let interval):
            guard write(fd, Array(head.utf8)) else { return peerClosed() }
            // The first byte goes with the head: a body has begun before any deadline, however
            // late this thread runs on a loaded machine.
            while !isStopped {
                guard write(fd, [UInt8(ascii: " ")]) else { return peerClosed() }
                count(1)
                usleep(useconds_t(interval * 1_000_000))
            }
        case .stream(let head, let filler, let total):
            guard write(fd, Array(head.utf8)) else { return peerClosed() }
            let block = [UInt8](repeating: filler, count: 64 * 1024)
            var sent = 0
            while sent < total, !isStopped {
                let size = min(block.count, total - sent)
                guard write(fd, Array(block[0..<size])) else { return peerClosed() }
                sent += size
                count(size)
            }
            shutdown(fd, Int32(SHUT_WR))
            // Let the client read to the end before the socket closes.
            var scratch = [UInt8](repeating: 0, count: 1024)
            while !isStopped, recv(fd, &scratch, scratch.count, 0) > 0 {}
        case .answerThenVanish(let response):
            guard write(fd, response) else { return peerClosed() }
            count(response.count)
            let next = readRequestHead(fd)
            lock.lock()
            heads.append(next)
            stopped = true
            shutDownListener()
            lock.unlock()
        case .answer(let response):
            guard write(fd, response) else { return peerClosed() }
            count(response.count)
            shutdown(fd, Int32(SHUT_WR))
            var scratch = [UInt8](repeating: 0, count: 1024)
            while !isStopped, recv(fd, &scratch, scratch.count, 0) > 0 {}
        }
    }

    /// Counts a connection the client closed; not one this server's own `stop()` shut down.
    private func peerClosed() {
        lock.lock()
        if !stopped { peerClosures += 1 }
        lock.unlock()
    }

    /// True once the client has closed (end of stream or reset); waits up to `waitingMilliseconds`.
    private func peerHasClosed(_ fd: Int32, waitingMilliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, waitingMilliseconds) > 0 else { return false }
        var scratch = [UInt8](repeating: 0, count: 1024)
        return recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT)) <= 0
    }

    private func count(_ bytes: Int) {
        lock.lock()
        sentBytes += bytes
        lock.unlock()
    }

    /// The request head as text (what arrived of it when the client stops early).
    private func readRequestHead(_ fd: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while received.count < 65_536 {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received += buffer[0..<n]
            if received.windows(end) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Sends everything, without SIGPIPE when the client has gone.
    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    private static func localPort(of fd: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// A port on 127.0.0.1 that nothing listens on (bound, then released).
    public static func closedPort() throws -> UInt16 {
        let fd = try loopbackSocket()
        defer { close(fd) }
        guard bindToAnyLoopbackPort(fd) else { throw RawSocketError.bind }
        return localPort(of: fd)
    }

    /// True when something accepts connections on 127.0.0.1:`port`.
    public static func accepts(port: UInt16) -> Bool {
        guard let fd = try? loopbackSocket() else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private static func loopbackSocket() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawSocketError.socket }
        return fd
    }

    /// Binds `fd` to a port the system picks on 127.0.0.1.
    private static func bindToAnyLoopbackPort(_ fd: Int32) -> Bool {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}

public enum RawSocketError: Error {
    case socket, bind
}

private extension Array where Element == UInt8 {
    func windows(_ needle: [UInt8]) -> Bool {
        guard count >= needle.count else { return false }
        for start in 0...(count - needle.count) where Array(self[start..<(start + needle.count)]) == needle {
            return true
        }
        return false
    }
}
