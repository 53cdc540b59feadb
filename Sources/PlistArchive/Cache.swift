#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A typed, file-backed cache of one archivable value: callers never see paths or archivers.
public struct Cache<Value: Codable & Sendable>: Sendable {
    public let url: URL
    /// The most the file is read to (`AtomicFile.read`).
    public let maxBytes: Int

    /// `name` is the file name (e.g. `Forecasts.plist`) inside `directory`; a file longer than
    /// `maxBytes` is unreadable.
    public init(name: String, directory: URL, maxBytes: Int = KeyedArchive.maxFileBytes) {
        self.url = directory.appendingPathComponent(name)
        self.maxBytes = maxBytes
    }

    public func save(_ value: Value) throws(ArchiveError) {
        try KeyedArchive.archive(value, to: url)
    }

    /// The saved value. A corrupt file is moved aside to `<name>.corrupt` before `.corrupt` is
    /// thrown; a file from a newer schema is left alone (it is still the user's data).
    public func load() throws(ArchiveError) -> Value {
        try AtomicFile.load(url, limit: maxBytes) { (data) throws(ArchiveError) -> Value in try KeyedArchive.decode(Value.self, from: data) }
    }

    /// Applies `change` to the value saved now (`empty` when there is none or it is unreadable)
    /// and saves the result, under the file's lock (`AtomicFile.update`): another process's
    /// save in between is kept, not overwritten. Returns the value saved.
    @discardableResult
    public func update(waiting wait: AtomicFile.LockWait = .standard, empty: @autoclosure () -> Value,
                       _ change: (inout Value) -> Void) throws(ArchiveError) -> Value {
        try AtomicFile.update(url, waiting: wait, empty: empty(), load: { () throws(ArchiveError) -> Value in try load() },
                              save: { (value) throws(ArchiveError) in try save(value) }, change: change)
    }

    /// The saved value, or nil when there is none or it cannot be read (`load`'s rules: an
    /// unreadable file is moved aside). Nothing is fetched: it is a load that does not throw.
    public func loadIfReadable() -> Value? {
        try? load()
    }

    /// Deletes the saved value; no file is not an error.
    public func remove() throws(ArchiveError) {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw .io(underlying: "cannot remove \(url.path): \(AtomicFile.errnoText())")
        }
    }
}
