import Foundation

/// Writes values of a known shape as a binary plist without `Codable`, through the
/// `BinaryPlistWriter` `BinaryPlistEncoder` uses, making the same calls in the same order as
/// the encoder makes for the types' synthesized `Encodable` conformances: each value written
/// before its key, each dictionary begun before its contents and numbered then, nil optionals
/// left out. Same calls, same writer: the same bytes. The writers of the archived types are
/// extensions (`WeatherFeedWriter`).
struct DirectPlistWriter {
    let writer: BinaryPlistWriter
    /// Owned by `write` for the whole write: a pointer keeps this a plain value.
    private let keys: UnsafeMutablePointer<KeyRefs>

    private init(writer: BinaryPlistWriter, keys: UnsafeMutablePointer<KeyRefs>) {
        self.writer = writer
        self.keys = keys
    }

    /// The binary plist whose top object `write` writes (and answers the object number of).
    static func write(expectedObjects: Int = 1024, _ write: (DirectPlistWriter) -> Int) -> Data {
        let writer = BinaryPlistWriter(expectedObjects: expectedObjects)
        let keys = UnsafeMutablePointer<KeyRefs>.allocate(capacity: 1)
        keys.initialize(to: KeyRefs())
        defer {
            keys.pointee.refs.free()
            keys.deinitialize(count: 1)
            keys.deallocate()
        }
        return writer.finish(top: write(DirectPlistWriter(writer: writer, keys: keys)))
    }

    /// A dictionary being filled.
    struct Dict<Key: CodingKey & CaseIterable> {
        let open: BinaryPlistWriter.Open
        /// Where its key type's references start in `KeyRefs.refs`, or -1.
        let keys: Int
    }

    func dict<Key: CodingKey & CaseIterable>(_ type: Key.Type) -> Dict<Key> {
        Dict(open: writer.open(isDictionary: true), keys: keys.pointee.start(type))
    }

    func end<Key>(_ d: Dict<Key>) -> Int { writer.close(d.open) }

    func put<Key>(_ d: Dict<Key>, _ key: Key, _ value: Int) {
        writer.add(key: keyRef(d, key), value: value)
    }

    private func keyRef<Key>(_ d: Dict<Key>, _ key: Key) -> Int {
        guard d.keys >= 0 else { return writer.key(key.stringValue, in: writer.keyTable(Key.self), container: d.open.id) }
        let known = keys.pointee.refs.base + d.keys + CaseNumbering.number(of: key)
        if known.pointee < 0 { known.pointee = writer.string(key.stringValue) }
        return known.pointee
    }

    func string<Key>(_ d: Dict<Key>, _ key: Key, _ value: String) { put(d, key, writer.string(value)) }
    func string<Key>(_ d: Dict<Key>, _ key: Key, _ value: String?) { if let value { put(d, key, writer.string(value)) } }
    func int<Key>(_ d: Dict<Key>, _ key: Key, _ value: Int) { put(d, key, writer.integer(Int64(value))) }
    func int<Key>(_ d: Dict<Key>, _ key: Key, _ value: Int?) { if let value { put(d, key, writer.integer(Int64(value))) } }
    func double<Key>(_ d: Dict<Key>, _ key: Key, _ value: Double) { put(d, key, writer.real(value)) }
    func double<Key>(_ d: Dict<Key>, _ key: Key, _ value: Double?) { if let value { put(d, key, writer.real(value)) } }
    func bool<Key>(_ d: Dict<Key>, _ key: Key, _ value: Bool) { put(d, key, writer.bool(value)) }
    func bool<Key>(_ d: Dict<Key>, _ key: Key, _ value: Bool?) { if let value { put(d, key, writer.bool(value)) } }
}

/// The string object of each key already written, by key type and case (`CaseNumbering`): the
/// first use of a key writes it (`BinaryPlistWriter.string`, shared like every ASCII string),
/// as `BinaryPlistEncoder`'s first use of it in its type's `KeyTable` does.
private struct KeyRefs {
    /// Per key type met, where its cases' references start in `refs`; -1 for a type not stored
    /// as its case numbers, whose keys go through the writer's `KeyTable`s.
    var types = KeyTypeTable<Int>()
    var refs = GrowableStorage<Int>(capacity: 256)

    mutating func start<Key: CodingKey & CaseIterable>(_ key: Key.Type) -> Int {
        types.value(for: ObjectIdentifier(key)) {
            CaseNumbering.isNumbered(key) ? refs.append(repeating: -1, count: Key.allCases.count) : -1
        }
    }
}
