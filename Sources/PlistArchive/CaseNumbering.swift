/// The position of a `CodingKeys` case among its type's cases, in declaration order (the order
/// synthesized `Codable` conformances use them in), read off the case value itself.
///
/// Why: the archive's own readers and writer keep what they learn of each key (its string
/// object) by case; finding a case's position by comparing names cost more than the rest of
/// reading its value. A payload-free enum of 2 to 256 cases is stored in one byte holding its
/// case's number in declaration order (Swift's type layout); `isNumbered` checks a type against
/// its `allCases` before `number(of:)` is trusted, and a type stored otherwise is not read this
/// way at all.
enum CaseNumbering {
    static func isNumbered<Key: CaseIterable>(_ cases: [Key]) -> Bool {
        guard MemoryLayout<Key>.size == 1 else { return false }
        var expected = 0
        for key in cases {
            guard number(of: key) == expected else { return false }
            expected += 1
        }
        return expected > 1
    }

    /// Only for a type `isNumbered` accepted.
    @inline(__always)
    static func number<Key: CaseIterable>(of key: Key) -> Int {
        withUnsafeBytes(of: key) { Int($0[0]) }
    }
}
