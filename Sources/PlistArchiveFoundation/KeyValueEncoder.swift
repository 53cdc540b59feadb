import Foundation
import PlistArchive

/// Encodes `Encodable` values into loosely typed values — `[String: Any]`, `[Any]` and scalars —
/// with swhitty's KeyValueCoder API (`nilEncodingStrategy`, `dateEncodingStrategy`,
/// `keyEncodingStrategy`, `makePlistCompatible()`).
///
/// Where this module deliberately differs from the seed library:
/// - `foreignValueEncodingStrategy` (not in the seed): `.plistNative` writes a `URL` as its
///   `absoluteString` and a `Decimal` as a `Double`, because neither `PropertyListSerialization`
///   nor Linux `UserDefaults` can hold them (Linux `UserDefaults.set` stops the program on a URL
///   inside a dictionary). `makePlistCompatible()` sets it; the default `.keep` keeps them as the seed does.
/// - With `.plistNative`, integers are written as `Int` (or `UInt64` above `Int.max`) rather than
///   their own width, so a plist holds one integer type.
/// - Keys of nested containers and of `encodeNil(forKey:)` follow `keyEncodingStrategy` too
///   (the seed converts only keys of values).
/// - An epoch date that does not fit an `Int64` is an `EncodingError`, not a crash.
public struct KeyValueEncoder: Sendable {
    /// Strategy used to encode nil values.
    public typealias NilEncodingStrategy = NilCodingStrategy

    /// What a `Date` becomes.
    public enum DateEncodingStrategy: Sendable {
        /// The `Date` itself.
        case date
        /// An `Int64` of milliseconds since 1970-01-01 00:00 UTC.
        case millisecondsSince1970
        /// An `Int64` of seconds since 1970-01-01 00:00 UTC.
        case secondsSince1970
        /// Whatever the closure returns.
        case custom(@Sendable (Date) throws -> Any)

        /// An ISO 8601 string (`"1970-01-01T00:00:00Z"` with the default options).
        public static func iso8601(options: ISO8601DateFormatter.Options = [.withInternetDateTime]) -> Self {
            .custom { date in
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = options
                return formatter.string(from: date)
            }
        }
    }

    /// How a coding key becomes a dictionary key.
    public enum KeyEncodingStrategy: Sendable {
        /// `firstName` is written `first_name`.
        case convertToSnakeCase
        /// The coding key's `stringValue` as it is.
        case useDefaultKeys
    }

    /// What happens to values that are not property-list types.
    public enum ForeignValueEncodingStrategy: Sendable {
        /// `URL` and `Decimal` are kept as they are (the seed's behaviour).
        case keep
        /// `URL` becomes its `absoluteString` and `Decimal` a `Double`: only plist types come out.
        case plistNative
    }

    /// Contextual user-provided information for use during encoding.
    public var userInfo: [CodingUserInfoKey: any Sendable]
    /// The strategy to use for encoding `Date` values.
    public var dateEncodingStrategy: DateEncodingStrategy = .date
    /// The strategy to use for encoding each type's keys.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// The strategy to use for encoding `nil`; `.default` keeps `Optional<Any>.none`.
    public var nilEncodingStrategy: NilEncodingStrategy = .default
    /// The strategy to use for `URL` and `Decimal`.
    public var foreignValueEncodingStrategy: ForeignValueEncodingStrategy = .keep

    /// An encoder with the default strategies.
    public init() {
        self.userInfo = [:]
    }

    /// An encoder with the given nil strategy.
    @available(*, deprecated, message: "use init() and set nilEncodingStrategy")
    public init(nilEncodingStrategy: NilEncodingStrategy) {
        self.init()
        self.nilEncodingStrategy = nilEncodingStrategy
    }

    /// An encoder whose output `PropertyListSerialization` and `UserDefaults` accept: nil as `"$null"`, plist types only.
    public static func makePlistCompatible() -> KeyValueEncoder {
        var encoder = KeyValueEncoder()
        encoder.nilEncodingStrategy = .stringNull
        encoder.foreignValueEncodingStrategy = .plistNative
        return encoder
    }

    /// The loosely typed value of `value`: `[Any]`, `[String: Any]` or a scalar; `nil` only when
    /// `value` is nil and the strategy is `.removed`.
    public func encode<T: Encodable>(_ value: T) throws -> Any? {
        try KVNode.encode(value, path: [], options: self).resolve(nilEncodingStrategy)
    }

    /// `"$null"`, kept for callers of the earlier API.
    @available(*, deprecated, renamed: "NilCodingStrategy.nullString")
    public static var nullPlaceholder: String { NilCodingStrategy.nullString }

    func storageKey(_ key: CodingKey) -> String {
        switch keyEncodingStrategy {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return SnakeCase.convert(key.stringValue)
        }
    }

    /// The scalar `value` becomes, or `nil` when it is not a scalar and encodes itself.
    func scalar(_ value: Any, at path: [CodingKey]) throws -> Any? {
        let plistNative = foreignValueEncodingStrategy == .plistNative
        switch value {
        case let v as String: return v
        case let v as Bool: return v
        case let v as Data: return v
        case let v as Date: return try encodeDate(v, value: value, at: path)
        case let v as URL: return plistNative ? v.absoluteString : v
        case let v as Decimal: return plistNative ? NSDecimalNumber(decimal: v).doubleValue : v
        case let v as Double: return v
        case let v as Float: return v
        default:
            guard let integer = value as? any FixedWidthInteger else { return nil }
            guard plistNative else { return integer }
            if let v = Int(exactly: integer) { return v }
            return UInt64(truncatingIfNeeded: integer)
        }
    }

