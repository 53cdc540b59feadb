#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that readers only ever see the old bytes or the new ones: a temporary file
/// in the same folder, flushed, then renamed over the target. The folder is created 0700.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(ArchiveError) {
        let folder = url.deletingLastPathComponent()
        try ensureFolder(folder)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(underlying: "cannot write in \(folder.path): \(errnoText())") }
        var ok = true
        var failure = ""
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    failure = errnoText()
                    return
                }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 { ok = false; failure = errnoText() }
        close(fd)
        guard ok else {
            unlink(temporary.path)
            throw .io(underlying: "cannot write \(url.lastPathComponent): \(failure)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let why = errnoText()
            unlink(temporary.path)
            throw .io(underlying: "cannot replace \(url.path): \(why)")
        }
    }

    /// Creates the folder (and parents) with mode 0700 when missing.
    public static func ensureFolder(_ folder: URL) throws(ArchiveError) {
        var info = stat()
        if stat(folder.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .io(underlying: "\(folder.path) is not a folder") }
            return
        }
        let parent = folder.deletingLastPathComponent()
        if parent.path != folder.path && !parent.path.isEmpty { try ensureFolder(parent) }
        if mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
            throw .io(underlying: "cannot create \(folder.path): \(errnoText())")
        }
    }

    /// Reads a whole file of at most `limit` bytes: `.missing` when there is none, `.io` when it
    /// cannot be opened. Only a regular file is read (a link to one is followed): a folder, a
    /// named pipe, a device or a socket in its place, or a file longer than `limit`, is
    /// `.corrupt`, so its loader moves it aside. It is opened without blocking, since opening a
    /// named pipe waits for a writer that may never come, and is never read past `limit`, since
    /// a device such as `/dev/zero` never ends.
    public static func read(_ url: URL, limit: Int) throws(ArchiveError) -> Data {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT { throw .missing }
            throw .io(underlying: "cannot read \(url.path): \(errnoText())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(underlying: "cannot read \(url.path): \(errnoText())") }
        if let kind = notRegular(info.st_mode) { throw .corrupt(reason: "\(kind), not a file") }
        if Int(info.st_size) > limit { throw .corrupt(reason: tooLong(limit)) }
        // The size is a hint (a file may grow or shrink while read): read to the end, or one byte past the limit.
        var bytes = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { throw .corrupt(reason: tooLong(limit)) }
                bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 65_536), limit + 1 - count))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(underlying: "cannot read \(url.path): \(errnoText())")
            }
            count += n
        }
        guard count <= limit else { throw .corrupt(reason: tooLong(limit)) }
        return Data(bytes[..<count])
    }

    /// What stands in a file's place when it is not a regular file; nil when it is one.
    static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    private static func tooLong(_ limit: Int) -> String { "longer than \(byteCount(limit)), more than such a file holds" }

    /// `64 KiB`, `8 MiB`: a limit as a person reads it.
    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Reads the file at `url` (at most `limit` bytes: `read`) and makes a value of its bytes with
    /// `decode`: every store's one way to load. A file found unreadable (`.corrupt`: too long, not
    /// a regular file, or refused by `decode`) is moved aside to `<name>.corrupt` before the error
    /// is thrown, so the next run starts as if there were none and the bytes stay for a person to
    /// look at; one that cannot be moved is `.io`, saying so. A missing file, one of a newer
    /// schema (still the user's data) or one the file system refuses is left where it is.
    public static func load<Value>(_ url: URL, limit: Int, decode: (Data) throws(ArchiveError) -> Value) throws(ArchiveError) -> Value {
        do throws(ArchiveError) {
            return try decode(try read(url, limit: limit))
        } catch {
            if case .corrupt(let reason) = error, let why = moveAside(url) {
                throw .io(underlying: "\(url.lastPathComponent) is unreadable (\(reason)) and cannot be moved aside: \(why)")
            }
            throw error
        }
    }

    /// The extension an unreadable file is moved aside with.
    public static let asideExtension = "corrupt"

    /// Moves an unreadable file (or whatever stands in its place) aside to `<name>.corrupt`,
    /// replacing an older one; why it could not, or nil.
    private static func moveAside(_ url: URL) -> String? {
        let aside = url.appendingPathExtension(asideExtension)
        unlink(aside.path)
        // A folder left from an earlier move: an empty one is replaced, one with files stays.
        rmdir(aside.path)
        return rename(url.path, aside.path) == 0 ? nil : errnoText()
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
