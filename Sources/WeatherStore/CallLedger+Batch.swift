#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive

extension CallLedger {
    /// What one write of several sources' calls left out of the file: the calls another copy's
    /// lock kept back (by source, to be written with the next write) and why, to be said.
    public struct Kept: Equatable, Sendable {
        public var calls: [String: Double]
        public var notice: FileNotice?

        public init(calls: [String: Double] = [:], notice: FileNotice? = nil) {
            self.calls = calls
            self.notice = notice
        }
    }

    /// Adds each source's `calls` to the file (locked, written atomically, `fsync`ed: it blocks,
    /// so the store runs it on a thread of its own). Only the first source waits `wait` for the
    /// lock: once another copy holds it, the rest are tried once. Calls the lock kept back are
    /// given back to be written later; a ledger that cannot be written loses the count, never an
    /// answer. Counts that are not finite and positive are nothing spent.
    public func add(_ calls: [String: Double], now: Date, waiting wait: AtomicFile.LockWait = .standard) -> Kept {
        var kept = Kept()
        for (source, count) in calls.sorted(by: { $0.key < $1.key }) where count.isFinite && count > 0 {
            do throws(ArchiveError) {
                _ = try add(count, source: source, now: now, waiting: kept.calls.isEmpty ? wait : .once)
            } catch {
                guard case .busy = error else { continue }
                kept.calls[source] = count
                kept.notice = .callsKeptForLater(file: Self.fileName, error: error)
            }
        }
        return kept
    }
}
