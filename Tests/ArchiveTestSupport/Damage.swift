import Foundation

/// How a copy of some bytes was damaged; described only when a test reports it.
///
/// `forEachCopy` is the one fuzz loop of these tests: the damage a file meets (cut short, a byte
/// changed, a few bytes overwritten) for checking that a reader of untrusted bytes answers or
/// refuses, but never crashes, hangs or makes a value up.
public enum Damage: CustomStringConvertible {
    /// The first `length` bytes only.
    case truncated(length: Int)
    /// The byte at `offset` replaced by `replacement`.
    case changedByte(offset: Int, replacement: UInt8)
    /// Random edit number `round`: the bytes at these offsets overwritten with these values.
    case overwritten(round: Int, edits: [(offset: Int, value: UInt8)])

    public var description: String {
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
    public static func forEachCopy(of bytes: Data, truncations: Bool = false, changingEachByte: Bool = false,
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
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
