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
        try load(WeatherFeed.self)
    }

    /// The saved feed read as `View`, which may decode only some of its keys (`WeatherFeedSummary`
    /// for `--once`): the same file, checks and errors as `load()`, at the cost of what `View`
    /// reads. An unreadable file is moved aside to `WeatherFeed.plist.corrupt`.
    public func load<View: WeatherFeedView>(_ view: View.Type) throws(ArchiveError) -> View {
        let data = try AtomicFile.read(url)
        do throws(ArchiveError) {
            let payload = try KeyedArchiveValidator.rootData(data)
            // `--once`'s summary: walked directly when the payload is plainly well formed (a tenth
            // of a fresh process's run otherwise, scripts/bench); anything else takes `Decodable`.
            if View.self == WeatherFeedSummary.self, let summary = WeatherFeedSummaryReader.read(payload) {
                return summary as! View
            }
            do throws(ArchiveError) {
                return try KeyedArchive.decodePayload(View.self, from: payload)
            } catch {
                guard case .corrupt = error,
                      let legacy = try? PropertyListDecoder().decode(LegacyFeed.self, from: payload)
                else { throw error }
                return View(try legacy.feed())
            }
        } catch {
            if case .corrupt = error { AtomicFile.moveAside(url) }
            throw error
        }
    }
}

/// What a saved feed can be read as: the whole `WeatherFeed`, or a view of it whose `Decodable`
/// conformance asks for fewer of the same keys.
public protocol WeatherFeedView: Decodable {
    /// The view of a whole feed (the original iOS app's archives are converted whole, then viewed).
    init(_ feed: WeatherFeed)
}

extension WeatherFeed: WeatherFeedView {
    public init(_ feed: WeatherFeed) { self = feed }
}

extension WeatherFeedSummary: WeatherFeedView {}
