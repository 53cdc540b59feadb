import Foundation
import PlistArchive

/// How `nil` is written by `KeyValueEncoder` and recognised by `KeyValueDecoder`
/// (`KeyValueEncoder.NilEncodingStrategy`, `KeyValueDecoder.NilDecodingStrategy`).
public enum NilCodingStrategy: Sendable {
    /// `nil` values are left out: a key is removed, an array element dropped.
    case removed
    /// `nil` values are written as `value`; `isNull` says which values read back as `nil`.
    case placeholder(any Sendable, isNull: @Sendable (Any) -> Bool)

    /// `Optional<Any>.none`, which casts to any optional type (for values kept in memory).
    public static var `default`: NilCodingStrategy {
        .placeholder(Optional<any Sendable>.none as any Sendable, isNull: { isOptionalNone($0) })
    }

    /// The string `"$null"`, as `PropertyListEncoder` and `NSKeyedArchiver` spell null.
    public static var stringNull: NilCodingStrategy {
        .placeholder(nullString, isNull: { ($0 as? String) == nullString })
    }

    /// `NSNull()`, as `JSONSerialization` spells null.
    public static var nsNull: NilCodingStrategy {
        .placeholder(NSNull(), isNull: { $0 is NSNull })
    }

    /// Renamed to `.default`.
    @available(*, deprecated, renamed: "default")
    public static var keep: NilCodingStrategy { .default }

    /// Renamed to `.removed`.
    @available(*, deprecated, renamed: "removed")
    public static var remove: NilCodingStrategy { .removed }

    /// How `.stringNull` spells nil.
    public static let nullString = "$null"

    /// Whether `value` stands for `nil` under this strategy. `Optional.none` always does.
    public func isNull(_ value: Any?) -> Bool {
        guard let value else { return true }
        if Self.isOptionalNone(value) { return true }
        switch self {
        case .removed: return false
        case .placeholder(_, let isNull): return isNull(value)
        }
    }

    /// What a `nil` becomes; `nil` when it is left out.
    var placeholderValue: Any? {
        switch self {
        case .removed: return nil
        case .placeholder(let value, _): return value
        }
    }

    /// `Optional.none` boxed in an `Any`, at any depth of optionals.
    static func isOptionalNone(_ value: Any) -> Bool {
        guard let optional = value as? any KVOptional else { return false }
        guard let wrapped = optional.kvWrapped else { return true }
        return isOptionalNone(wrapped)
    }
}

/// Lets an `Any` that holds an `Optional` be opened without knowing the wrapped type.
protocol KVOptional {
    var kvWrapped: Any? { get }
}

extension Optional: KVOptional {
    var kvWrapped: Any? { map { $0 as Any } }
}
