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

    /// Reads a whole file: `.missing` when there is none, `.io` when it cannot be read.
    public static func read(_ url: URL) throws(ArchiveError) -> Data {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw .missing }
            throw .io(underlying: "cannot read \(url.path): \(errnoText())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(underlying: "cannot read \(url.path): \(errnoText())") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .io(underlying: "\(url.path) is a folder") }
        // The size is a hint (a file may grow or shrink while read): read to the end.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 65_536)) }
            let n = bytes.withUnsafeMutableBytes { buffer in Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(underlying: "cannot read \(url.path): \(errnoText())")
            }
            count += n
        }
        return Data(bytes[..<count])
    }

    /// Reads the file at `url` and makes a value of its bytes with `decode`: every store's one way
    /// to load. A file `decode` finds unreadable (`.corrupt`) is moved aside to
    /// `<name>.corrupt` before the error is thrown, so the next run starts as if there were none
    /// and the bytes stay for a person to look at; a missing file, one of a newer schema (still
    /// the user's data) or one the file system refuses is left where it is.
    public static func load<Value>(_ url: URL, decode: (Data) throws(ArchiveError) -> Value) throws(ArchiveError) -> Value {
        let data = try read(url)
        do throws(ArchiveError) {
            return try decode(data)
        } catch {
            if case .corrupt = error { moveAside(url) }
            throw error
        }
    }

    /// The extension an unreadable file is moved aside with.
    public static let asideExtension = "corrupt"

    /// Moves an unreadable file aside to `<name>.corrupt` (replacing an older one).
    private static func moveAside(_ url: URL) {
        let aside = url.appendingPathExtension(asideExtension)
        unlink(aside.path)
        rename(url.path, aside.path)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
