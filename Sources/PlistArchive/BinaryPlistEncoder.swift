#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let session = BPSession(writer: BinaryPlistWriter(userInfo: userInfo))
        // The deferred encoders hold the session that holds them: let them go however this ends
        // (the cycle leaked the writer and its buffers after every `superEncoder` use).
        defer { session.deferred = [] }
        let top = BPEncoder(session: session, parent: nil, key: nil)
        try top.encodeValue(value)
        return session.finish(top: top)
    }
}

/// What the encoders of one `encode` call share: the writer, and the encoders handed out by
/// `superEncoder`, whose values are known only at the end (a negative stand-in `-(n + 1)` for
/// the n-th until then).
private final class BPSession {
    let writer: BinaryPlistWriter
    var deferred: [BPEncoder] = []

    init(writer: BinaryPlistWriter) { self.writer = writer }

    func standIn(for encoder: BPEncoder) -> Int {
        deferred.append(encoder)
        return -deferred.count
    }

    /// The object number of an encoder's value; one that wrote nothing becomes an empty
    /// dictionary, once (the next call answers the same).
    func resolve(_ encoder: BPEncoder) -> Int {
        if let index = encoder.result { return index }
        let id = writer.container(isDictionary: true)
        encoder.use(container: id, index: writer.objectIndex(ofContainer: id))
        return writer.objectIndex(ofContainer: id)
    }

    func finish(top: BPEncoder) -> Data {
        writer.finish(top: resolve(top)) { [self] standIn in resolve(deferred[-standIn - 1]) }
    }
}

/// One value's encoder; its coding path is built only when asked for.
private final class BPEncoder: Encoder, PlistPathLinked {
    let session: BPSession
    let parent: BPEncoder?
    let key: (any CodingKey)?
    /// This value's object index, once known.
    private(set) var result: Int?
    /// The container this value is, when it is one.
    private var containerID: Int?

    init(session: BPSession, parent: BPEncoder?, key: (any CodingKey)?) {
        self.session = session
        self.parent = parent
        self.key = key
    }

    var writer: BinaryPlistWriter { session.writer }

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
        return KeyedEncodingContainer(BPKeyedContainer<Key>(encoder: self, id: storage(isDictionary: true, expected: keys.count), keys: keys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BPUnkeyedContainer(encoder: self, id: storage(isDictionary: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { BPSingleValueContainer(encoder: self) }

    /// The object index of a value: dates and data as plist objects, the rest through `encode(to:)`.
    func node<T: Encodable>(_ value: T, key: any CodingKey) throws -> Int {
        if let native = nativeObject(value) { return native }
        let child = BPEncoder(session: session, parent: self, key: key)
        try value.encode(to: child)
        return session.resolve(child)
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
    let keys: BinaryPlistWriter.KeyTable

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: BinaryPlistWriter { encoder.writer }

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
        let child = BPEncoder(session: encoder.session, parent: encoder, key: key)
        let container = child.container(keyedBy: keyType)
        add(key, child.result!)
        return container
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = BPEncoder(session: encoder.session, parent: encoder, key: key)
        let container = child.unkeyedContainer()
        add(key, child.result!)
        return container
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super", key: PlistNamedKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue, key: key) }

    private func superEncoder(named name: String, key: any CodingKey) -> any Encoder {
        let child = BPEncoder(session: encoder.session, parent: encoder, key: key)
        writer.append(key: writer.string(name), value: encoder.session.standIn(for: child), to: id)
        return child
    }
}

private struct BPUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: BPEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { writer.count(of: id) }
    private var writer: BinaryPlistWriter { encoder.writer }
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
        let child = BPEncoder(session: encoder.session, parent: encoder, key: nextKey)
        let container = child.container(keyedBy: keyType)
        add(child.result!)
        return container
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = BPEncoder(session: encoder.session, parent: encoder, key: nextKey)
        let container = child.unkeyedContainer()
        add(child.result!)
        return container
    }

    mutating func superEncoder() -> any Encoder {
        let child = BPEncoder(session: encoder.session, parent: encoder, key: nextKey)
        add(encoder.session.standIn(for: child))
        return child
    }
}

private struct BPSingleValueContainer: SingleValueEncodingContainer {
    let encoder: BPEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: BinaryPlistWriter { encoder.writer }

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
