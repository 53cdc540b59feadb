#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Decodable` values from binary property lists, reading the bytes in place.
///
/// It reads what `PropertyListEncoder` (binary) writes and decodes the same values from it:
/// `Date` and `Data` as plist dates and data, `nil` as the `"$null"` string, integers into any
/// integer type that holds them exactly, integers and reals into floating point.
///
/// Why not `PropertyListDecoder`: on Linux it takes about 150 ms for the 150-city feed, more than
/// half of it building `NSDictionary`/`NSNumber` trees (scripts/bench). This one walks the
/// object table directly. Damaged input is a `DecodingError`, never a trap; input that is not a
/// binary plist at all is `dataCorrupted` at the empty coding path.
public struct BinaryPlistDecoder {
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { raw throws -> T in
            guard let document = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a binary property list"))
            }
            let context = BPDecodingContext(document: document, userInfo: userInfo)
            return try BPDecoder(context: context, object: document.topObject, parent: nil, key: nil, depth: 0).decodeValue(T.self)
        }
    }

    /// Whether `data` starts like a binary plist (`bplist00`): what this decoder reads at all.
    public static func isBinaryPlist(_ data: Data) -> Bool {
        data.prefix(8).elementsEqual("bplist00".utf8)
    }
}

/// Shared by every decoder of one run.
private final class BPDecodingContext {
    let document: BinaryPlistDocument
    let userInfo: [CodingUserInfoKey: Any]
    /// Dictionary entries looked at, values and elements read so far. A file can reference one
    /// container from many places, so without a bound the work grows with the product of two
    /// of its sizes; `workLimit` makes it linear in the file's size (no stall on shared references).
    @exclusivity(unchecked) var work = 0
    let workLimit: Int

    init(document: BinaryPlistDocument, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.document = document
        self.userInfo = userInfo
        // A file that shares nothing costs well under one unit per byte; 8 leaves room for
        // the small shared values other writers may produce.
        workLimit = 8 * document.bytes.count + 4096
    }
}

private let maxDepth = 128

/// One value's decoder: the object it reads and where it is (its coding path is built only
/// when an error or a caller asks for it).
private final class BPDecoder: Decoder, PlistPathLinked {
    let context: BPDecodingContext
    let object: Int
    let parent: BPDecoder?
    let key: (any CodingKey)?
    let depth: Int
    /// Where this value's keyed container starts its next key lookup: synthesized
    /// `init(from:)` asks for keys in the order the encoder wrote them, so most lookups hit at once.
    @exclusivity(unchecked) var keyCursor = 0

