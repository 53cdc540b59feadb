#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherModels

/// `Pinned.plist`: the user's pinned cities, as an `NSKeyedArchiver` archive of
/// `WeatherStore.PinnedCityBox` objects (`PinnedCity.archive`/`unarchive`: no Foundation archiver).
public struct PinnedCityStore: Sendable {
    public static let fileName = "Pinned.plist"
    /// The most `Pinned.plist` is read to: a city is a few hundred bytes, and a person pins dozens.
    public static let maxBytes = 4 << 20

    public let url: URL

    public init(directory: URL) {
        self.url = directory.appendingPathComponent(PinnedCityStore.fileName)
    }

    /// The pinned cities; none when there is no file. An unreadable file is moved aside.
    public func load() throws(ArchiveError) -> [PinnedCity] {
        do throws(ArchiveError) {
            return try AtomicFile.load(url, limit: Self.maxBytes) { (data) throws(ArchiveError) -> [PinnedCity] in try PinnedCity.unarchive(data) }
        } catch {
            if case .missing = error { return [] }
            throw error
        }
    }

    public func save(_ cities: [PinnedCity]) throws(ArchiveError) {
        try AtomicFile.write(PinnedCity.archive(cities), to: url)
    }

    /// Makes `change` to the cities saved now, under the file's lock (`AtomicFile.update`), and
    /// returns them as saved: another program's pins and places stay; an unreadable file is
    /// moved aside and the change made to none.
    @discardableResult
    public func update(_ change: PinChange, waiting wait: AtomicFile.LockWait = .standard) throws(ArchiveError) -> [PinnedCity] {
        try update(waiting: wait) { $0 = change.applied(to: $0) }
    }

    /// Makes `change` (any number of `PinChange`s, in order) as `update(_:)` makes one.
    @discardableResult
    public func update(waiting wait: AtomicFile.LockWait, _ change: (inout [PinnedCity]) -> Void) throws(ArchiveError) -> [PinnedCity] {
        try AtomicFile.update(url, waiting: wait, empty: [], load: { () throws(ArchiveError) -> [PinnedCity] in try load() },
                              save: { (cities) throws(ArchiveError) in try save(cities) }, change: change)
    }
}
