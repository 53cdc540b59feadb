#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import PlistArchive
import WeatherModels

/// `Holds.txt` in the cache folder (docs/spec.md §4 "The gate"): the time before which each source
/// said not to be asked again (a 429's `Retry-After`, a spent day), shared by every run of the
/// program, so a `--once` from a status bar obeys the hold the browser met, and the other way
/// round. Lines a person reads: `<source> <until, seconds since 1970> <the source's words>`.
public struct SourceHolds: Sendable {
    public static let fileName = "Holds.txt"
    /// A few lines: anything larger is not this file.
    public static let maxBytes = 16 << 10

    /// One source's hold.
    public typealias Hold = SourceHold

    public let url: URL

    public init(directory: URL) {
        url = directory.appendingPathComponent(Self.fileName)
    }

    /// The holds still in force at `now`, by source, and why the file was not used, if it was not
    /// (a damaged one is moved aside, and then holds nothing).
    public func read(now: Date) -> (holds: [String: Hold], notice: FileNotice?) {
        do {
            let all = try AtomicFile.load(url, limit: Self.maxBytes, decode: Self.decode)
            return (all.filter { $0.value.until > now }, nil)
        } catch {
            switch error {
            case .missing, .incompatibleSchema: return ([:], nil)
            case .corrupt: return ([:], .damaged(file: Self.fileName, error: error, then: nil))
            case .io, .busy: return ([:], .damaged(file: Self.fileName, error: error, then: .holdsKeptByThisRun))
            }
        }
    }

    /// Keeps `hold` for `source` (the later of it and one already kept), and drops holds that ended.
    public func keep(_ hold: Hold, for source: String, now: Date, waiting wait: AtomicFile.LockWait = .standard) throws(ArchiveError) {
        _ = try AtomicFile.update(
            url, waiting: wait, empty: [String: Hold](),
            load: { () throws(ArchiveError) -> [String: Hold] in try AtomicFile.load(url, limit: Self.maxBytes, decode: Self.decode) },
            save: { (holds: [String: Hold]) throws(ArchiveError) in try AtomicFile.write(Data(Self.encode(holds).utf8), to: url) },
            change: { holds in
                holds = holds.filter { $0.value.until > now }
                if holds[source].map({ $0.until < hold.until }) ?? true { holds[source] = hold }
            }
        )
    }

    static let header = "# weather-tui: no request to a source before this time (seconds since 1970), and why"

    static func encode(_ holds: [String: Hold]) -> String {
        var lines = [header]
        for source in holds.keys.sorted() {
            guard let hold = holds[source] else { continue }
            // One line each: the source's words lose their line breaks.
            let reason = hold.reason.split(whereSeparator: \.isNewline).joined(separator: " ")
            lines.append("\(source) \(Int64(hold.until.timeIntervalSince1970.rounded(.up))) \(reason)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func decode(_ data: Data) throws(ArchiveError) -> [String: Hold] {
        guard let text = String(data: data, encoding: .utf8) else { throw .corrupt(reason: "not text") }
        var holds: [String: Hold] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw).trimmed
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard fields.count >= 2, let seconds = Int64(fields[1]), seconds >= 0, seconds < 1 << 40, holds[String(fields[0])] == nil else {
                throw .corrupt(reason: "line \(index + 1) is not a source, a time and why")
            }
            holds[String(fields[0])] = Hold(until: Date(timeIntervalSince1970: TimeInterval(seconds)),
                                            reason: fields.count > 2 ? String(fields[2]) : "")
        }
        return holds
    }
}
