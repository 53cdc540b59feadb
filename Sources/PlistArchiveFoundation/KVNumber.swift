import Foundation
import PlistArchive

/// A number (or `Bool`) found in a loosely typed value, by what it really is. A number read back
/// from a property list is an `NSNumber`, and `NSNumber(value: 1) is Bool` is true: asking
/// `is Bool` cannot tell a count of 1 from `true`, so this looks at the number's own type.
enum KVNumber {
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case decimal(Decimal)

    /// The class Foundation uses for `NSNumber(value: true)` (`__NSCFBoolean`), which no integer shares.
    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    /// Whether `value` is an `NSNumber` object rather than a Swift number boxed in `Any`.
    static func isNSNumberObject(_ value: Any) -> Bool {
        type(of: value) is NSNumber.Type
    }

    init?(_ value: Any) {
        if Self.isNSNumberObject(value), let number = value as? NSNumber {
            self.init(number)
            return
        }
        switch value {
        case let v as Bool: self = .bool(v)
        case let v as Decimal: self = .decimal(v)
        case let v as Double: self = .double(v)
        case let v as Float: self = .double(Double(v))
        default:
            guard let integer = value as? any BinaryInteger else { return nil }
            if let v = Int64(exactly: integer) {
                self = .int(v)
            } else if let v = UInt64(exactly: integer) {
                self = .uint(v)
            } else {
                return nil
            }
        }
    }

    private init(_ number: NSNumber) {
        if let decimal = number as? NSDecimalNumber {
            self = .decimal(decimal.decimalValue)
            return
        }
        if type(of: number) == Self.booleanClass {
            self = .bool(number.boolValue)
            return
        }
        switch String(cString: number.objCType) {
        case "f", "d": self = .double(number.doubleValue)
        case "C", "S", "I", "L", "Q": self = .uint(number.uint64Value)
        default: self = .int(number.int64Value)
        }
    }

    /// The value as a `Double`; `nil` for a `Bool`.
    var double: Double? {
        switch self {
        case .bool: return nil
        case .int(let v): return Double(v)
        case .uint(let v): return Double(v)
        case .double(let v): return v
        case .decimal(let v): return NSDecimalNumber(decimal: v).doubleValue
        }
    }

    /// `value` as `I` under `strategy`; `nil` when the strategy refuses it.
    func integer<I: FixedWidthInteger>(_ type: I.Type, _ strategy: KeyValueDecoder.IntDecodingStrategy) -> I? {
        switch self {
        case .bool: return nil
        case .int(let v): return Self.whole(v, strategy)
        case .uint(let v): return Self.whole(v, strategy)
        case .double(let v): return Self.fractional(v, strategy)
        case .decimal(let v):
            // A Decimal that is a whole number converts exactly through its integer text.
            var value = v
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 0, .plain)
            if rounded == v, let whole = Int64(NSDecimalNumber(decimal: v).stringValue) { return Self.whole(whole, strategy) }
            return Self.fractional(NSDecimalNumber(decimal: v).doubleValue, strategy)
        }
    }

    private static func whole<I: FixedWidthInteger, S: BinaryInteger>(_ value: S, _ strategy: KeyValueDecoder.IntDecodingStrategy) -> I? {
        switch strategy {
        case .exact, .rounding: return I(exactly: value)
        case .clamping: return I(clamping: value)
        }
    }

    private static func fractional<I: FixedWidthInteger>(_ value: Double, _ strategy: KeyValueDecoder.IntDecodingStrategy) -> I? {
        guard !value.isNaN else { return nil }
        switch strategy {
        case .exact:
            return value.isFinite ? I(exactly: value) : nil
        case .rounding(let rule):
            return value.isFinite ? I(exactly: value.rounded(rule)) : nil
        case .clamping(let rule):
            let rounded = rule.map { value.rounded($0) } ?? value
            if rounded <= Double(I.min) { return I.min }
            if rounded >= Double(I.max) { return I.max }
            return I(exactly: rounded)
        }
    }
}
