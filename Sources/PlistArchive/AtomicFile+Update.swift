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

    /// Runs `body` holding an exclusive `flock` on `url`'s lock file, created (and its folder, 0700)
    /// when missing; the lock goes when `body` returns or throws.
    public static func withLock<Result>(on url: URL, _ body: () throws(ArchiveError) -> Result) throws(ArchiveError) -> Result {
        let lock = lockURL(for: url)
        try ensureFolder(lock.deletingLastPathComponent())
        var fd = open(lock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        // A lock file someone else created read-only still locks: flock needs no write access.
        if fd < 0 && errno == EACCES { fd = open(lock.path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .io(underlying: "cannot lock \(url.lastPathComponent): \(errnoText())") }
        defer { close(fd) }  // closing releases the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .io(underlying: "cannot lock \(url.lastPathComponent): \(errnoText())") }
        }
        return try body()
    }

    /// Under `url`'s lock: reads the file with `load`, applies `change`, writes the result with
    /// `save`, and returns it. No file, or one `load` found unreadable (`.corrupt`: the loader has
    /// moved it aside), starts from `empty`, so the change is never lost to a damaged file; a file
    /// that cannot be read for any other reason (a newer schema, the file system) is left alone
    /// and the error thrown.
    public static func update<Value>(
        _ url: URL, empty: @autoclosure () -> Value,
        load: () throws(ArchiveError) -> Value,
        save: (Value) throws(ArchiveError) -> Void,
        change: (inout Value) -> Void
    ) throws(ArchiveError) -> Value {
        try withLock(on: url) { () throws(ArchiveError) -> Value in
            var value: Value
            do throws(ArchiveError) {
                value = try load()
            } catch {
                switch error {
                case .missing, .corrupt: value = empty()
                case .incompatibleSchema, .io: throw error
                }
            }
            change(&value)
            try save(value)
            return value
        }
    }
}
