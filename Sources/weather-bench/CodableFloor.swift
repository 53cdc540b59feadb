import Foundation

// The cost of `Codable` itself, with no format at all: an encoder that drops every value and a
// decoder that answers every request with a constant (every optional present, every array of
// `arrayCount` elements). What a feed's round trip costs through these is the least any
// `Codable`-based archive of it can cost on this machine, whatever its bytes.

/// Drops everything it is given; creates containers as every encoder must.
struct DiscardingEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(Keyed<Key>()) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single() }

    /// Scalars are dropped; other values encode themselves into a new discarding encoder.
    fileprivate static func discard<T: Encodable>(_ value: T) throws {
        if T.self == String.self || T.self == Double.self || T.self == Int.self || T.self == Bool.self { return }
        if T.self is any FixedWidthInteger.Type || T.self is any BinaryFloatingPoint.Type { return }
        try value.encode(to: DiscardingEncoder())
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try DiscardingEncoder.discard(value) }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
            KeyedEncodingContainer(Keyed<N>())
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Unkeyed() }
        mutating func superEncoder() -> any Encoder { DiscardingEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { DiscardingEncoder() }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count = 0
        mutating func encodeNil() { count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try DiscardingEncoder.discard(value)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type) -> KeyedEncodingContainer<N> { KeyedEncodingContainer(Keyed<N>()) }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed() }
        mutating func superEncoder() -> any Encoder { DiscardingEncoder() }
    }

    private struct Single: SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() {}
        mutating func encode<T: Encodable>(_ value: T) throws { try DiscardingEncoder.discard(value) }
    }
}

/// Answers every request with a constant: 0, "", false, every key present, arrays of `arrayCount`.
struct ConstantDecoder: Decoder {
    let arrayCount: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> { KeyedDecodingContainer(Keyed<Key>(decoder: self)) }
    func unkeyedContainer() -> any UnkeyedDecodingContainer { Unkeyed(decoder: self) }
    func singleValueContainer() -> any SingleValueDecodingContainer { Single(decoder: self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    /// The constant of a standard-library scalar type; other types decode themselves from this decoder.
    fileprivate func value<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return "" as! T }
        if T.self == Double.self { return 0.0 as! T }
        if T.self == Int.self { return 0 as! T }
        if T.self == Bool.self { return false as! T }
        if let integer = T.self as? any FixedWidthInteger.Type { return integer.init(0) as! T }
        if let real = T.self as? any BinaryFloatingPoint.Type { return real.init(0) as! T }
        return try T(from: self)
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ConstantDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.value(type) }
        func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) -> KeyedDecodingContainer<N> { decoder.container(keyedBy: type) }
        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer { decoder.unkeyedContainer() }
        func superDecoder() -> any Decoder { decoder }
        func superDecoder(forKey key: Key) -> any Decoder { decoder }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: ConstantDecoder
        var codingPath: [any CodingKey] { [] }
        var count: Int? { decoder.arrayCount }
        var currentIndex = 0
        var isAtEnd: Bool { currentIndex >= decoder.arrayCount }
        mutating func decodeNil() -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            return try decoder.value(type)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) -> KeyedDecodingContainer<N> { decoder.container(keyedBy: type) }
        mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer { decoder.unkeyedContainer() }
        mutating func superDecoder() -> any Decoder { decoder }
    }

    private struct Single: SingleValueDecodingContainer {
        let decoder: ConstantDecoder
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type) }
    }
}
