#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Changes to a shared file that another process's lock kept from being saved, kept in memory and
/// made with the next change, or when asked (`saveKept`, at quit): a lock held too long never
/// loses a change the user made. One a file, for the run.
public final class KeptChanges<Value>: Sendable {
    /// One change, as `AtomicFile.update` makes it to the value read under the lock.
    public typealias Change = @Sendable (inout Value) -> Void

    private let kept = Mutex<[Change]>([])

    public init() {}

    /// Whether changes wait to be saved.
    public var isEmpty: Bool { kept.withLock { $0.isEmpty } }

    /// Makes the kept changes and then `change`, in order, through `update` (a store's
    /// `update(waiting:…)`, under the file's lock), and forgets them once saved. When the lock is
    /// held past the wait (`.busy`), all of them are kept and `.busy` thrown; any other error
    /// drops them, as a failed save always has. A wait follows a lock found held only once: with
    /// changes kept, the next try does not wait (`LockWait.once`), so keys are answered at once.
    @discardableResult
    public func save<Result>(_ change: Change?,
                             through update: (AtomicFile.LockWait, _ changes: @escaping Change) throws(ArchiveError) -> Result)
        throws(ArchiveError) -> Result {
        let changes = kept.withLock { kept -> [Change] in
            if let change { kept.append(change) }
            return kept
        }
        let wait: AtomicFile.LockWait = changes.count > 1 || (change == nil && !changes.isEmpty) ? .once : .standard
        do throws(ArchiveError) {
            let result = try update(wait) { value in for change in changes { change(&value) } }
            forget(changes.count)
            return result
        } catch {
            if case .busy = error { throw error }
            forget(changes.count)
            throw error
        }
    }

    /// Drops the first `count` changes (those just saved or failed; others may have come since).
    private func forget(_ count: Int) {
        kept.withLock { $0.removeFirst(min(count, $0.count)) }
    }
}
