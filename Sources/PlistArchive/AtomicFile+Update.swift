#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Read, change, write as one step that other processes' steps on the same file cannot interleave
/// with: two programs keeping one file each apply their own change to what the other wrote, and
/// neither replaces the file with its stale copy.
extension AtomicFile {
    /// The lock file of `url`: `.<name>.lock` in the same folder. It stays there (removing it
    /// would let a process that opened it lock a file no one else sees).
    public static func lockURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock")
    }

    /// How long to wait for a lock another process holds, and the clock it is waited on (tests
    /// give their own, so no test sleeps). Saving a file holds its lock for a read and an atomic
    /// write of a small file: a lock held longer than `patience` is held by a copy of the
    /// program that is stuck, or by something else; the saver gives up (`.busy`) and keeps its change.
    public struct LockWait: Sendable {
        /// How long a held lock is waited for; zero: tried once.
        public var patience: Duration
        /// The time now.
        public var now: @Sendable () -> ContinuousClock.Instant
        /// Waits this long before the next try.
        public var pause: @Sendable (Duration) -> Void

        public init(patience: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
                    pause: @escaping @Sendable (Duration) -> Void = LockWait.sleep) {
            self.patience = patience
            self.now = now
            self.pause = pause
        }

        /// Half a second: many times what a save holds a lock for, short enough that a key whose
        /// save finds the lock held is answered at once to a person's eye.
        public static let standard = LockWait(patience: .milliseconds(500))
        /// One try: for a file whose lock was just found held (the change is kept anyway).
        public static let once = LockWait(patience: .zero)
        /// Between two tries.
        static let step = Duration.milliseconds(10)

        public static let sleep: @Sendable (Duration) -> Void = { duration in
            let (seconds, attoseconds) = duration.components
            var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000)), left = timespec()
            while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
        }
    }

    /// Runs `body` holding an exclusive `flock` on `url`'s lock file, created (and its folder, 0700)
    /// when missing; the lock goes when `body` returns or throws. A lock another process holds is
    /// waited for as `wait` says, then `.busy` is thrown and `body` never runs.
    public static func withLock<Result>(on url: URL, waiting wait: LockWait = .standard,
                                        _ body: () throws(ArchiveError) -> Result) throws(ArchiveError) -> Result {
        let lock = lockURL(for: url)
        try ensureFolder(lock.deletingLastPathComponent())
        // Without blocking: a named pipe in the lock file's place must not stop the program.
        var fd = open(lock.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        // A lock file someone else created read-only still locks: flock needs no write access.
        if fd < 0 && errno == EACCES { fd = open(lock.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw .io(underlying: "cannot lock \(url.lastPathComponent): \(errnoText())") }
        defer { close(fd) }  // closing releases the lock
        let deadline = wait.now() + wait.patience
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else { throw .io(underlying: "cannot lock \(url.lastPathComponent): \(errnoText())") }
            let now = wait.now()
            guard now < deadline else { throw .busy(file: url.lastPathComponent) }
            wait.pause(min(LockWait.step, deadline - now))
        }
        return try body()
    }

    /// Under `url`'s lock: reads the file with `load`, applies `change`, writes the result with
    /// `save`, and returns it. No file, or one `load` found unreadable (`.corrupt`: the loader has
    /// moved it aside), starts from `empty`, so the change is never lost to a damaged file; a file
    /// that cannot be read for any other reason (a newer schema, the file system) is left alone
    /// and the error thrown, as is `.busy` when another process holds the lock past `wait`.
    public static func update<Value>(
        _ url: URL, waiting wait: LockWait = .standard, empty: @autoclosure () -> Value,
        load: () throws(ArchiveError) -> Value,
        save: (Value) throws(ArchiveError) -> Void,
        change: (inout Value) -> Void
    ) throws(ArchiveError) -> Value {
        try withLock(on: url, waiting: wait) { () throws(ArchiveError) -> Value in
            var value: Value
            do throws(ArchiveError) {
                value = try load()
            } catch {
                switch error {
                case .missing, .corrupt: value = empty()
                case .incompatibleSchema, .io, .busy: throw error
                }
            }
            change(&value)
            try save(value)
            return value
        }
    }
}
