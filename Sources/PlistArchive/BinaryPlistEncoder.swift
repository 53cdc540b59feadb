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

/// A value's place in the object table: written already, a container filled as encoding goes
/// on, or an encoder handed out (`superEncoder`) whose value is known only at the end.
private enum BPNode {
    case object(Int)
    case container(BPContainer)
    case deferred(BPEncoder)
}

/// An array or dictionary; its object index is fixed when it is created, its bytes written last.
private final class BPContainer {
    let index: Int
    let isDictionary: Bool
    var keys: [Int] = []
    var values: [BPNode] = []
    /// Where the next key is looked for in its type's `BPKeyTable`.
    var keyCursor = 0

    init(index: Int, isDictionary: Bool) {
        self.index = index
        self.isDictionary = isDictionary
    }
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
private final class BPWriter {
    let userInfo: [CodingUserInfoKey: Any]
    private var body: [UInt8] = Array("bplist00".utf8)
    private var offsets: [Int] = []
    private var containers: [BPContainer] = []
    private var asciiStrings: [String: Int] = [:]
    private var booleans: [Int?] = [nil, nil]
    private var keyTables: [ObjectIdentifier: BPKeyTable] = [:]
    /// Shared number objects, as Foundation shares them: small integers by value, reals by bits.
    private var smallIntegers = [Int](repeating: -1, count: 256)
    private var reals: [UInt64: Int] = [:]

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

    /// The string object of a key of `container`, found from the container's last key on.
    func key(_ name: String, in table: BPKeyTable, container: BPContainer) -> Int {
        let count = table.names.count
        var i = container.keyCursor
        for _ in 0..<count {
            if i >= count { i = 0 }
            if table.names[i] == name {
                container.keyCursor = i + 1
                return table.refs[i]
            }
            i += 1
        }
        let ref = string(name)
        table.names.append(name)
        table.refs.append(ref)
        container.keyCursor = count + 1
        return ref
    }

    func container(isDictionary: Bool) -> BPContainer {
        offsets.append(-1)  // written by finish()
        let container = BPContainer(index: offsets.count - 1, isDictionary: isDictionary)
        containers.append(container)
        return container
    }

    /// The object index of a node; an encoder that wrote nothing becomes an empty dictionary,
    /// once (the next call answers the same index).
    private func resolve(_ node: BPNode?) -> Int {
        switch node {
        case .object(let index)?: return index
        case .container(let container)?: return container.index
        case .deferred(let encoder)?:
            if encoder.result == nil { encoder.result = .container(container(isDictionary: true)) }
            return resolve(encoder.result)
        case nil: return container(isDictionary: true).index
        }
    }

    func finish(top: BPEncoder) -> Data {
        let topIndex = resolve(.deferred(top))
        // Every object must exist before references get their width: resolving may add empty
        // dictionaries, which the loop then also visits.
        var i = 0
        while i < containers.count {
            for value in containers[i].values { _ = resolve(value) }
            i += 1
        }
        let refSize = BinaryPlistBytes.width(UInt64(offsets.count))
        var refs: [UInt8] = []
        for container in containers {
            offsets[container.index] = body.count
            refs.removeAll(keepingCapacity: true)
            if container.isDictionary {
                marker(0xD0, count: container.keys.count)
                for key in container.keys { BinaryPlistBytes.appendBigEndian(UInt64(key), bytes: refSize, to: &refs) }
            } else {
                marker(0xA0, count: container.values.count)
            }
            for value in container.values { BinaryPlistBytes.appendBigEndian(UInt64(resolve(value)), bytes: refSize, to: &refs) }
            body.append(contentsOf: refs)
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
    var result: BPNode?

    init(writer: BPWriter, parent: BPEncoder?, key: (any CodingKey)?) {
        self.writer = writer
        self.parent = parent
        self.key = key
    }

    var userInfo: [CodingUserInfoKey: Any] { writer.userInfo }

    /// This value's container; asking again gives the same one, as Foundation's encoders do.
    private func storage(isDictionary: Bool) -> BPContainer {
        if case .container(let existing)? = result, existing.isDictionary == isDictionary { return existing }
        let container = writer.container(isDictionary: isDictionary)
        result = .container(container)
        return container
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(BPKeyedContainer<Key>(encoder: self, storage: storage(isDictionary: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BPUnkeyedContainer(encoder: self, storage: storage(isDictionary: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { BPSingleValueContainer(encoder: self) }

    /// The node of a value: dates and data as plist objects, the rest through `encode(to:)`.
    func node<T: Encodable>(_ value: T, key: any CodingKey) throws -> BPNode {
        if let native = nativeObject(value) { return .object(native) }
        let child = BPEncoder(writer: writer, parent: self, key: key)
        try value.encode(to: child)
        return child.result ?? .container(writer.container(isDictionary: true))
    }

    func encodeValue<T: Encodable>(_ value: T) throws {
        if let native = nativeObject(value) { result = .object(native) } else { try value.encode(to: self) }
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
    let storage: BPContainer
    let keys: BPKeyTable

    init(encoder: BPEncoder, storage: BPContainer) {
        self.encoder = encoder
        self.storage = storage
        keys = encoder.writer.keyTable(Key.self)
    }

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: BPWriter { encoder.writer }

    private func add(_ key: Key, _ node: BPNode) {
        storage.keys.append(writer.key(key.stringValue, in: keys, container: storage))
        storage.values.append(node)
    }

    mutating func encodeNil(forKey key: Key) throws { add(key, .object(writer.string("$null"))) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, .object(writer.bool(value))) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, .object(writer.string(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, .object(writer.real(value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, .object(writer.real(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, .object(writer.integer(Int64(value)))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, .object(writer.integer(Int64(value)))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, .object(writer.integer(Int64(value)))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, .object(writer.integer(Int64(value)))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, .object(writer.integer(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, .object(writer.unsigned(UInt64(value)))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, .object(writer.unsigned(UInt64(value)))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, .object(writer.unsigned(UInt64(value)))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, .object(writer.unsigned(UInt64(value)))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, .object(writer.unsigned(value))) }
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
        storage.keys.append(writer.string(name))
        storage.values.append(.deferred(child))
        return child
    }
}

private struct BPUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: BPEncoder
    let storage: BPContainer

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { storage.values.count }
    private var writer: BPWriter { encoder.writer }
    private var nextKey: PlistIndexKey { PlistIndexKey(intValue: storage.values.count) }

    private func add(_ index: Int) { storage.values.append(.object(index)) }

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
    mutating func encode<T: Encodable>(_ value: T) throws { storage.values.append(try encoder.node(value, key: nextKey)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = BPEncoder(writer: writer, parent: encoder, key: nextKey)
        let container = child.container(keyedBy: keyType)
        storage.values.append(child.result!)
        return container
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = BPEncoder(writer: writer, parent: encoder, key: nextKey)
        let container = child.unkeyedContainer()
        storage.values.append(child.result!)
        return container
    }

    mutating func superEncoder() -> any Encoder {
        let child = BPEncoder(writer: writer, parent: encoder, key: nextKey)
        storage.values.append(.deferred(child))
        return child
    }
}

private struct BPSingleValueContainer: SingleValueEncodingContainer {
    let encoder: BPEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: BPWriter { encoder.writer }

    private func set(_ index: Int) { encoder.result = .object(index) }

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
