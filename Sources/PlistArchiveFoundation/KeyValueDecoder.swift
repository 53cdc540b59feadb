import Foundation
import PlistArchive

/// Decodes `Decodable` values from loosely typed values — `[String: Any]`, `[Any]`, scalars —
/// with swhitty's KeyValueCoder API (`nilDecodingStrategy`, `intDecodingStrategy`,
/// `dateDecodingStrategy`, `keyDecodingStrategy`, `makePlistCompatible()`). Numbers must fit
/// exactly unless `intDecodingStrategy` rounds or clamps; errors name the key path
/// (`Expected String at SELF[1].name, found Int`).
///
/// Where this module deliberately differs from the seed library:
/// - `superDecoder()` reads the `super` key that `superEncoder()` writes (as Foundation's coders
///   do) and its errors say `SELF.super…`; the seed re-reads the same dictionary. An unkeyed
///   container's `superDecoder()` reads its next element; the seed re-reads the whole array.
/// - `decodeNil()` on an unkeyed container moves on only when the value was nil, as
///   `UnkeyedDecodingContainer` documents; the seed always moves on.
/// - `Optional.none` reads as nil under every nil strategy, not only `.default`.
/// - An `NSNumber` is read by its own type, so a plist's `1` is an `Int` on Linux as on Darwin;
///   a `Decimal` from a `Double` goes through the double's shortest text (`1.1`, not `1.100000000000000088…`).
/// - `keyPath(_:)` (not in the seed) prints a coding path the way errors do.
public struct KeyValueDecoder: Sendable {
    /// Strategy used to decode nil values.
    public typealias NilDecodingStrategy = NilCodingStrategy

    /// How numbers become integer types.
    public enum IntDecodingStrategy: Sendable {
        /// Only values the type represents exactly: `3.0` is an `Int`, `3.5` and `300 as UInt8` are errors.
        case exact
        /// Floating-point values are rounded with `rule`; values out of range are still errors.
        case rounding(rule: FloatingPointRoundingRule)
        /// Values out of range become the type's `min`/`max`; fractions are rounded with `roundingRule`, or refused without one.
        case clamping(roundingRule: FloatingPointRoundingRule?)
    }

    /// How a coding key is looked up in a dictionary.
    public enum KeyDecodingStrategy: Sendable {
        /// `firstName` is read from `first_name`.
        case convertFromSnakeCase
        /// The coding key's `stringValue` as it is.
        case useDefaultKeys
    }

    /// What a `Date` is read from.
    public enum DateDecodingStrategy: Sendable {
        /// A `Date` value.
        case date
        /// A whole number of milliseconds since 1970-01-01 00:00 UTC.
        case millisecondsSince1970
        /// A whole number of seconds since 1970-01-01 00:00 UTC.
        case secondsSince1970
        /// Whatever the closure makes of the value.
        case custom(@Sendable (Any) throws -> Date)

        /// An ISO 8601 string (`"1970-01-01T00:00:00Z"` with the default options).
        public static func iso8601(options: ISO8601DateFormatter.Options = [.withInternetDateTime]) -> Self {
            .custom { value in
                guard let string = value as? String else {
                    throw DateError(errorDescription: "Expected String but found \(type(of: value))")
                }
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = options
                guard let date = formatter.date(from: string) else {
                    throw DateError(errorDescription: "Failed to decode Date from ISO8601 string \(string)")
                }
                return date
            }
        }
    }

    /// Why a date strategy could not read a value.
    struct DateError: LocalizedError {
        var errorDescription: String?
    }

    /// Contextual user-provided information for use during decoding.
    public var userInfo: [CodingUserInfoKey: any Sendable]
    /// The strategy to use for decoding `Date` values.
    public var dateDecodingStrategy: DateDecodingStrategy = .date
    /// The strategy to use for decoding integer types; `.exact` by default.
    public var intDecodingStrategy: IntDecodingStrategy = .exact
    /// The strategy to use for looking up each type's keys.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// Which values read as `nil`; `.default` reads `Optional<Any>.none`.
    public var nilDecodingStrategy: NilDecodingStrategy = .default

