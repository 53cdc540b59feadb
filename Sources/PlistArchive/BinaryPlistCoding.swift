/// What `BinaryPlistEncoder` and `BinaryPlistDecoder` share: coding keys of their own and coding
/// paths kept as parent links, built into an array only when asked for (errors, callers).

/// Array positions in coding paths (`Index 3`).
struct PlistIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// A key given by name, for `super` coders.
struct PlistNamedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A coder for one value, linked to the coder of the value holding it.
protocol PlistPathLinked: AnyObject {
    var parent: Self? { get }
    /// How the parent reached this value; nil at the top.
    var key: (any CodingKey)? { get }
}

extension PlistPathLinked {
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: Self? = self
        while let current = node {
            if let key = current.key { path.append(key) }
            node = current.parent
        }
        return path.reversed()
    }
}
