#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A clock that moves only when told (tests): a `Program` reads it for its deadlines, and an
/// `InMemoryBackend` given one moves it on by each wait's timeout instead of sleeping. It may be
/// read from any thread (an app's environment reads its clock in background work).
public final class ManualClock: Sendable {
    private let reading: Mutex<Date>

    public init(_ now: Date) { reading = Mutex(now) }

    /// What time it is.
    public var now: Date {
        get { reading.withLock { $0 } }
        set { reading.withLock { $0 = newValue } }
    }

    /// Moves the clock on (or back, with a negative interval).
    public func advance(by interval: TimeInterval) {
        reading.withLock { $0 = $0.addingTimeInterval(interval) }
    }
}
