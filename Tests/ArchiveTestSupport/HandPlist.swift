import Foundation

/// Binary plists made byte by byte, for shapes no encoder writes (sets, self-containing
/// arrays, class references to strings): the damaged files the readers must refuse.
///
/// Objects are added in order and named by their place in the object table; the last one
/// added is the top object. References are 2 bytes and offsets 4, so files of up to a few
/// megabytes with up to 65 535 objects can be made.
public final class HandPlist {
    private var objects: [[UInt8]] = []
    private var strings: [String: Int] = [:]

    public init() {}

    /// How many objects there are so far.
    public var count: Int { objects.count }

    @discardableResult
    public func raw(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    private static func marker(_ high: UInt8, _ count: Int) -> [UInt8] {
        if count < 15 { return [high | UInt8(count)] }
        return [high | 0x0F, 0x12] + withUnsafeBytes(of: UInt32(count).bigEndian, Array.init)
    }

    private static func refs(_ refs: [Int]) -> [UInt8] {
        refs.flatMap { [UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
    }

    /// An ASCII string, one object per text (as writers unique them).
    public func string(_ text: String) -> Int {
        if let known = strings[text] { return known }
        let index = raw(Self.marker(0x50, text.utf8.count) + Array(text.utf8))
        strings[text] = index
        return index
    }

    public func int(_ value: UInt32) -> Int { raw([0x12] + withUnsafeBytes(of: value.bigEndian, Array.init)) }
    public func bool(_ value: Bool) -> Int { raw([value ? 0x09 : 0x08]) }
    public func data(_ bytes: [UInt8]) -> Int { raw(Self.marker(0x40, bytes.count) + bytes) }
    public func uid(_ value: UInt8) -> Int { raw([0x80, value]) }
    public func array(_ elements: [Int]) -> Int { raw(Self.marker(0xA0, elements.count) + Self.refs(elements)) }
    /// A set (marker 0xC_): no file of this program ever holds one.
    @discardableResult
    public func set(_ elements: [Int]) -> Int { raw(Self.marker(0xC0, elements.count) + Self.refs(elements)) }

    /// A dictionary of string keys, in the order given.
    public func dict(_ entries: KeyValuePairs<String, Int>) -> Int {
        dict(keyRefs: entries.map { string($0.key) }, values: entries.map(\.value))
    }

    /// A dictionary whose keys are any objects.
    public func dict(keyRefs: [Int], values: [Int]) -> Int {
        raw(Self.marker(0xD0, keyRefs.count) + Self.refs(keyRefs) + Self.refs(values))
    }

    /// Adds an object whose references are filled in later (for one that contains itself).
    public func placeholder() -> Int { raw([]) }
    public func replace(_ index: Int, withArray elements: [Int]) { objects[index] = Self.marker(0xA0, elements.count) + Self.refs(elements) }

    /// The file, with `top` (by default the last object added) as its top object.
    public func bytes(top: Int? = nil) -> Data {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets { out += withUnsafeBytes(of: UInt32(offset).bigEndian, Array.init) }
        out += [0, 0, 0, 0, 0, 0, 4, 2]
        out += withUnsafeBytes(of: UInt64(objects.count).bigEndian, Array.init)
        out += withUnsafeBytes(of: UInt64(top ?? objects.count - 1).bigEndian, Array.init)
        out += withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
        return Data(out)
    }

    /// A keyed archive around `objects` (the `$objects` entries, by object number; a UID names
    /// a place in this list) whose root is `$objects[root]`.
    public func keyedArchive(objects entries: [Int], root: UInt8) -> Data {
        let list = array(entries)
        let top = dict(["root": uid(root)])
        _ = dict(["$archiver": string("NSKeyedArchiver"), "$objects": list, "$top": top, "$version": int(100_000)])
        return bytes()
    }

    /// A class dictionary as `NSKeyedArchiver` writes it.
    public func classDict(_ name: String, _ supers: [String] = ["NSObject"]) -> Int {
        dict(["$classname": string(name), "$classes": array(([name] + supers).map(string))])
    }
}

extension HandPlist {
    public func real(_ value: Double) -> Int { raw([0x23] + withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init)) }
    public func date(_ value: Date) -> Int { raw([0x33] + withUnsafeBytes(of: value.timeIntervalSinceReferenceDate.bitPattern.bigEndian, Array.init)) }

    /// A property-list value as Foundation parses it (strings, numbers, booleans, dates, data,
    /// arrays, string-keyed dictionaries), added object by object; nil for anything else.
    public func add(_ value: Any) -> Int? {
        switch value {
        case let text as String: return string(text)
        // Foundation on Linux parses plist booleans into NSNumbers of type char.
        case let number as NSNumber where ["c", "B"].contains(String(cString: number.objCType)): return bool(number.boolValue)
        case let number as NSNumber:
            if let whole = UInt32(exactly: number.doubleValue), !"\(number)".contains(".") { return int(whole) }
            return real(number.doubleValue)
        case let value as Date: return date(value)
        case let bytes as Data: return data(Array(bytes))
        case let list as [Any]:
            var refs: [Int] = []
            for element in list { guard let ref = add(element) else { return nil }; refs.append(ref) }
            return array(refs)
        case let entries as [String: Any]:
            var keys: [Int] = [], values: [Int] = []
            for (key, element) in entries.sorted(by: { $0.key < $1.key }) {
                guard let ref = add(element) else { return nil }
                keys.append(string(key))
                values.append(ref)
            }
            return dict(keyRefs: keys, values: values)
        default: return nil
        }
    }
}
