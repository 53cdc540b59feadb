import Foundation
import WeatherModels

/// `WeatherFeed.plist`: the last good feed, restored when the network is gone. Reads this
/// build's archives and the original iOS app's.
public struct WeatherFeedArchive: Sendable {
    public static let fileName = "WeatherFeed.plist"

    public let url: URL

    public init(directory: URL) {
        self.url = directory.appendingPathComponent(WeatherFeedArchive.fileName)
    }

    public func save(_ feed: WeatherFeed) throws(ArchiveError) {
        try KeyedArchive.archive(feed, to: url)
    }

    /// The saved feed. An unreadable file is moved aside to `WeatherFeed.plist.corrupt`.
    public func load() throws(ArchiveError) -> WeatherFeed {
        let data = try AtomicFile.read(url)
        do throws(ArchiveError) {
            let payload = try KeyedArchiveValidator.rootData(data)
            do throws(ArchiveError) {
                return try KeyedArchive.decodePayload(WeatherFeed.self, from: payload)
            } catch {
                guard case .corrupt = error,
                      let legacy = try? PropertyListDecoder().decode(LegacyFeed.self, from: payload)
                else { throw error }
                return try legacy.feed()
            }
        } catch {
            if case .corrupt = error { AtomicFile.moveAside(url) }
            throw error
        }
    }
}
