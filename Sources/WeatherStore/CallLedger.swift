#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherModels
import EssentialsSupport

/// `Calls.txt` in the cache folder: the calls each source was sent today by every run of the
/// program on the machine (the browser and `--once`), so a daily budget holds across them
/// (docs/spec.md §4 "The ledger"). Plain lines a person reads:
///
///     # weather-tui: calls sent to each source on this UTC day, by the sources' own counting
///     day 2026-11-27
///     open-meteo 153.5
///
/// Written atomically under the file's lock: two runs adding at once each add to what the other wrote.
public struct CallLedger: Sendable {
    public static let fileName = "Calls.txt"
    /// The most `Calls.txt` is read to: a comment, a day and a line per source are under 200 bytes.
    public static let maxBytes = 64 << 10

    /// One day's counts by source (`WeatherProvider`'s raw value).
    public struct Counts: Equatable, Sendable {
        public var day: CallDay
        public var calls: [String: Double]

        public init(day: CallDay, calls: [String: Double] = [:]) {
            self.day = day
            self.calls = calls
        }

        /// Calls sent to `source` that day; 0 when none.
        public func spent(_ source: String) -> Double { calls[source] ?? 0 }
    }

    /// What reading or adding found: today's counts, and a line to show once when the ledger
    /// was unreadable (it has been moved aside and the day starts from nothing).
    public struct Reading: Equatable, Sendable {
        public var counts: Counts
        public var notice: FileNotice?

        public init(counts: Counts, notice: FileNotice?) {
            self.counts = counts
            self.notice = notice
        }
    }

    public let url: URL

    public init(directory: URL) {
        url = directory.appendingPathComponent(Self.fileName)
    }

    /// Today's counts, without changing the file. No ledger, or one of another day, counts nothing.
    public func read(now: Date) -> Reading {
        var notice: FileNotice?
        let stored: Counts?
        do {
            stored = try AtomicFile.load(url, limit: Self.maxBytes, decode: Self.decode)
        } catch {
            notice = Self.notice(for: error)
            stored = nil
        }
        return Reading(counts: Self.today(stored, now: now), notice: notice)
    }

    /// Adds `calls` to `source`'s count for today and gives the counts after.
    public func add(_ calls: Double, source: String, now: Date, waiting wait: AtomicFile.LockWait = .standard) throws(ArchiveError) -> Reading {
        var notice: FileNotice?
        let counts = try AtomicFile.update(
            url, waiting: wait, empty: Counts(day: CallDay(containing: now)),
            load: { () throws(ArchiveError) -> Counts in
                do throws(ArchiveError) {
                    return try AtomicFile.load(url, limit: Self.maxBytes, decode: Self.decode)
                } catch {
                    notice = Self.notice(for: error)
                    throw error
                }
            },
            save: { (counts: Counts) throws(ArchiveError) in try AtomicFile.write(Data(Self.encode(counts).utf8), to: url) },
            change: { counts in
                counts = Self.today(counts, now: now)
                if calls.isFinite, calls > 0 { counts.calls[source, default: 0] += calls }
            }
        )
        return Reading(counts: counts, notice: notice)
    }

    /// The counts that hold for `now`'s day: the stored ones when they are that day's or a later
    /// one's (a clock set back never starts a new budget), else none.
    static func today(_ stored: Counts?, now: Date) -> Counts {
        let day = CallDay(containing: now)
        guard let stored, stored.day.number >= day.number else { return Counts(day: day) }
        return stored
    }

    /// A damaged ledger is said once: it has been moved aside, so the next read finds none. One
    /// that cannot be read at all (a folder in its place that cannot be moved, a file without read
    /// permission) is said at each read: the day's calls are counted without it.
    static func notice(for error: ArchiveError) -> FileNotice? {
        switch error {
        case .missing, .incompatibleSchema: return nil
        case .corrupt: return .damaged(file: fileName, error: error, then: .callsCountFromNow)
        case .io, .busy: return .damaged(file: fileName, error: error, then: .callsNotCounted)
        }
    }

    // MARK: - The text

    static let header = "# weather-tui: calls sent to each source on this UTC day, by the sources' own counting"

    static func encode(_ counts: Counts) -> String {
        var lines = [header, "day \(counts.day.label)"]
        for source in counts.calls.keys.sorted() {
            lines.append("\(source) \(number(counts.calls[source] ?? 0))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whole counts without a fraction (`150`), others as Swift writes them (`153.5`).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func decode(_ data: Data) throws(ArchiveError) -> Counts {
        guard let text = String(data: data, encoding: .utf8) else { throw .corrupt(reason: "not text") }
        var day: CallDay?
        var calls: [String: Double] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw).trimmed
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2 else { throw .corrupt(reason: "line \(index + 1) is not a name and a value") }
            let name = String(fields[0]), value = String(fields[1])
            if name == "day" {
                guard day == nil, let parsed = CallDay(label: value) else { throw .corrupt(reason: "line \(index + 1): bad day") }
                day = parsed
            } else {
                guard let count = Double(value), count.isFinite, count >= 0, calls[name] == nil else {
                    throw .corrupt(reason: "line \(index + 1): bad count")
                }
                calls[name] = count
            }
        }
        guard let day else { throw .corrupt(reason: "no day") }
        return Counts(day: day, calls: calls)
    }
}
