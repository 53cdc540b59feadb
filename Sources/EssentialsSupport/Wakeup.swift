#if canImport(Glibc)
import Glibc
#endif

/// A pipe that wakes a loop waiting in `poll(2)`: a signal handler writes a byte, and the loop,
/// which waits on the terminal and on `fileDescriptor` together, runs at once instead of at its
/// next timeout. Both ends are non-blocking: a full pipe already means "wake".
public final class Wakeup: Sendable {
    /// The end to wait on (readable after `signal()`).
    public let fileDescriptor: Int32
    /// The end `signal()` writes to; a signal handler may write to it directly.
    public let writeDescriptor: Int32

    /// A new pipe; nil when the process has no descriptors left (the loop then waits its timeout).
    public init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        close(fileDescriptor)
        close(writeDescriptor)
    }

    /// Makes `fileDescriptor` readable (async-signal-safe: one `write(2)`).
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Reads every byte written so far, so the next wait blocks until the next `signal()`.
    public func drain() {
        // On the stack: the loop drains at every pass, a key's included.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { bytes in
            while read(fileDescriptor, bytes.baseAddress, bytes.count) > 0 {}
        }
    }
}
