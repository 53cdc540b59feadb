#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import Synchronization
import EssentialsSupport

extension CallLedger {
    /// The run's one way of adding to the ledger, off the requests' path: `record` counts the calls
    /// and returns at once, a background thread adds them to the file (locked, written atomically,
    /// `fsync`ed: milliseconds a disk may stretch), calls made meanwhile added together in one
    /// write. A run ends with `flush`, so nothing it spent goes uncounted. One a run, for every
    /// source it calls (the weather's and the air's).
    public final class Writer: Sendable, Equatable {
        public let ledger: CallLedger
        private let now: @Sendable () -> Date

        private struct Queue {
            /// Calls not yet written, by source.
            var pending: [String: Double] = [:]
            var draining: Task<Void, Never>?
            /// Why calls wait in `pending` though a write was tried (another copy held the lock), said once.
            var problem: FileNotice?
        }
        private let queue = Mutex(Queue())
        /// Held while a batch goes from the queue into the file, and while `spentToday` reads both:
        /// a count is then in exactly one of the two.
        private let writing = Lock()

        /// How long a write waits for the ledger's lock while another copy holds it.
        private let wait: AtomicFile.LockWait

        public init(ledger: CallLedger, now: @escaping @Sendable () -> Date = { Date() }, waiting wait: AtomicFile.LockWait = .standard) {
            self.ledger = ledger
            self.now = now
            self.wait = wait
        }

        /// Two writers of one ledger do the same.
        public static func == (lhs: Writer, rhs: Writer) -> Bool { lhs.ledger.url == rhs.ledger.url }

        /// Counts `calls` to `source` (a finite, positive number; anything else is nothing spent).
        public func record(_ calls: Double, source: String) {
            guard calls.isFinite, calls > 0 else { return }
            queue.withLock { queue in
                queue.pending[source, default: 0] += calls
                // The file's lock and `fsync` block: on a thread of their own, not one of the pool's
                // (a core each), which the requests need to post their answers.
                if queue.draining == nil { queue.draining = Task.detached { await DedicatedThread.run { self.drain() } } }
            }
        }

        /// Today's calls to `source`: the ledger's and those not yet written; the ledger's notice,
        /// or why calls wait to be written.
        public func spentToday(_ source: String) -> (calls: Double, notice: FileNotice?) {
            writing.withLock {
                let reading = ledger.read(now: now())
                let (pending, problem) = queue.withLock { queue in
                    defer { queue.problem = nil }
                    return (queue.pending[source] ?? 0, queue.problem)
                }
                return (reading.counts.spent(source) + pending, reading.notice ?? problem)
            }
        }

        /// Returns once every call recorded so far is in the file, or its write failed (a ledger
        /// that cannot be written loses the count, never an answer); calls another copy's lock
        /// kept from the file are tried once more, without waiting again for the lock.
        public func flush() async {
            while let draining = queue.withLock({ $0.draining }) { await draining.value }
            if queue.withLock({ !$0.pending.isEmpty }) { _ = writeBatch(waiting: .once) }
        }

        private func drain() {
            while writeBatch(waiting: wait) {}
        }

        /// Moves what is pending into the file; false when nothing was (the drain ends). Calls
        /// another copy's lock kept from the file (`.busy`) go back to wait for the next write,
        /// and the drain ends: the next call recorded, or `flush`, tries again.
        private func writeBatch(waiting wait: AtomicFile.LockWait) -> Bool {
            writing.withLock {
                let batch = queue.withLock { queue -> [String: Double] in
                    let batch = queue.pending
                    queue.pending = [:]
                    if batch.isEmpty { queue.draining = nil }
                    return batch
                }
                var held: [String: Double] = [:]
                var problem: FileNotice?
                for (source, calls) in batch.sorted(by: { $0.key < $1.key }) {
                    do throws(ArchiveError) {
                        _ = try ledger.add(calls, source: source, now: now(), waiting: held.isEmpty ? wait : .once)
                    } catch {
                        guard case .busy = error else { continue }
                        held[source] = calls
                        problem = .callsKeptForLater(file: CallLedger.fileName, error: error)
                    }
                }
                guard !held.isEmpty else { return !batch.isEmpty }
                queue.withLock { queue in
                    queue.pending.merge(held, uniquingKeysWith: +)
                    queue.problem = problem
                    queue.draining = nil
                }
                return false
            }
        }
    }
}