    init(context: BPDecodingContext, object: Int, parent: BPDecoder?, key: (any CodingKey)?, depth: Int) {
        self.context = context
        self.object = object
        self.parent = parent
        self.key = key
        self.depth = depth
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    var document: BinaryPlistDocument { context.document }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let entries = document.dictionary(object) else { throw mismatch([String: Any].self, object, path: codingPath) }
        return KeyedDecodingContainer(BPKeyedContainer<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = document.array(object) else { throw mismatch([Any].self, object, path: codingPath) }
        return BPUnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { BPSingleValueContainer(decoder: self) }

    /// A child decoder for the object at `index`, reached through `key`.
    func child(_ index: Int, key: any CodingKey) throws -> BPDecoder {
        try charge(1, key: key)
        guard depth < maxDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: "nested too deeply"))
        }
        return BPDecoder(context: context, object: index, parent: self, key: key, depth: depth + 1)
    }

    /// Counts `units` of work; past the file's limit the file is refused as corrupt.
    @inline(__always)
    func charge(_ units: Int, key: (any CodingKey)?) throws {
        context.work += units
        if context.work > context.workLimit { throw overWorked(key) }
    }

    func overWorked(_ key: (any CodingKey)?) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath + (key.map { [$0] } ?? []), debugDescription: "shared values make this file too costly to read"))
    }

    // MARK: Reading objects

    func describe(_ index: Int) -> String {
        switch document.kind(index) {
        case .bool?: return "a boolean"
        case .integer?, .real?: return "a number"
        case .date?: return "a date"
        case .data?: return "data"
        case .asciiString?, .utf16String?: return "a string"
        case .uid?: return "a UID"
        case .array?: return "an array"
        case .dictionary?: return "a dictionary"
        case .other?: return "an unsupported object"
        case nil: return "a damaged object reference"
        }
    }

    func mismatch(_ type: Any.Type, _ index: Int, path: [any CodingKey]) -> DecodingError {
        if document.kind(index) == nil {
            return .dataCorrupted(.init(codingPath: path, debugDescription: "damaged object reference"))
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(describe(index))"))
    }

    /// Whether the object is the `"$null"` placeholder, from its bytes (no string is made).
    func isNull(_ index: Int) -> Bool { document.isASCII(index, "$null") }

    func bool(_ index: Int, path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard let value = document.bool(index) else { throw mismatch(Bool.self, index, path: path()) }
        return value
    }

    func string(_ index: Int, path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard let value = document.string(index) else { throw mismatch(String.self, index, path: path()) }
        return value
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type, _ index: Int, path: @autoclosure () -> [any CodingKey]) throws -> T {
        try exact(document.number(index, as: T.self), index, path: path())
    }

    func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, _ index: Int, path: @autoclosure () -> [any CodingKey]) throws -> T {
        try exact(document.number(index, as: T.self), index, path: path())
    }

    /// A number read by `BinaryPlistDocument.number(_:as:)`, or why not.
    private func exact<T>(_ number: T??, _ index: Int, path: @autoclosure () -> [any CodingKey]) throws -> T {
        guard let number else { throw mismatch(T.self, index, path: path()) }
        guard let number else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "number does not fit in \(T.self)"))
        }
        return number
    }

    /// Decodes a `T` from this decoder's object: plist dates and data directly, the rest through `T(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Date.self {
            guard let date = document.date(object) else { throw mismatch(Date.self, object, path: codingPath) }
            return date as! T
        }
        if T.self == Data.self {
            guard let data = document.data(object) else { throw mismatch(Data.self, object, path: codingPath) }
            return data as! T
        }
        if case .array? = document.kind(object), let arrayType = T.self as? any BPReservingArray.Type {
            return try arrayType.decodeReserving(from: self) as! T
        }
        return try T(from: self)
    }
}

/// Arrays decoded at their final size: the standard library's `Array.init(from:)` appends one
/// element at a time, so a 150-city array was copied eight times while it grew (1.5 MB of memory
/// touched for 3.7 KB cities). Same elements, same errors, same coding paths.
private protocol BPReservingArray {
    static func decodeReserving(from decoder: BPDecoder) throws -> Self
}

extension Array: BPReservingArray where Element: Decodable {
    fileprivate static func decodeReserving(from decoder: BPDecoder) throws -> [Element] {
        var container = try decoder.unkeyedContainer()
        var result: [Element] = []
        // A damaged count is bounded by the file's size, not by memory: reserve at most 16 MiB.
        result.reserveCapacity(Swift.min(container.count ?? 0, (16 << 20) / Swift.max(1, MemoryLayout<Element>.stride)))
        while !container.isAtEnd { result.append(try container.decode(Element.self)) }
        return result
    }
}

