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

    public let url: URL

    public init(directory: URL) {
        self.url = directory.appendingPathComponent(PinnedCityStore.fileName)
    }

    /// The pinned cities; none when there is no file. An unreadable file is moved aside.
    public func load() throws(ArchiveError) -> [PinnedCity] {
        do throws(ArchiveError) {
            return try AtomicFile.load(url) { (data) throws(ArchiveError) -> [PinnedCity] in try PinnedCity.unarchive(data) }
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
    public func update(_ change: PinChange) throws(ArchiveError) -> [PinnedCity] {
        try AtomicFile.update(url, empty: [], load: { () throws(ArchiveError) -> [PinnedCity] in try load() },
                              save: { (cities) throws(ArchiveError) in try save(cities) }, change: { $0 = change.applied(to: $0) })
    }
}
