import Foundation
import WeatherModels

/// Sample values, files and processes for the archive tests of the general store and the app's stores.
public enum Make {
    public static func tempDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wt-archive-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The real 2017 capture of 50 cities, as a feed.
    public static func realFeed() throws -> WeatherFeed {
        let data = try Data(contentsOf: repository.appendingPathComponent("Tests/Fixtures/accuweather/topcities-50-en-2017.json"))
        let cities = try JSONDecoder().decode([CityWeather].self, from: data)
        return WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 1_512_581_700), request: FeedRequest(count: 50, language: "en-us"), cities: cities)
    }

    /// A feed's binary-plist payload with its first city's dictionary changed by `edit` (through
    /// Foundation, so the result is a well-formed plist holding whatever the edit put there).
    public static func payload(_ payload: Data, editingFirstCity edit: (inout [String: Any]) -> Void) throws -> Data {
        guard var top = try PropertyListSerialization.propertyList(from: payload, format: nil) as? [String: Any],
              var cities = top["cities"] as? [[String: Any]], !cities.isEmpty
        else { throw CocoaError(.propertyListReadCorrupt) }
        edit(&cities[0])
        top["cities"] = cities
        return try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
    }

    /// Runs a program and returns its exit status and standard output.
    @discardableResult
    public static func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Where SwiftPM put the products of this build (the test runner's own folder).
    public static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }
}

/// How a copy of some bytes was damaged; described only when a test reports it.
///
/// `forEachCopy` is the one fuzz loop of these tests: the damage a file meets (cut short, a byte
/// changed, a few bytes overwritten) for checking that a reader of untrusted bytes answers or
/// refuses, but never crashes, hangs or makes a value up.
enum Damage: CustomStringConvertible {
    /// The first `length` bytes only.
    case truncated(length: Int)
    /// The byte at `offset` replaced by `replacement`.
    case changedByte(offset: Int, replacement: UInt8)
    /// Random edit number `round`: the bytes at these offsets overwritten with these values.
    case overwritten(round: Int, edits: [(offset: Int, value: UInt8)])

    var description: String {
        switch self {
        case .truncated(let length): return "first \(length) bytes"
        case .changedByte(let offset, let replacement): return "byte \(offset) → \(replacement)"
        case .overwritten(let round, let edits):
            return "random edit \(round): " + edits.map { "byte \($0.offset) → \($0.value)" }.joined(separator: ", ")
        }
    }

    /// Calls `body` with damaged copies of `bytes` and what was done to each:
    /// - `truncations`: every prefix shorter than `bytes` (from empty up);
    /// - `changingEachByte`: every byte with all its bits flipped, then with its lowest bit flipped;
    /// - `randomEdits`: that many copies with 1–4 bytes overwritten at random, from a generator
    ///   seeded with `seed`, so a failing copy is made again on the next run.
    static func forEachCopy(of bytes: Data, truncations: Bool = false, changingEachByte: Bool = false,
                            randomEdits: Int = 0, seed: UInt64 = 42, _ body: (Data, Damage) throws -> Void) rethrows {
        if truncations {
            for length in 0..<bytes.count { try body(bytes.prefix(length), .truncated(length: length)) }
        }
        if changingEachByte {
            for offset in bytes.indices {
                for replacement in [bytes[offset] ^ 0xFF, bytes[offset] ^ 0x01] {
                    var copy = bytes
                    copy[offset] = replacement
                    try body(copy, .changedByte(offset: offset - bytes.startIndex, replacement: replacement))
                }
            }
        }
        var generator = SeededGenerator(seed: seed)
        for round in 0..<randomEdits {
            var copy = bytes
            var edits: [(offset: Int, value: UInt8)] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let offset = Int.random(in: 0..<copy.count, using: &generator)
                let value = UInt8.random(in: 0...255, using: &generator)
                copy[copy.startIndex + offset] = value
                edits.append((offset, value))
            }
            try body(copy, .overwritten(round: round, edits: edits))
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing damage pattern can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
