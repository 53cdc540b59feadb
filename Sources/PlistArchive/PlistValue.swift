#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One property-list value, typed: what `XMLPlist` reads and writes and what `PlistValueEncoder`
/// and `PlistValueDecoder` convert `Codable` values to and from. No `Any`, no `NSNumber`.
///
/// Integers are `integer` when they fit in an `Int64` and `unsigned` only above `Int64.max` (a
/// plist integer reaches `UInt64.max`); the reader, the writer and the encoder keep to that, so
/// one number has one form. Dictionaries are Swift dictionaries: two keys that Swift calls equal
/// (canonically equivalent text such as "é" and "e\u{301}") are one key here, where Foundation's
/// dictionaries keep both.
public enum PlistValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    /// An integer above `Int64.max`.
    case unsigned(UInt64)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// `value` as `integer`, or as `unsigned` above `Int64.max`.
    public static func integer<I: BinaryInteger>(exactly value: I) -> PlistValue? {
        if let signed = Int64(exactly: value) { return .integer(signed) }
        if let unsigned = UInt64(exactly: value) { return .unsigned(unsigned) }
        return nil
    }

    /// The dictionary's entries, when this is one.
    public var dictionaryValue: [String: PlistValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// The array's elements, when this is one.
    public var arrayValue: [PlistValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The name of this value's plist element (`dict`, `integer`, `true`…), for messages.
    public var kindName: String {
        switch self {
        case .string: return "string"
        case .integer, .unsigned: return "integer"
        case .real: return "real"
        case .bool(let value): return value ? "true" : "false"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dict"
        }
    }

    /// Dictionary keys in the order Foundation's XML writer puts them: by UTF-16 code units, not
    /// by Swift's `<` (which compares Unicode scalars of the canonical form: "😀" < "\u{FFFD}"
    /// in UTF-16 order, the other way round in Swift's).
    public static func sortedKeys<Values>(_ dictionary: [String: Values]) -> [String] {
        dictionary.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
    }
}

/// A plist value encodes as what it is: a dictionary as a keyed container of its keys, an array
/// as an unkeyed one, scalars as single values (a `Date` and `Data` as themselves, which plist
/// encoders write as plist dates and data). This is how an XML plist becomes a binary one
/// through `BinaryPlistEncoder`.
extension PlistValue: Encodable {
    public func encode(to encoder: Encoder) throws {
        switch self {
        case .dictionary(let entries):
            var container = encoder.container(keyedBy: PlistValueKey.self)
            for key in Self.sortedKeys(entries) {
                try container.encode(entries[key]!, forKey: PlistValueKey(key))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .unsigned(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .real(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .date(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .data(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}

/// Any string or index as a coding key: the keys of a plist dictionary, the places of an array.
struct PlistValueKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) { self.init(index: intValue) }

    static let `super` = PlistValueKey("super")
}
