#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherModels

/// `WeatherFeed.plist`: the last good feed, restored when the network is gone. Reads this
/// build's archives and the original iOS app's.
public struct WeatherFeedArchive: Sendable {
    /// The file of the first source, AccuWeather, as every release has named it.
    public static let fileName = "WeatherFeed.plist"

    /// The file of a source's feed: `WeatherFeed.plist` for the first source (`source` nil), else
    /// `WeatherFeed-<source>.plist`, so one source's data is never shown under another's name.
    public static func fileName(source: String?) -> String {
        source.map { "WeatherFeed-\($0).plist" } ?? fileName
    }

    public let url: URL

    public init(directory: URL, source: String? = nil) {
        self.url = directory.appendingPathComponent(WeatherFeedArchive.fileName(source: source))
    }

    /// Writes `feed` as a keyed archive of its `Codable` encoding.
    public func save(_ feed: WeatherFeed) throws(ArchiveError) {
        try KeyedArchive.archive(feed, to: url)
    }

    /// The saved feed. An unreadable file is moved aside to `<its name>.corrupt`.
    public func load() throws(ArchiveError) -> WeatherFeed {
        try load(WeatherFeed.self)
    }

    /// The saved feed read as `View`, which may decode only some of its keys (`WeatherFeedSummary`
    /// for `--once`): the same file, checks and errors as `load()`, at the cost of what `View`
    /// reads. An unreadable file is moved aside to `<its name>.corrupt`.
    public func load<View: WeatherFeedView>(_ view: View.Type) throws(ArchiveError) -> View {
        try AtomicFile.load(url, limit: KeyedArchive.maxFileBytes) { (data) throws(ArchiveError) -> View in try Self.decode(View.self, from: data) }
    }

    /// A feed read as `View` from archive bytes, as `load` reads a file (nothing is moved aside):
    /// walked when `View` has a walk and the payload is one it reads, else through `Decodable`,
    /// else as the original iOS app's archive.
    public static func decode<View: WeatherFeedView>(_ view: View.Type, from data: Data) throws(ArchiveError) -> View {
        let payload = try KeyedArchive.unwrap(data)
        if let walked = View.walked(payload) { return walked }
        do throws(ArchiveError) {
            return try KeyedArchive.decodePayload(View.self, from: payload)
        } catch {
            guard case .corrupt = error,
                  // The same reader as the payload's own: never Foundation's for a binary plist.
                  let legacy = try? KeyedArchive.PayloadDecoder(payload).decode(LegacyFeed.self, from: payload)
            else { throw error }
            return View(try legacy.feed())
        }
    }
}

/// What a saved feed can be read as: the whole `WeatherFeed`, or a view of it whose `Decodable`
/// conformance asks for fewer of the same keys.
public protocol WeatherFeedView: Decodable {
    /// The view of a whole feed (the original iOS app's archives are converted whole, then viewed).
    init(_ feed: WeatherFeed)

    /// The view read straight off the archive's payload without `Decodable`, for a view that has
    /// such a reader and a payload it reads without complaint; nil hands the payload to `Decodable`,
    /// which decides and reports. None by default.
    static func walked(_ payload: Data) -> Self?
}

extension WeatherFeedView {
    public static func walked(_ payload: Data) -> Self? { nil }
}

extension WeatherFeed: WeatherFeedView {
    public init(_ feed: WeatherFeed) { self = feed }
}

extension WeatherFeedSummary: WeatherFeedView {
    /// `--once` reads the saved feed on every call: walked, its summary costs a small fraction of
    /// what `Decodable` costs in a fresh process (`WeatherFeedSummaryReader`, scripts/bench).
    public static func walked(_ payload: Data) -> WeatherFeedSummary? { WeatherFeedSummaryReader.read(payload) }
}
