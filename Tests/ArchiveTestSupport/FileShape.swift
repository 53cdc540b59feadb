import Foundation

/// What can stand in the place of one of the program's files: the kinds of local file that once
/// stopped it (a named pipe blocked `open`, a link to `/dev/zero` was read without end, a lock
/// held by another process was waited for forever, a 100 MB file took seconds and gigabytes).
/// Made by the tests and by the `files` fuzz target alike (scripts/fuzz compiles this file).
public enum FileShape: UInt8, CaseIterable, Sendable {
    /// A regular file holding the contents.
    case file
    /// A named pipe no one writes to.
    case namedPipe
    /// A symbolic link to `/dev/zero`, which never ends.
    case linkToZero
    /// A folder (holding the contents as a file of its own).
    case folder
    /// A sparse file one byte or more longer than the reader's limit.
    case overLong
    /// A regular file holding the contents, whose lock (`.<name>.lock`) another holder has.
    case locked

    /// What holds a lock until `release`, as another process would (flock locks belong to an
    /// open file description, so a second `open` in this process is another holder).
    public final class Holder: @unchecked Sendable {
        private var descriptor: Int32

        init(_ descriptor: Int32) { self.descriptor = descriptor }

        /// Lets the lock go; nothing when there is none.
        public func release() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }

        deinit { release() }
    }

    /// Puts this shape at `url` (whatever was there goes): `contents` for a file, `limit` the
    /// most its reader reads. Returns the lock's holder for `.locked`, else nil.
    @discardableResult
    public func make(at url: URL, contents: Data, limit: Int) -> Holder? {
        try? FileManager.default.removeItem(at: url)
        switch self {
        case .file, .locked:
            FileManager.default.createFile(atPath: url.path, contents: contents)
        case .namedPipe:
            mkfifo(url.path, 0o600)
        case .linkToZero:
            symlink("/dev/zero", url.path)
        case .folder:
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            FileManager.default.createFile(atPath: url.appendingPathComponent("inside").path, contents: contents)
        case .overLong:
            FileManager.default.createFile(atPath: url.path, contents: contents)
            truncate(url.path, off_t(limit + 1 + contents.count))
        }
        guard self == .locked else { return nil }
        let lock = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock")
        let fd = open(lock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            if fd >= 0 { close(fd) }
            return nil
        }
        return Holder(fd)
    }
}