    /// A decoder with the default strategies.
    public init() {
        self.userInfo = [:]
    }

    /// A decoder for what `PropertyListSerialization` and `UserDefaults` return: `"$null"` reads as nil.
    public static func makePlistCompatible() -> KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.nilDecodingStrategy = .stringNull
        return decoder
    }

    /// Decodes `type` from `value`; throws a `DecodingError` whose context names the key path.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from value: Any) throws -> T {
        try KVDecoder(value: value, codingPath: [], options: self).decodeValue(type)
    }

    /// `SELF.name[1].key` for a coding path.
    public static func keyPath(_ path: [CodingKey]) -> String {
        "SELF" + path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }

    func storageKey(_ key: CodingKey) -> String {
        switch keyDecodingStrategy {
        case .useDefaultKeys: return key.stringValue
        case .convertFromSnakeCase: return SnakeCase.convert(key.stringValue)
        }
    }
}

#if canImport(Combine)
import Combine
extension KeyValueDecoder: TopLevelDecoder {
    public typealias Input = Any
}
#endif

/// One value being decoded, at its coding path.
struct KVDecoder: ElementDecoder {
    let value: Any
    let codingPath: [CodingKey]
    let options: KeyValueDecoder
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    init(value: Any, codingPath: [CodingKey], options: KeyValueDecoder) {
        self.value = KVDecoder.unwrapped(value)
        self.codingPath = codingPath
        self.options = options
    }

    /// `Optional.some(x)` boxed in `Any` (what `UserDefaults` on Linux hands back inside
    /// dictionaries) is read as `x`.
    static func unwrapped(_ value: Any) -> Any {
        guard let optional = value as? any KVOptional, let wrapped = optional.kvWrapped else { return value }
        return unwrapped(wrapped)
    }

    var isNull: Bool { options.nilDecodingStrategy.isNull(value) }

    private var found: String { isNull ? "nil" : String(describing: Swift.type(of: value)) }

    private var keyPath: String { KeyValueDecoder.keyPath(codingPath) }

