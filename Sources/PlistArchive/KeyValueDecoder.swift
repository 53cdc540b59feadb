import Foundation

/// Decodes `Decodable` values from plist-native values (`[String: Any]`, `[Any]`, scalars,
/// `Date`, `Data`). Numbers must fit exactly: 1000 is not a `UInt8`, 1.5 is not an `Int`.
/// Errors name the key path in their description (`SELF[1].name`).
public struct KeyValueDecoder {
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: Any) throws -> T {
        try KVDecoder(value: value, codingPath: [], userInfo: userInfo).decodeValue(type, value, path: [])
    }

    /// `SELF.name[1].key` for a coding path.
    public static func keyPath(_ path: [CodingKey]) -> String {
        "SELF" + path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }
}

struct KVDecoder: Decoder {
    let value: Any
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any]

    static func isNull(_ value: Any?) -> Bool {
        guard let value else { return true }
        if value is NSNull { return true }
        if let s = value as? String, s == KeyValueEncoder.nullPlaceholder { return true }
        if case Optional<Any>.none = value { return true }
        return false
    }

    func mismatch(_ type: Any.Type, _ value: Any, _ path: [CodingKey], _ why: String? = nil) -> DecodingError {
        let found = KVDecoder.isNull(value) ? "nil" : "\(Swift.type(of: value)) \(value)"
        return .typeMismatch(type, .init(codingPath: path, debugDescription:
            "Expected \(type) at \(KeyValueDecoder.keyPath(path)), found \(found)\(why.map { " (\($0))" } ?? "")"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let dict = KVDecoder.dictionary(value) else { throw mismatch([String: Any].self, value, codingPath) }
        return KeyedDecodingContainer(KVKeyedDecodingContainer<Key>(decoder: self, dict: dict))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard let array = value as? [Any] else { throw mismatch([Any].self, value, codingPath) }
        return KVUnkeyedDecodingContainer(decoder: self, array: array)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        KVSingleValueDecodingContainer(decoder: self)
    }

    static func dictionary(_ value: Any) -> [String: Any]? {
        if let dict = value as? [String: Any] { return dict }
        if let dict = value as? [AnyHashable: Any] {
            var result: [String: Any] = [:]
            for (k, v) in dict { guard let key = k.base as? String else { return nil }; result[key] = v }
            return result
        }
        return nil
    }

    func decodeValue<T: Decodable>(_ type: T.Type, _ value: Any, path: [CodingKey]) throws -> T {
        if KVDecoder.isNull(value), !(T.self is ExpressibleByNilLiteral.Type) {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription:
                "Expected \(type) at \(KeyValueDecoder.keyPath(path)), found nil"))
        }
        switch type {
        case is String.Type:
            guard let v = value as? String else { throw mismatch(type, value, path) }
            return v as! T
        case is Bool.Type:
            guard let v = value as? Bool, !(value is Int) || value is Bool else { throw mismatch(type, value, path) }
            return v as! T
        case is Date.Type:
            guard let v = value as? Date else { throw mismatch(type, value, path) }
            return v as! T
        case is Data.Type:
            guard let v = value as? Data else { throw mismatch(type, value, path) }
            return v as! T
        case is URL.Type:
            guard let s = value as? String, let url = URL(string: s) else { throw mismatch(type, value, path) }
            return url as! T
        case let integer as any FixedWidthInteger.Type:
            return try exactInteger(integer, value, path) as! T
        case let float as any BinaryFloatingPoint.Type:
            return try floatingPoint(float, value, path) as! T
        default:
            return try T(from: KVDecoder(value: value, codingPath: path, userInfo: userInfo))
        }
    }

    private func exactInteger<I: FixedWidthInteger>(_ type: I.Type, _ value: Any, _ path: [CodingKey]) throws -> I {
        if value is Bool { throw mismatch(type, value, path) }
        let result: I?
        switch value {
        case let v as Int: result = I(exactly: v)
        case let v as Int64: result = I(exactly: v)
        case let v as UInt64: result = I(exactly: v)
        case let v as UInt: result = I(exactly: v)
        case let v as Int32: result = I(exactly: v)
        case let v as Double: result = v.isFinite ? I(exactly: v) : nil
        case let v as Float: result = v.isFinite ? I(exactly: v) : nil
        case let v as NSNumber: result = I(exactly: v.doubleValue)
        default: throw mismatch(type, value, path)
        }
        guard let result else { throw mismatch(type, value, path, "not exactly representable") }
        return result
    }

    private func floatingPoint<F: BinaryFloatingPoint>(_ type: F.Type, _ value: Any, _ path: [CodingKey]) throws -> F {
        if value is Bool { throw mismatch(type, value, path) }
        switch value {
        case let v as Double: return F(v)
        case let v as Float: return F(v)
        case let v as Int: return F(v)
        case let v as Int64: return F(v)
        case let v as UInt64: return F(v)
        case let v as NSNumber: return F(v.doubleValue)
        default: throw mismatch(type, value, path)
        }
    }
}

struct KVKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: KVDecoder
    let dict: [String: Any]
    var codingPath: [CodingKey] { decoder.codingPath }
    var allKeys: [Key] { dict.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { dict[key.stringValue] != nil }

    private func value(_ key: Key) throws -> Any {
        guard let value = dict[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription:
                "No value at \(KeyValueDecoder.keyPath(codingPath + [key]))"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { KVDecoder.isNull(dict[key.stringValue]) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeValue(type, try value(key), path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try KVDecoder(value: try value(key), codingPath: codingPath + [key], userInfo: decoder.userInfo).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try KVDecoder(value: try value(key), codingPath: codingPath + [key], userInfo: decoder.userInfo).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        KVDecoder(value: dict["super"] ?? [String: Any](), codingPath: codingPath, userInfo: decoder.userInfo)
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        KVDecoder(value: try value(key), codingPath: codingPath + [key], userInfo: decoder.userInfo)
    }
}

struct KVUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: KVDecoder
    let array: [Any]
    var codingPath: [CodingKey] { decoder.codingPath }
    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }
    var currentIndex = 0

    init(decoder: KVDecoder, array: [Any]) {
        self.decoder = decoder
        self.array = array
    }

    private var path: [CodingKey] { codingPath + [KVIndexKey(currentIndex)] }

    private func current<T>(_ type: T.Type) throws -> Any {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription:
                "Unkeyed container is at its end at \(KeyValueDecoder.keyPath(path))"))
        }
        return array[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, KVDecoder.isNull(array[currentIndex]) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.decodeValue(type, try current(type), path: path)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try KVDecoder(value: try current([String: Any].self), codingPath: path, userInfo: decoder.userInfo).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let container = try KVDecoder(value: try current([Any].self), codingPath: path, userInfo: decoder.userInfo).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> Decoder {
        let sub = KVDecoder(value: try current(Any.self), codingPath: path, userInfo: decoder.userInfo)
        currentIndex += 1
        return sub
    }
}

struct KVSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: KVDecoder
    var codingPath: [CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { KVDecoder.isNull(decoder.value) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeValue(type, decoder.value, path: codingPath)
    }
}
