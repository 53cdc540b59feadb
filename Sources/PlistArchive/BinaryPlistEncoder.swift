import Foundation

/// Encodes `Encodable` values as binary property lists (`bplist00`), in the form
/// `PropertyListEncoder` with `.binary` output gives them: dictionaries for keyed containers,
/// arrays for unkeyed ones, `Date` and `Data` as plist dates and data, `nil` as `"$null"`,
/// ASCII strings shared by every use. `PropertyListDecoder` reads what it writes into equal
/// values (tested both ways).
///
/// Why not `PropertyListEncoder`: on Linux it takes about 75 ms for the 150-city feed
/// (scripts/bench); this one writes the object table directly.
public struct BinaryPlistEncoder {
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let writer = BPWriter(userInfo: userInfo)
        let top = BPEncoder(writer: writer, parent: nil, key: nil)
        try top.encodeValue(value)
        return writer.finish(top: top)
    }
}

/// An array or dictionary being filled: its object index is fixed when it is created, its bytes
/// are written last. Values are object indexes; a negative one, `-(n + 1)`, stands for the n-th
/// encoder handed out by `superEncoder`, whose value is known only at the end.
private struct BPContainer {
    let index: Int
    let isDictionary: Bool
    var keys: [Int] = []
    var values: [Int] = []
    /// Where the next key is looked for in its type's `BPKeyTable`.
    var keyCursor = 0
}

/// The string objects of one `CodingKey` type's keys, in the order first met: values of a type
/// encode their keys in the same order, so a lookup from the last hit seldom compares twice,
/// and no key is hashed after its first use.
private final class BPKeyTable {
    var names: [String] = []
    var refs: [Int] = []
}

/// The object table being built: scalars are written as they come, containers at the end
/// (their references' width depends on how many objects there are).
///
/// One writer serves one `encode` call on one thread, and no access to its storage overlaps
/// another: the hot properties skip the runtime's exclusivity bookkeeping, which was a tenth
/// of encoding (scripts/bench).
private final class BPWriter {
    let userInfo: [CodingUserInfoKey: Any]
    @exclusivity(unchecked) private var body: [UInt8] = Array("bplist00".utf8)
    @exclusivity(unchecked) private var offsets: [Int] = []
    /// Every array and dictionary, by container number.
    @exclusivity(unchecked) private var containers: [BPContainer] = []
    @exclusivity(unchecked) private var deferred: [BPEncoder] = []
    @exclusivity(unchecked) private var asciiStrings: [String: Int] = [:]
    @exclusivity(unchecked) private var booleans: [Int?] = [nil, nil]
    @exclusivity(unchecked) private var keyTables: [ObjectIdentifier: BPKeyTable] = [:]
    /// Shared number objects, as Foundation shares them: small integers by value, reals by bits.
    @exclusivity(unchecked) private var smallIntegers = [Int](repeating: -1, count: 256)
    @exclusivity(unchecked) private var reals: [UInt64: Int] = [:]

    init(userInfo: [CodingUserInfoKey: any Sendable]) {
        self.userInfo = userInfo
        body.reserveCapacity(64 * 1024)
    }

    private func begin() -> Int {
        offsets.append(body.count)
        return offsets.count - 1
    }

    private func marker(_ kind: UInt8, count: Int) { BinaryPlistBytes.appendMarker(kind, count: count, to: &body) }

    private func appendBigEndian(_ value: UInt64, bytes: Int, marker: UInt8? = nil) {
        BinaryPlistBytes.appendBigEndian(value, bytes: bytes, marker: marker, to: &body)
    }

    private func appendInteger(_ value: UInt64) { BinaryPlistBytes.appendInteger(value, to: &body) }

    func integer(_ value: Int64) -> Int {
        if value >= 0, value < 256 {
            if smallIntegers[Int(value)] >= 0 { return smallIntegers[Int(value)] }
            let index = begin()
            appendInteger(UInt64(value))
            smallIntegers[Int(value)] = index
            return index
        }
        let index = begin()
        if value < 0 {
            appendBigEndian(UInt64(bitPattern: value), bytes: 8, marker: 0x13)
        } else {
            appendInteger(UInt64(value))
        }
        return index
    }

