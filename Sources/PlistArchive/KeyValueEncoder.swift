import Foundation

/// Encodes `Encodable` values into plist-native values: `[String: Any]`, `[Any]`, `String`,
/// numbers, `Bool`, `Date`, `Data` — what `PropertyListSerialization` writes as XML.
public struct KeyValueEncoder {
    /// What a `nil` becomes.
    public enum NilEncodingStrategy: Sendable {
        /// Kept as `Optional<Any>.none` (not a plist value: for in-memory use).
        case keep
        /// The string `"$null"`, as `NSKeyedArchiver` spells null.
        case placeholder
        /// Left out: the key (or array element) is removed.
        case remove
    }

    public var nilEncodingStrategy: NilEncodingStrategy
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    public init(nilEncodingStrategy: NilEncodingStrategy = .remove) {
        self.nilEncodingStrategy = nilEncodingStrategy
    }

    /// The plist-native value of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> Any {
        let node = try KVNode.encode(value, path: [], userInfo: userInfo)
        guard let result = node.resolve(nilEncodingStrategy) else {
            if nilEncodingStrategy == .placeholder { return KeyValueEncoder.nullPlaceholder }
            return Optional<Any>.none as Any
        }
        return result
    }

    /// How `.placeholder` spells nil.
    public static let nullPlaceholder = "$null"
}

/// A value under construction: a scalar, a keyed or unkeyed collection, or nil.
final class KVNode {
    enum Content {
        case empty, null, scalar(Any), keyed([String: KVNode]), unkeyed([KVNode])
    }

    var content: Content = .empty

    static func encode<T: Encodable>(_ value: T, path: [CodingKey], userInfo: [CodingUserInfoKey: Any]) throws -> KVNode {
        let node = KVNode()
        if let scalar = KVNode.scalar(value) {
            node.content = .scalar(scalar)
        } else {
            try value.encode(to: KVEncoder(node: node, codingPath: path, userInfo: userInfo))
        }
        return node
    }

    /// Values that are plist-native as they are.
    static func scalar(_ value: Any) -> Any? {
        switch value {
        case let v as String: return v
        case let v as Bool: return v
        case let v as Int: return v
        case let v as Int8: return Int(v)
        case let v as Int16: return Int(v)
        case let v as Int32: return Int(v)
        case let v as Int64: return v
        case let v as UInt: return v
        case let v as UInt8: return Int(v)
        case let v as UInt16: return Int(v)
        case let v as UInt32: return Int(v)
        case let v as UInt64: return v
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as Date: return v
        case let v as Data: return v
        case let v as URL: return v.absoluteString
        default: return nil
        }
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

    func resolve(_ strategy: KeyValueEncoder.NilEncodingStrategy) -> Any? {
        switch content {
        case .empty: return [String: Any]()
        case .null:
            switch strategy {
            case .keep: return Optional<Any>.none as Any
            case .placeholder: return KeyValueEncoder.nullPlaceholder
            case .remove: return nil
            }
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
    var userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        _ = node.keyedChildren()
        return KeyedEncodingContainer(KVKeyedEncodingContainer<Key>(node: node, codingPath: codingPath, userInfo: userInfo))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .unkeyed = node.content {} else { node.content = .unkeyed([]) }
        return KVUnkeyedEncodingContainer(node: node, codingPath: codingPath, userInfo: userInfo)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        KVSingleValueEncodingContainer(node: node, codingPath: codingPath, userInfo: userInfo)
    }
}

struct KVKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: KVNode
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any]

    mutating func encodeNil(forKey key: Key) throws {
        let child = KVNode()
        child.content = .null
        node.set(child, forKey: key.stringValue)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(try KVNode.encode(value, path: codingPath + [key], userInfo: userInfo), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = KVNode()
        node.set(child, forKey: key.stringValue)
        return KVEncoder(node: child, codingPath: codingPath + [key], userInfo: userInfo).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let child = KVNode()
        node.set(child, forKey: key.stringValue)
        return KVEncoder(node: child, codingPath: codingPath + [key], userInfo: userInfo).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        let child = KVNode()
        node.set(child, forKey: key.stringValue)
        return KVEncoder(node: child, codingPath: codingPath + [key], userInfo: userInfo)
    }
}

struct KVUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let node: KVNode
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any]
    var count: Int { node.unkeyedCount }

    private var nextKey: CodingKey { KVIndexKey(count) }

    mutating func encodeNil() throws {
        let child = KVNode()
        child.content = .null
        node.append(child)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try KVNode.encode(value, path: codingPath + [nextKey], userInfo: userInfo))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = KVNode()
        let path = codingPath + [nextKey]
        node.append(child)
        return KVEncoder(node: child, codingPath: path, userInfo: userInfo).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let child = KVNode()
        let path = codingPath + [nextKey]
        node.append(child)
        return KVEncoder(node: child, codingPath: path, userInfo: userInfo).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        let child = KVNode()
        let path = codingPath + [nextKey]
        node.append(child)
        return KVEncoder(node: child, codingPath: path, userInfo: userInfo)
    }
}

struct KVSingleValueEncodingContainer: SingleValueEncodingContainer {
    let node: KVNode
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any]

    mutating func encodeNil() throws { node.content = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.content = try KVNode.encode(value, path: codingPath, userInfo: userInfo).content
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
