import Foundation

// The cost of `Codable` itself, with no format at all: an encoder that drops every value and a
// decoder that answers every request with a constant (every optional present, every array of
// `arrayCount` elements). What a feed's round trip costs through these is the least any
// `Codable`-based archive of it can cost on this machine, whatever its bytes.
//
// They are as lean as a coder can be written: a concrete overload for every scalar type, present
// or optional, so no value takes a generic path a real coder would not (the standard library's
// `encodeIfPresent` default, for one, builds `Optional<T>`'s metadata on each call), and no
// dynamic casts: scalars reached generically (an array's elements) come back through the single
// value container, as in any coder. What remains is the dispatch `Codable` itself does: an
// existential encoder per nested value, a boxed container per object, the generic metadata and
// witness tables those need.

/// Drops everything it is given; creates containers as every encoder must.
struct DiscardingEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(Keyed<Key>()) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single() }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) {}
        mutating func encode(_ value: Bool, forKey key: Key) {}
        mutating func encode(_ value: String, forKey key: Key) {}
        mutating func encode(_ value: Double, forKey key: Key) {}
        mutating func encode(_ value: Float, forKey key: Key) {}
        mutating func encode(_ value: Int, forKey key: Key) {}
        mutating func encode(_ value: Int8, forKey key: Key) {}
        mutating func encode(_ value: Int16, forKey key: Key) {}
        mutating func encode(_ value: Int32, forKey key: Key) {}
        mutating func encode(_ value: Int64, forKey key: Key) {}
        mutating func encode(_ value: UInt, forKey key: Key) {}
        mutating func encode(_ value: UInt8, forKey key: Key) {}
        mutating func encode(_ value: UInt16, forKey key: Key) {}
        mutating func encode(_ value: UInt32, forKey key: Key) {}
        mutating func encode(_ value: UInt64, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) {}
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: DiscardingEncoder()) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try value.encode(to: DiscardingEncoder()) }
        }
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
        mutating func encode(_ value: String) { count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try value.encode(to: DiscardingEncoder())
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type) -> KeyedEncodingContainer<N> { KeyedEncodingContainer(Keyed<N>()) }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed() }
        mutating func superEncoder() -> any Encoder { DiscardingEncoder() }
    }

    /// Every scalar has its overload here: a scalar's own `encode(to:)` ends in one of them.
    private struct Single: SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() {}
        mutating func encode(_ value: Bool) {}
        mutating func encode(_ value: String) {}
        mutating func encode(_ value: Double) {}
        mutating func encode(_ value: Float) {}
        mutating func encode(_ value: Int) {}
        mutating func encode(_ value: Int8) {}
        mutating func encode(_ value: Int16) {}
        mutating func encode(_ value: Int32) {}
        mutating func encode(_ value: Int64) {}
        mutating func encode(_ value: UInt) {}
        mutating func encode(_ value: UInt8) {}
        mutating func encode(_ value: UInt16) {}
        mutating func encode(_ value: UInt32) {}
        mutating func encode(_ value: UInt64) {}
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: DiscardingEncoder()) }
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

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ConstantDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) -> Bool { false }
        func decode(_ type: Bool.Type, forKey key: Key) -> Bool { false }
        func decode(_ type: String.Type, forKey key: Key) -> String { "" }
        func decode(_ type: Double.Type, forKey key: Key) -> Double { 0 }
        func decode(_ type: Float.Type, forKey key: Key) -> Float { 0 }
        func decode(_ type: Int.Type, forKey key: Key) -> Int { 0 }
        func decode(_ type: Int8.Type, forKey key: Key) -> Int8 { 0 }
        func decode(_ type: Int16.Type, forKey key: Key) -> Int16 { 0 }
        func decode(_ type: Int32.Type, forKey key: Key) -> Int32 { 0 }
        func decode(_ type: Int64.Type, forKey key: Key) -> Int64 { 0 }
        func decode(_ type: UInt.Type, forKey key: Key) -> UInt { 0 }
        func decode(_ type: UInt8.Type, forKey key: Key) -> UInt8 { 0 }
        func decode(_ type: UInt16.Type, forKey key: Key) -> UInt16 { 0 }
        func decode(_ type: UInt32.Type, forKey key: Key) -> UInt32 { 0 }
        func decode(_ type: UInt64.Type, forKey key: Key) -> UInt64 { 0 }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) -> Bool? { false }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) -> String? { "" }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) -> Double? { 0 }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) -> Float? { 0 }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) -> Int? { 0 }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) -> Int8? { 0 }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) -> Int16? { 0 }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) -> Int32? { 0 }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) -> Int64? { 0 }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) -> UInt? { 0 }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) -> UInt8? { 0 }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) -> UInt16? { 0 }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) -> UInt32? { 0 }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) -> UInt64? { 0 }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try T(from: decoder) }
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
        mutating func decode(_ type: String.Type) -> String {
            currentIndex += 1
            return ""
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            return try T(from: decoder)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) -> KeyedDecodingContainer<N> { decoder.container(keyedBy: type) }
        mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer { decoder.unkeyedContainer() }
        mutating func superDecoder() -> any Decoder { decoder }
    }

    /// Every scalar has its overload here: a scalar's own `init(from:)` ends in one of them.
    private struct Single: SingleValueDecodingContainer {
        let decoder: ConstantDecoder
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) -> Bool { false }
        func decode(_ type: String.Type) -> String { "" }
        func decode(_ type: Double.Type) -> Double { 0 }
        func decode(_ type: Float.Type) -> Float { 0 }
        func decode(_ type: Int.Type) -> Int { 0 }
        func decode(_ type: Int8.Type) -> Int8 { 0 }
        func decode(_ type: Int16.Type) -> Int16 { 0 }
        func decode(_ type: Int32.Type) -> Int32 { 0 }
        func decode(_ type: Int64.Type) -> Int64 { 0 }
        func decode(_ type: UInt.Type) -> UInt { 0 }
        func decode(_ type: UInt8.Type) -> UInt8 { 0 }
        func decode(_ type: UInt16.Type) -> UInt16 { 0 }
        func decode(_ type: UInt32.Type) -> UInt32 { 0 }
        func decode(_ type: UInt64.Type) -> UInt64 { 0 }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
    }
}