private struct BPKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: BPDecoder
    let entries: BinaryPlistDocument.Collection

    init(decoder: BPDecoder, entries: BinaryPlistDocument.Collection) {
        self.decoder = decoder
        self.entries = entries
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        decoder.context.work += entries.count  // checked at the next lookup or child
        return (0..<entries.count).compactMap { i in
            decoder.document.ref(entries, i).flatMap(decoder.document.string).flatMap(Key.init(stringValue:))
        }
    }

    /// The object index of `key`'s value, or nil when the dictionary has no such key.
    private func find(_ key: Key) throws -> Int? { try find(key.stringValue, key: key) }

    private func find(_ name: String, key: any CodingKey) throws -> Int? {
        // The outer optional says whether the name's UTF-8 was contiguous (always, for native strings).
        if let found = try name.utf8.withContiguousStorageIfAvailable({ try find($0, key: key) }) { return found }
        return try Array(name.utf8).withUnsafeBufferPointer { try find($0, key: key) }
    }

    private func find(_ name: UnsafeBufferPointer<UInt8>, key: any CodingKey) throws -> Int? {
        let lookup = decoder.document.find(name, in: entries, cursor: &decoder.keyCursor, steps: &decoder.context.work)
        if decoder.context.work > decoder.context.workLimit { throw decoder.overWorked(key) }
        switch lookup {
        case .found(let index): return index
        case .absent: return nil
        case .damagedKey:
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "damaged dictionary key"))
        case .damagedValue:
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: "damaged object reference"))
        }
    }

    private func required(_ key: Key) throws -> Int {
        guard let index = try find(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return index
    }

    /// The value's index when present and not the `"$null"` placeholder.
    private func present(_ key: Key) throws -> Int? {
        guard let index = try find(key), !decoder.isNull(index) else { return nil }
        return index
    }

    func contains(_ key: Key) -> Bool { (try? find(key)) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(try required(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(try required(key), path: codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.string(try required(key), path: codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.floatingPoint(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.floatingPoint(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(type, try required(key), path: codingPath + [key]) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.child(try required(key), key: key).decodeValue(type)
    }

    // One lookup per optional (the protocol's defaults make three: contains, decodeNil, decode).
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key).map { try decoder.bool($0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key).map { try decoder.string($0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key).map { try decoder.floatingPoint(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key).map { try decoder.floatingPoint(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key).map { try decoder.integer(type, $0, path: codingPath + [key]) } }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key).map { try decoder.child($0, key: key).decodeValue(type) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(try required(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try required(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(named: "super") }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(named: key.stringValue, key: key) }

    private func superDecoder(named name: String, key: (any CodingKey)? = nil) throws -> any Decoder {
        let key = key ?? PlistNamedKey(stringValue: name)
        guard let index = try find(name, key: key), !decoder.isNull(index) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \"\(name)\""))
        }
        return try decoder.child(index, key: key)
    }
}

private struct BPUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: BPDecoder
    let elements: BinaryPlistDocument.Collection
    private(set) var currentIndex = 0

    init(decoder: BPDecoder, elements: BinaryPlistDocument.Collection) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var key: PlistIndexKey { PlistIndexKey(intValue: currentIndex) }

    /// The next element's object index; advances only after the caller decoded it.
    private func peek(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "array has no more elements"))
        }
        guard let ref = decoder.document.ref(elements, currentIndex) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: "damaged object reference"))
        }
        try decoder.charge(1, key: key)
        return ref
    }

    private mutating func next<T>(_ type: T.Type, _ read: (Int, [any CodingKey]) throws -> T) throws -> T {
        let index = try peek(type)
        let value = try read(index, codingPath + [key])
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        let index = try peek(Any.self)
        guard decoder.isNull(index) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { [decoder] in try decoder.bool($0, path: $1) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { [decoder] in try decoder.string($0, path: $1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { [decoder] in try decoder.floatingPoint(type, $0, path: $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { [decoder] in try decoder.floatingPoint(type, $0, path: $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { [decoder] in try decoder.integer(type, $0, path: $1) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = try peek(type)
        let value = try decoder.child(index, key: key).decodeValue(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try peek([String: Any].self)
        let container = try decoder.child(index, key: key).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = try peek([Any].self)
        let container = try decoder.child(index, key: key).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = try peek(Any.self)
        let child = try decoder.child(index, key: key)
        currentIndex += 1
        return child
    }
}

private struct BPSingleValueContainer: SingleValueDecodingContainer {
    let decoder: BPDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var object: Int { decoder.object }

    func decodeNil() -> Bool { decoder.isNull(object) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(object, path: codingPath) }
    func decode(_ type: String.Type) throws -> String { try decoder.string(object, path: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.floatingPoint(type, object, path: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.floatingPoint(type, object, path: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type, object, path: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type, object, path: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