    /// `valueNotFound` for a nil, `typeMismatch` otherwise, in the seed's words.
    func mismatch(_ type: Any.Type, expected: String? = nil) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription:
            "Expected \(expected ?? String(describing: type)) at \(keyPath), found \(found)")
        return isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    func child(_ value: Any, _ key: CodingKey) -> KVDecoder {
        KVDecoder(value: value, codingPath: codingPath + [key], options: options)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let dict = dictionary() else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(EntriesDecodingContainer<KVDecoder, Key>(decoder: self, entries: dict))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard let array = value as? [Any] else { throw mismatch([Any].self) }
        return ElementsDecodingContainer(decoder: self, elements: array)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleElementDecodingContainer(decoder: self)
    }

    func element(_ element: Any, at index: Int) -> KVDecoder { child(element, KVIndexKey(index)) }

    func entry(_ key: CodingKey, in entries: [String: Any]) -> Any? { entries[options.storageKey(key)] }

    func decoder(of key: CodingKey, in entries: [String: Any]) throws -> KVDecoder {
        guard let value = entry(key, in: entries) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription:
                "Dictionary does not contain key \(KeyValueDecoder.keyPath(codingPath + [key]))"))
        }
        return child(value, key)
    }

    func superDecoder(in entries: [String: Any]) -> KVDecoder {
        // A missing `super` is a nil there, so what decodes from it says `SELF….super` when it fails.
        child(entries[options.storageKey(KVSuperKey())] ?? Optional<Any>.none as Any, KVSuperKey())
    }

    func pastEnd(index: Int, count: Int) -> DecodingError {
        let key = KVIndexKey(index)
        return .keyNotFound(key, .init(codingPath: codingPath, debugDescription:
            "Array does not contain index \(KeyValueDecoder.keyPath(codingPath + [key]))"))
    }

    private func dictionary() -> [String: Any]? {
        if let dict = value as? [String: Any] { return dict }
        guard let dict = value as? [AnyHashable: Any] else { return nil }
        var result: [String: Any] = [:]
        for (key, element) in dict {
            guard let key = key.base as? String else { return nil }
            result[key] = element
        }
        return result
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Each branch produces the concrete type `T` stands for; `as? T` cannot fail there.
        func cast<V>(_ v: V) throws -> T {
            guard let result = v as? T else { throw mismatch(type) }
            return result
        }
        switch type {
        case is String.Type:
            guard let v = value as? String, !isNull else { throw mismatch(type) }
            return try cast(v)
        case is Bool.Type: return try cast(try decodeBool())
        case is Date.Type, is NSDate.Type: return try cast(try decodeDate())
        case is Data.Type, is NSData.Type:
            guard let v = value as? Data else { throw mismatch(type) }
            return try cast(v)
        case is URL.Type, is NSURL.Type: return try cast(try decodeURL())
        case is Decimal.Type, is NSDecimalNumber.Type: return try cast(try decodeDecimal())
        case let integer as any FixedWidthInteger.Type: return try cast(try decodeInteger(integer))
        case is Double.Type: return try cast(try decodeDouble())
        case is Float.Type: return try cast(Float(try decodeDouble()))
        default:
            if isNull, !(T.self is any KVOptional.Type) { throw mismatch(type) }
            return try T(from: self)
        }
    }

    private func decodeBool() throws -> Bool {
        switch KVNumber(value) {
        case .bool(let v): return v
        // An NSNumber 0 or 1 reads as a Bool, as `as? Bool` reads it in the seed; a Swift Int never does.
        case .int(let v) where KVNumber.isNSNumberObject(value) && (v == 0 || v == 1): return v == 1
        case .uint(let v) where KVNumber.isNSNumberObject(value) && (v == 0 || v == 1): return v == 1
        case .double(let v) where KVNumber.isNSNumberObject(value) && (v == 0 || v == 1): return v == 1
        default: throw mismatch(Bool.self)
        }
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard let number = KVNumber(value) else { throw mismatch(type, expected: "BinaryInteger") }
        if case .bool = number { throw mismatch(type, expected: "BinaryInteger") }
        guard let result = number.integer(type, options.intDecodingStrategy) else {
            throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription:
                "\(found) at \(keyPath), cannot be exactly represented by \(type)"))
        }
        return result
    }

    private func decodeDouble() throws -> Double {
        guard let double = KVNumber(value)?.double else { throw mismatch(Double.self) }
        return double
    }

    private func decodeDecimal() throws -> Decimal {
        switch KVNumber(value) {
        case .decimal(let v): return v
        case .int(let v): return Decimal(v)
        case .uint(let v): return Decimal(v)
        case .double(let v):
            guard v.isFinite, let decimal = Decimal(string: "\(v)", locale: Locale(identifier: "en_US_POSIX")) else { return Decimal(v) }
            return decimal
        case .bool, nil: throw mismatch(Decimal.self)
        }
    }

    private func decodeURL() throws -> URL {
        if let url = value as? URL { return url }
        if let string = value as? String, !string.isEmpty, !isNull, let url = URL(string: string) { return url }
        throw mismatch(URL.self)
    }

    private func decodeDate() throws -> Date {
        switch options.dateDecodingStrategy {
        case .date:
            guard let date = value as? Date else { throw mismatch(Date.self) }
            return date
        case .secondsSince1970:
            return Date(timeIntervalSince1970: Double(try decodeInteger(Int64.self)))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: Double(try decodeInteger(Int64.self)) / 1000)
        case .custom(let transform):
            if isNull { throw mismatch(Date.self) }
            do {
                return try transform(value)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription:
                    "Date at \(keyPath): \(error.localizedDescription)", underlyingError: error))
            }
        }
    }
}

