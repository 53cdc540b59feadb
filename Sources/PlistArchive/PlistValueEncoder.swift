#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes an `Encodable` value as a `PlistValue`: what `SettingsStore` writes, with the rules
/// it had through `KeyValueEncoder.makePlistCompatible()` and `nilEncodingStrategy = .removed`:
/// - a nil is left out: its key is not written, an array element is dropped;
/// - `Bool`, integers, `Double`/`Float`, `String`, `Date` and `Data` become the plist type of
///   the same name (an integer above `Int64.max` is `unsigned`);
/// - a `URL` becomes its `absoluteString`, a `Decimal` a real;
/// - an enum with a raw value is its raw value (its own `Codable` conformance does that);
/// - a `PlistValue` is itself.
/// A top-level value that writes nothing at all (a nil) is an `EncodingError` for `encode`, nil
/// for `encodeIfPresent`.
public struct PlistValueEncoder {
    /// Contextual information handed to the values' `encode(to:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> PlistValue {
        guard let result = try encodeIfPresent(value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(T.self) encoded no value"))
        }
        return result
    }

    /// `value`'s plist, or nil when it writes nothing at all (a top-level nil).
    public func encodeIfPresent<T: Encodable>(_ value: T) throws -> PlistValue? {
        let slot = PVSlot()
        try PVEncoder(slot: slot, codingPath: [], userInfo: userInfo).encodeValue(value)
        return slot.finished()
    }
}

/// Where one value goes while it is being encoded: a place that containers made earlier can
/// still fill (a keyed container's nested containers are filled after it is handed out).
final class PVSlot {
    enum Content {
        case empty
        case value(PlistValue)
        case dictionary([String: PVSlot])
        case array([PVSlot])
    }

    var content: Content = .empty

    /// The value written here; nil for a slot left empty (a nil), which its container drops.
    func finished() -> PlistValue? {
        switch content {
        case .empty: return nil
        case .value(let value): return value
        case .dictionary(let slots):
            var entries: [String: PlistValue] = [:]
            entries.reserveCapacity(slots.count)
            for (key, slot) in slots {
                if let value = slot.finished() { entries[key] = value }
            }
            return .dictionary(entries)
        case .array(let slots):
            return .array(slots.compactMap { $0.finished() })
        }
    }

    /// This slot as a dictionary (made one if it is still empty; a second keyed container of
    /// one value shares the first one's entries).
    func makeDictionary() {
        if case .dictionary = content { return }
        content = .dictionary([:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func child(forKey key: String) -> PVSlot {
        let slot = PVSlot()
        if case .dictionary(var slots) = content {
            content = .empty  // keep the dictionary uniquely referenced while it changes
            slots[key] = slot
            content = .dictionary(slots)
        }
        return slot
    }

    func appendChild() -> PVSlot {
        let slot = PVSlot()
        if case .array(var slots) = content {
            content = .empty
            slots.append(slot)
            content = .array(slots)
        }
        return slot
    }

    var arrayCount: Int {
        if case .array(let slots) = content { return slots.count }
        return 0
    }
}

struct PVEncoder: Encoder {
    let slot: PVSlot
    let codingPath: [CodingKey]
    let options: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { options }

    init(slot: PVSlot, codingPath: [CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.slot = slot
        self.codingPath = codingPath
        self.options = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeDictionary()
        return KeyedEncodingContainer(PVKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        slot.makeArray()
        return PVUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { PVSingleValueEncodingContainer(encoder: self) }

    func child(_ slot: PVSlot, _ key: CodingKey) -> PVEncoder {
        PVEncoder(slot: slot, codingPath: codingPath + [key], userInfo: options)
    }

    /// Plist scalars directly, everything else through its own `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if let scalar = Self.scalar(value) {
            slot.content = .value(scalar)
        } else {
            try value.encode(to: self)
        }
    }

    static func scalar<T: Encodable>(_ value: T) -> PlistValue? {
        switch value {
        case let v as PlistValue: return v
        case let v as String: return .string(v)
        case let v as Bool: return .bool(v)
        case let v as Double: return .real(v)
        case let v as Float: return .real(Double(v))
        case let v as Date: return .date(v)
        case let v as Data: return .data(v)
        case let v as URL: return .string(v.absoluteString)
        case let v as Decimal: return .real(Double(v.description) ?? .nan)
        case let v as any FixedWidthInteger: return PlistValue.integer(exactly: v)
        default: return nil
        }
    }
}

struct PVKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: PVEncoder
    var codingPath: [CodingKey] { encoder.codingPath }

    private func child(_ key: CodingKey) -> PVEncoder {
        encoder.child(encoder.slot.child(forKey: key.stringValue), key)
    }

    mutating func encodeNil(forKey key: Key) throws {
        _ = encoder.slot.child(forKey: key.stringValue)  // an empty slot: the key is left out
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try child(key).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        child(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        child(key).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { child(PlistValueKey.super) }

    mutating func superEncoder(forKey key: Key) -> Encoder { child(key) }
}

struct PVUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: PVEncoder
    var codingPath: [CodingKey] { encoder.codingPath }
    var count: Int { encoder.slot.arrayCount }

    private func next() -> PVEncoder {
        let key = PlistValueKey(index: count)
        return encoder.child(encoder.slot.appendChild(), key)
    }

    mutating func encodeNil() throws {}  // dropped

    mutating func encode<T: Encodable>(_ value: T) throws {
        try next().encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        next().unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { next() }
}

struct PVSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: PVEncoder
    var codingPath: [CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.slot.content = .empty }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encodeValue(value)
    }
}