    private func encodeDate(_ date: Date, value: Any, at path: [CodingKey]) throws -> Any {
        func epoch(_ interval: Double) throws -> Int64 {
            guard let whole = Int64(exactly: interval.rounded(.towardZero)) else {
                throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription:
                    "Date at \(KeyValueDecoder.keyPath(path)) cannot be encoded as an Int64 epoch"))
            }
            return whole
        }
        switch dateEncodingStrategy {
        case .date: return date
        case .secondsSince1970: return try epoch(date.timeIntervalSince1970)
        case .millisecondsSince1970: return try epoch(date.timeIntervalSince1970 * 1000)
        case .custom(let transform):
            do {
                return try transform(date)
            } catch {
                throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription:
                    "Date at \(KeyValueDecoder.keyPath(path)) cannot be encoded. \(error.localizedDescription)", underlyingError: error))
            }
        }
    }
}

#if canImport(Combine)
import Combine
extension KeyValueEncoder: TopLevelEncoder {
    public typealias Output = Any?
}
#endif

/// A value under construction: a scalar, a keyed or unkeyed collection, or nil.
final class KVNode {
    enum Content {
        case empty, null, scalar(Any), keyed([String: KVNode]), unkeyed([KVNode])
    }

    var content: Content = .empty

    static func encode<T: Encodable>(_ value: T, path: [CodingKey], options: KeyValueEncoder) throws -> KVNode {
        let node = KVNode()
        if let scalar = try options.scalar(value, at: path) {
            node.content = .scalar(scalar)
        } else {
            try value.encode(to: KVEncoder(node: node, codingPath: path, options: options))
        }
        return node
    }

    func keyedChildren() -> [String: KVNode] {
        if case .keyed(let children) = content { return children }
        content = .keyed([:])
        return [:]
    }

    func set(_ child: KVNode, forKey key: String) {
        var children = keyedChildren()
        children[key] = child
        content = .keyed(children)
    }

    func append(_ child: KVNode) {
        var children: [KVNode] = []
        if case .unkeyed(let existing) = content { children = existing }
        children.append(child)
        content = .unkeyed(children)
    }

    var unkeyedCount: Int {
        if case .unkeyed(let children) = content { return children.count }
        return 0
    }

    /// The finished value; `nil` for a nil that the strategy removes.
    func resolve(_ strategy: NilCodingStrategy) -> Any? {
        switch content {
        case .empty: return [String: Any]()
        case .null: return strategy.placeholderValue
        case .scalar(let value): return value
        case .keyed(let children):
            var dict: [String: Any] = [:]
            for (key, child) in children {
                if let value = child.resolve(strategy) { dict[key] = value }
            }
            return dict
        case .unkeyed(let children):
            return children.compactMap { $0.resolve(strategy) }
        }
    }
}

struct KVEncoder: Encoder {
    let node: KVNode
    var codingPath: [CodingKey]
    let options: KeyValueEncoder
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        _ = node.keyedChildren()
        return KeyedEncodingContainer(KVKeyedEncodingContainer<Key>(node: node, codingPath: codingPath, options: options))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .unkeyed = node.content {} else { node.content = .unkeyed([]) }
        return KVUnkeyedEncodingContainer(node: node, codingPath: codingPath, options: options)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        KVSingleValueEncodingContainer(node: node, codingPath: codingPath, options: options)
    }
}

struct KVKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: KVNode
    var codingPath: [CodingKey]
    let options: KeyValueEncoder

    mutating func encodeNil(forKey key: Key) throws {
        let child = KVNode()
        child.content = .null
        node.set(child, forKey: options.storageKey(key))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(try KVNode.encode(value, path: codingPath + [key], options: options), forKey: options.storageKey(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KVEncoder(node: child(key), codingPath: codingPath + [key], options: options).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        KVEncoder(node: child(key), codingPath: codingPath + [key], options: options).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        KVEncoder(node: child(KVSuperKey()), codingPath: codingPath + [KVSuperKey()], options: options)
    }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        KVEncoder(node: child(key), codingPath: codingPath + [key], options: options)
    }

    private func child(_ key: CodingKey) -> KVNode {
        let child = KVNode()
        node.set(child, forKey: options.storageKey(key))
        return child
    }
}

struct KVUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let node: KVNode
    var codingPath: [CodingKey]
    let options: KeyValueEncoder
    var count: Int { node.unkeyedCount }

    private var nextPath: [CodingKey] { codingPath + [KVIndexKey(count)] }

    mutating func encodeNil() throws {
        let child = KVNode()
        child.content = .null
        node.append(child)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try KVNode.encode(value, path: nextPath, options: options))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return KVEncoder(node: appendChild(), codingPath: path, options: options).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let path = nextPath
        return KVEncoder(node: appendChild(), codingPath: path, options: options).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        let path = nextPath
        return KVEncoder(node: appendChild(), codingPath: path, options: options)
    }

    private func appendChild() -> KVNode {
        let child = KVNode()
        node.append(child)
        return child
    }
}

struct KVSingleValueEncodingContainer: SingleValueEncodingContainer {
    let node: KVNode
    var codingPath: [CodingKey]
    let options: KeyValueEncoder

    mutating func encodeNil() throws { node.content = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.content = try KVNode.encode(value, path: codingPath, options: options).content
    }
}

/// An array index as a coding key (`[3]` in paths).
struct KVIndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

/// The key `superEncoder()` and `superDecoder()` use, as Foundation's coders do.
struct KVSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }

    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { return nil }
}