    func unsigned(_ value: UInt64) -> Int {
        if value <= UInt64(Int64.max) { return integer(Int64(value)) }
        let index = begin()  // past Int64.max: a 16-byte integer, high half zero
        body.append(0x14)
        appendBigEndian(0, bytes: 8)
        appendBigEndian(value, bytes: 8)
        return index
    }

    func real(_ value: Double) -> Int {
        if let index = reals[value.bitPattern] { return index }
        let index = begin()
        appendBigEndian(value.bitPattern, bytes: 8, marker: 0x23)
        reals[value.bitPattern] = index
        return index
    }

    func real(_ value: Float) -> Int {
        let index = begin()
        appendBigEndian(UInt64(value.bitPattern), bytes: 4, marker: 0x22)
        return index
    }

    func bool(_ value: Bool) -> Int {
        let slot = value ? 1 : 0
        if let index = booleans[slot] { return index }
        let index = begin()
        body.append(value ? 0x09 : 0x08)
        booleans[slot] = index
        return index
    }

    func date(_ value: Date) -> Int {
        let index = begin()
        appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, bytes: 8, marker: 0x33)
        return index
    }

    func data(_ value: Data) -> Int {
        let index = begin()
        marker(0x40, count: value.count)
        body.append(contentsOf: value)
        return index
    }

    /// ASCII strings are written once and shared (keys repeat in every city); others as UTF-16,
    /// each use its own object (Swift's `==` would merge canonically equal but different text).
    func string(_ value: String) -> Int {
        var value = value
        let isASCII = value.withUTF8 { utf8 in utf8.allSatisfy { $0 < 0x80 } }
        if isASCII {
            if let index = asciiStrings[value] { return index }
            let index = begin()
            value.withUTF8 { utf8 in
                marker(0x50, count: utf8.count)
                body.append(contentsOf: utf8)
            }
            asciiStrings[value] = index
            return index
        }
        let index = begin()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 * value.utf16.count)
        for unit in value.utf16 {
            bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
            bytes.append(UInt8(truncatingIfNeeded: unit))
        }
        marker(0x60, count: bytes.count / 2)
        body.append(contentsOf: bytes)
        return index
    }

    func keyTable<Key: CodingKey>(_ type: Key.Type) -> BPKeyTable {
        if let table = keyTables[ObjectIdentifier(type)] { return table }
        let table = BPKeyTable()
        keyTables[ObjectIdentifier(type)] = table
        return table
    }

    /// The string object of a key of container `id`, found from the container's last key on.
    func key(_ name: String, in table: BPKeyTable, container id: Int) -> Int {
        let count = table.names.count
        var i = containers[id].keyCursor
        for _ in 0..<count {
            if i >= count { i = 0 }
            if table.names[i] == name {
                containers[id].keyCursor = i + 1
                return table.refs[i]
            }
            i += 1
        }
        let ref = string(name)
        table.names.append(name)
        table.refs.append(ref)
        containers[id].keyCursor = count + 1
        return ref
    }

    // MARK: Containers

    /// A new container's number; `expected` entries are reserved (a type's key count, known
    /// from its first value, saves growing the arrays of every later one).
    func container(isDictionary: Bool, expected: Int = 0) -> Int {
        offsets.append(-1)  // written by finish()
        var container = BPContainer(index: offsets.count - 1, isDictionary: isDictionary)
        if expected > 0 {
            container.keys.reserveCapacity(isDictionary ? expected : 0)
            container.values.reserveCapacity(expected)
        }
        containers.append(container)
        return containers.count - 1
    }

    func objectIndex(ofContainer id: Int) -> Int { containers[id].index }

    func isDictionary(_ id: Int) -> Bool { containers[id].isDictionary }

    func count(of id: Int) -> Int { containers[id].values.count }

    func append(key: Int, value: Int, to id: Int) {
        containers[id].keys.append(key)
        containers[id].values.append(value)
    }

    func append(value: Int, to id: Int) { containers[id].values.append(value) }

    /// The value slot of an encoder handed out by `superEncoder`, resolved at the end.
    func deferredValue(_ encoder: BPEncoder) -> Int {
        deferred.append(encoder)
        return -deferred.count
    }

    /// The object index of a container value; an encoder that wrote nothing becomes an empty
    /// dictionary, once (the next call answers the same index).
    private func resolve(_ value: Int) -> Int {
        guard value < 0 else { return value }
        return resolve(encoder: deferred[-value - 1])
    }

    func resolve(encoder: BPEncoder) -> Int {
        if let index = encoder.result { return index }
        let id = container(isDictionary: true)
        encoder.use(container: id, index: objectIndex(ofContainer: id))
        return objectIndex(ofContainer: id)
    }

    func finish(top: BPEncoder) -> Data {
        let topIndex = resolve(encoder: top)
        // Every object must exist before references get their width: resolving may add empty
        // dictionaries, which the loop then also visits.
        var i = 0
        while i < containers.count {
            for value in containers[i].values where value < 0 { _ = resolve(value) }
            i += 1
        }
        let refSize = BinaryPlistBytes.width(UInt64(offsets.count))
        var refBytes = 0
        for container in containers { refBytes += 9 + (container.keys.count + container.values.count) * refSize }
        body.reserveCapacity(body.count + refBytes + offsets.count * 8 + 32)
        for container in containers {
            offsets[container.index] = body.count
            marker(container.isDictionary ? 0xD0 : 0xA0, count: container.values.count)
            for key in container.keys { appendBigEndian(UInt64(key), bytes: refSize) }
            for value in container.values { appendBigEndian(UInt64(resolve(value)), bytes: refSize) }
        }
        BinaryPlistBytes.appendTable(offsets: offsets, refSize: refSize, top: topIndex, to: &body)
        return Data(body)
    }
}

