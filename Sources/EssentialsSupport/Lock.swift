import Synchronization

/// A lock around a critical section, as Foundation's `NSLock.withLock` was used: a class so that
/// it can be a `let` of a struct or a `Sendable` class, on the standard library's `Mutex`.
public final class Lock: Sendable {
    private let mutex = Mutex(())

    public init() {}

    /// Runs `body` holding the lock.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body() }
    }
}
