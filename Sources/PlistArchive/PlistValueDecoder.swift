#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes a `Decodable` value from a `PlistValue`, as `KeyValueDecoder.makePlistCompatible()`
/// decoded what `PropertyListSerialization` read:
/// - a missing key is `keyNotFound`, a value of another type `typeMismatch`, each with its
///   coding path (`KeyedArchive.describe` makes `cities[3].Temperature missing` of it);
/// - the string `"$null"` reads as nil (what plist encoders write for a nil);
/// - numbers convert when the value fits exactly: an `<integer>` is read as a `Double`, a whole
///   `<real>` as an `Int` (3.0, not 3.5), an integer or real 0 or 1 as a `Bool`; a `Float` is
///   the nearest to the real;
/// - a `URL` from a non-empty string, a `Decimal` from an integer or real;
/// - a `PlistValue` is the value itself.
public struct PlistValueDecoder {
    /// Contextual information handed to the values' `init(from:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    public func decode<T: Decodable>(_ type: T.Type = T.self, from value: PlistValue) throws -> T {
        try PVDecoder(value: value, codingPath: [], userInfo: userInfo).decodeValue(type)
    }
}

/// Optional types, told apart from others at run time (a nil may only be decoded as one).
private protocol PVOptionalType {}
extension Optional: PVOptionalType {}

struct PVDecoder: ElementDecoder {
    /// nil where a `superDecoder()` found no `super` entry.
    let value: PlistValue?
    let codingPath: [CodingKey]
    let options: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { options }

    init(value: PlistValue?, codingPath: [CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        self.codingPath = codingPath
        self.options = userInfo
    }

    var isNull: Bool {
        guard let value else { return true }
        return value == .string("$null")
    }

    func child(_ value: PlistValue?, _ key: CodingKey) -> PVDecoder {
        PVDecoder(value: value, codingPath: codingPath + [key], userInfo: options)
    }

    static func path(_ keys: [CodingKey]) -> String {
        let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    /// `valueNotFound` for a nil, `typeMismatch` otherwise.
    func mismatch(_ type: Any.Type) -> DecodingError {
        let found = isNull ? "nil" : value!.kindName
        let context = DecodingError.Context(codingPath: codingPath, debugDescription:
            "Expected \(type) at \(Self.path(codingPath).isEmpty ? "the top" : Self.path(codingPath)), found \(found)")
        return isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let entries)? = value else { throw mismatch([String: PlistValue].self) }
        return KeyedDecodingContainer(EntriesDecodingContainer<PVDecoder, Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let elements)? = value else { throw mismatch([PlistValue].self) }
        return ElementsDecodingContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { SingleElementDecodingContainer(decoder: self) }

    func element(_ element: PlistValue, at index: Int) -> PVDecoder { child(element, PlistValueKey(index: index)) }

    func entry(_ key: CodingKey, in entries: [String: PlistValue]) -> PlistValue? { entries[key.stringValue] }

    func decoder(of key: CodingKey, in entries: [String: PlistValue]) throws -> PVDecoder {
        guard let value = entry(key, in: entries) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for \(Self.path(codingPath + [key]))"))
        }
        return child(value, key)
    }

    func superDecoder(in entries: [String: PlistValue]) -> PVDecoder {
        child(entries[PlistValueKey.super.stringValue], PlistValueKey.super)
    }

    func pastEnd(index: Int, count: Int) -> DecodingError {
        .valueNotFound(Any.self, .init(codingPath: codingPath + [PlistValueKey(index: index)], debugDescription: "The array has \(count) elements"))
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Each branch makes the concrete type `T` stands for: the cast cannot fail there.
        func cast<V>(_ v: V) throws -> T {
            guard let result = v as? T else { throw mismatch(type) }
            return result
        }
        if T.self == PlistValue.self {
            guard let value else { throw mismatch(type) }
            return try cast(value)
        }
        if isNull, !(T.self is PVOptionalType.Type) { throw mismatch(type) }
        switch type {
        case is String.Type:
            guard case .string(let v)? = value else { throw mismatch(type) }
            return try cast(v)
        case is Bool.Type:
            switch value {
            case .bool(let v)?: return try cast(v)
            case .integer(let v)? where v == 0 || v == 1: return try cast(v == 1)
            case .real(let v)? where v == 0 || v == 1: return try cast(v == 1)
            default: throw mismatch(type)
            }
        case is Date.Type:
            guard case .date(let v)? = value else { throw mismatch(type) }
            return try cast(v)
        case is Data.Type:
            guard case .data(let v)? = value else { throw mismatch(type) }
            return try cast(v)
        case is URL.Type:
            guard case .string(let v)? = value, !v.isEmpty, let url = URL(string: v) else { throw mismatch(type) }
            return try cast(url)
        case is Decimal.Type:
            switch value {
            case .integer(let v)?: return try cast(Decimal(v))
            case .unsigned(let v)?: return try cast(Decimal(v))
            case .real(let v)? where v.isFinite:
                return try cast(Decimal(string: "\(v)") ?? Decimal(v))
            default: throw mismatch(type)
            }
        // The integers are named one by one: a cast to `any FixedWidthInteger.Type` asks the
        // runtime whether `T` conforms, and its first answer for each type (every enum of the
        // settings) reads every conformance record the process has loaded (docs/performance.md).
        case is Int.Type: return try cast(try decodeInteger(Int.self))
        case is Int8.Type: return try cast(try decodeInteger(Int8.self))
        case is Int16.Type: return try cast(try decodeInteger(Int16.self))
        case is Int32.Type: return try cast(try decodeInteger(Int32.self))
        case is Int64.Type: return try cast(try decodeInteger(Int64.self))
        case is UInt.Type: return try cast(try decodeInteger(UInt.self))
        case is UInt8.Type: return try cast(try decodeInteger(UInt8.self))
        case is UInt16.Type: return try cast(try decodeInteger(UInt16.self))
        case is UInt32.Type: return try cast(try decodeInteger(UInt32.self))
        case is UInt64.Type: return try cast(try decodeInteger(UInt64.self))
        case is Double.Type:
            return try cast(try decodeDouble())
        case is Float.Type:
            return try cast(Float(try decodeDouble()))
        default:
            return try T(from: self)
        }
    }

    private func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let result: I?
        switch value {
        case .integer(let v)?: result = I(exactly: v)
        case .unsigned(let v)?: result = I(exactly: v)
        case .real(let v)? where v.isFinite: result = I(exactly: v)
        case .real?: result = nil
        default: throw mismatch(type)
        }
        guard let result else {
            throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription:
                "\(value.map { "\($0)" } ?? "nil") at \(Self.path(codingPath)) does not fit in \(type)"))
        }
        return result
    }

    private func decodeDouble() throws -> Double {
        switch value {
        case .real(let v)?: return v
        case .integer(let v)?: return Double(v)
        case .unsigned(let v)?: return Double(v)
        default: throw mismatch(Double.self)
        }
    }
}