/// One value's encoder; its coding path is built only when asked for.
private final class BPEncoder: Encoder, PlistPathLinked {
    let writer: BPWriter
    let parent: BPEncoder?
    let key: (any CodingKey)?
    /// This value's object index, once known.
    private(set) var result: Int?
    /// The container this value is, when it is one.
    private var containerID: Int?

    init(writer: BPWriter, parent: BPEncoder?, key: (any CodingKey)?) {
        self.writer = writer
        self.parent = parent
        self.key = key
    }

    var userInfo: [CodingUserInfoKey: Any] { writer.userInfo }

    func set(object index: Int) {
        result = index
        containerID = nil
    }

    func use(container id: Int, index: Int) {
        containerID = id
        result = index
    }

    /// This value's container; asking again gives the same one, as Foundation's encoders do.
    private func storage(isDictionary: Bool, expected: Int = 0) -> Int {
        if let id = containerID, writer.isDictionary(id) == isDictionary { return id }
        let id = writer.container(isDictionary: isDictionary, expected: expected)
        use(container: id, index: writer.objectIndex(ofContainer: id))
        return id
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let keys = writer.keyTable(Key.self)
        return KeyedEncodingContainer(BPKeyedContainer<Key>(encoder: self, id: storage(isDictionary: true, expected: keys.names.count), keys: keys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BPUnkeyedContainer(encoder: self, id: storage(isDictionary: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { BPSingleValueContainer(encoder: self) }

    /// The object index of a value: dates and data as plist objects, the rest through `encode(to:)`.
    func node<T: Encodable>(_ value: T, key: any CodingKey) throws -> Int {
        if let native = nativeObject(value) { return native }
        let child = BPEncoder(writer: writer, parent: self, key: key)
        try value.encode(to: child)
        return writer.resolve(encoder: child)
    }

    func encodeValue<T: Encodable>(_ value: T) throws {
        if let native = nativeObject(value) { set(object: native) } else { try value.encode(to: self) }
    }

    /// Dates and data are plist objects of their own, not what their `encode(to:)` would write.
    private func nativeObject<T: Encodable>(_ value: T) -> Int? {
        if T.self == Date.self { return writer.date(value as! Date) }
        if T.self == Data.self { return writer.data(value as! Data) }
        return nil
    }
}

private struct BPKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: BPEncoder
    let id: Int
    let keys: BPKeyTable

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: BPWriter { encoder.writer }

    private func add(_ key: Key, _ value: Int) {
        writer.append(key: writer.key(key.stringValue, in: keys, container: id), value: value, to: id)
    }

    mutating func encodeNil(forKey key: Key) throws { add(key, writer.string("$null")) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, writer.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, writer.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, writer.real(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, writer.real(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, writer.integer(Int64(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, writer.integer(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, writer.integer(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, writer.integer(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, writer.integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, writer.unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { add(key, try encoder.node(value, key: key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = BPEncoder(writer: writer, parent: encoder, key: key)
        let container = child.container(keyedBy: keyType)
        add(key, child.result!)
        return container
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = BPEncoder(writer: writer, parent: encoder, key: key)
        let container = child.unkeyedContainer()
        add(key, child.result!)
        return container
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super", key: PlistNamedKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue, key: key) }

    private func superEncoder(named name: String, key: any CodingKey) -> any Encoder {
        let child = BPEncoder(writer: writer, parent: encoder, key: key)
        writer.append(key: writer.string(name), value: writer.deferredValue(child), to: id)
        return child
    }
}

private struct BPUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: BPEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { writer.count(of: id) }
    private var writer: BPWriter { encoder.writer }
    private var nextKey: PlistIndexKey { PlistIndexKey(intValue: count) }

    private func add(_ index: Int) { writer.append(value: index, to: id) }

    mutating func encodeNil() throws { add(writer.string("$null")) }
    mutating func encode(_ value: Bool) throws { add(writer.bool(value)) }
    mutating func encode(_ value: String) throws { add(writer.string(value)) }
    mutating func encode(_ value: Double) throws { add(writer.real(value)) }
    mutating func encode(_ value: Float) throws { add(writer.real(value)) }
    mutating func encode(_ value: Int) throws { add(writer.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { add(writer.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { add(writer.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { add(writer.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { add(writer.integer(value)) }
    mutating func encode(_ value: UInt) throws { add(writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { add(writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { add(writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { add(writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { add(writer.unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { add(try encoder.node(value, key: nextKey)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = BPEncoder(writer: writer, parent: encoder, key: nextKey)
        let container = child.container(keyedBy: keyType)
        add(child.result!)
        return container
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = BPEncoder(writer: writer, parent: encoder, key: nextKey)
        let container = child.unkeyedContainer()
        add(child.result!)
        return container
    }

    mutating func superEncoder() -> any Encoder {
        let child = BPEncoder(writer: writer, parent: encoder, key: nextKey)
        add(writer.deferredValue(child))
        return child
    }
}

private struct BPSingleValueContainer: SingleValueEncodingContainer {
    let encoder: BPEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: BPWriter { encoder.writer }

    private func set(_ index: Int) { encoder.set(object: index) }

    mutating func encodeNil() throws { set(writer.string("$null")) }
    mutating func encode(_ value: Bool) throws { set(writer.bool(value)) }
    mutating func encode(_ value: String) throws { set(writer.string(value)) }
    mutating func encode(_ value: Double) throws { set(writer.real(value)) }
    mutating func encode(_ value: Float) throws { set(writer.real(value)) }
    mutating func encode(_ value: Int) throws { set(writer.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { set(writer.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { set(writer.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { set(writer.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { set(writer.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { set(writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { set(writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { set(writer.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { set(writer.unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
