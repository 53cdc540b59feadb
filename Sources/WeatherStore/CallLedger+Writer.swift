#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

extension CallLedger {
    /// The run's one way of adding to the ledger, off the requests' path: `record` counts the calls
    /// and returns at once, a background task adds them to the file (locked, written atomically,
    /// `fsync`ed: milliseconds a disk may stretch), calls made meanwhile added together in one
    /// write. A run ends with `flush`, so nothing it spent goes uncounted.
    public final class Writer: Sendable, Equatable {
        public let ledger: CallLedger
        public let source: String
        private let now: @Sendable () -> Date

        private struct Queue {
            var pending: Double = 0
            var draining: Task<Void, Never>?
        }
        private let queue = Mutex(Queue())

        public init(ledger: CallLedger, source: String, now: @escaping @Sendable () -> Date = { Date() }) {
            self.ledger = ledger
            self.source = source
            self.now = now
        }

        /// Two writers of one ledger's count for one source do the same.
        public static func == (lhs: Writer, rhs: Writer) -> Bool { lhs.ledger.url == rhs.ledger.url && lhs.source == rhs.source }

        /// Counts `calls` (a finite, positive number; anything else is nothing spent).
        public func record(_ calls: Double) {
            guard calls.isFinite, calls > 0 else { return }
            queue.withLock { queue in
                queue.pending += calls
                if queue.draining == nil { queue.draining = Task.detached { self.drain() } }
            }
        }

        /// Today's calls to this source: the ledger's and those not yet written; the ledger's notice.
        public func spentToday() -> (calls: Double, notice: String?) {
            let reading = ledger.read(now: now())
            return (reading.counts.spent(source) + queue.withLock { $0.pending }, reading.notice)
        }

        /// Returns once every call recorded so far is in the file (or its write failed: a ledger
        /// that cannot be written loses the count, never an answer).
        public func flush() async {
            while let draining = queue.withLock({ $0.draining }) { await draining.value }
        }

        private func drain() {
            while true {
                let calls = queue.withLock { queue -> Double in
                    let calls = queue.pending
                    queue.pending = 0
                    if calls == 0 { queue.draining = nil }
                    return calls
                }
                guard calls > 0 else { return }
                _ = try? ledger.add(calls, source: source, now: now())
            }
        }
    }
}
