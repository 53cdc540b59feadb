#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `NSKeyedArchiver` archives whose root is an `NSArray` of objects of one class, each a set of
/// named strings and numbers (what an `NSCoding` box of a struct writes with
/// `encode(_ as NSString, forKey:)` and `encode(NSNumber(value:), forKey:)`), written and read
/// without Foundation's archiver, unarchiver or property list parser.
///
/// The writer lays the archive out as `NSKeyedArchiver` (swift-corelibs-foundation) does: the
/// same `$objects`, in the same order, uniqued the same way, and the same binary plist object
/// table. Only the order of the keys inside each dictionary differs: Foundation's follows its
/// hashed dictionaries, which changes from run to run; this one writes them as encoded.
///
/// The reader follows `NSKeyedUnarchiver` with secure coding: the root must be an `NSArray`
/// (or `NSMutableArray`) of the class or its former names, the archive must name no other
/// class (strings as `NSString`/`NSMutableString` objects excepted), and a value of the wrong
/// kind fails the whole archive. Every bad file is `ArchiveError.corrupt`, never a trap.
public enum ObjectArrayArchive {
    /// The most entries an archive may hold (pins are picked by hand: a few dozen). Sharing
    /// lets a small file name one object a million times; each entry is a value in memory.
    public static let maxEntries = 100_000

    /// The archive of `values`, each written by `write` as an object of class `className`
    /// (`"Module.Class"`, the name `NSStringFromClass` gives; its superclass is `NSObject`).
    public static func encode<T>(_ values: [T], className: String, _ write: (T, inout ArchivedFields) -> Void) -> Data {
        encode(values, className: className, keyOrder: { $1 }, write)
    }

    /// The same with each object's keys put in the order `keyOrder` gives for its UID (-1 for
    /// the top dictionary) and keys (as encoded, `$class` last): for tests matching the order
    /// Foundation happened to write.
    static func encode<T>(_ values: [T], className: String, keyOrder: (Int, [String]) -> [String],
                          _ write: (T, inout ArchivedFields) -> Void) -> Data {
        var objects = ObjectTable()
        let array = objects.place()
        var elements: [Int] = []
        var boxClass: Int?
        for value in values {
            let box = objects.place()
            var fields = ArchivedFields()
            write(value, &fields)
            var entries: [(String, KeyedArchiveNode)] = []
            for (key, field) in fields.entries {
                switch field {
                case .string(let text): entries.append((key, .uid(objects.string(text))))
                case .real(let number): entries.append((key, .uid(objects.real(number))))
                }
            }
            // The archiver encodes an object's class after its fields, once per archive.
            let classUID = boxClass ?? objects.classDictionary(className)
            boxClass = classUID
            objects.set(box, .dictionary(entries + [("$class", .uid(classUID))]))
            elements.append(box)
        }
        let arrayClass = objects.classDictionary("NSArray")
        objects.set(array, .dictionary([("NS.objects", .array(elements.map { .uid($0) })), ("$class", .uid(arrayClass))]))
        let nodes = objects.nodes.enumerated().map { uid, node -> KeyedArchiveNode in
            guard case .dictionary(let entries) = node else { return node }
            let order = keyOrder(uid, entries.map(\.0))
            return .dictionary(order.compactMap { key in entries.first { $0.0 == key } })
        }
        let entries: [(String, KeyedArchiveNode)] = [
            ("$archiver", .string("NSKeyedArchiver")),
            ("$objects", .array(nodes)),
            ("$top", .dictionary([("root", .uid(array))])),
            ("$version", .integer(100_000)),
        ]
        let top: KeyedArchiveNode = .dictionary(keyOrder(-1, entries.map(\.0)).compactMap { key in entries.first { $0.0 == key } })
        return KeyedArchiveNode.binaryPlist(top)
    }

    /// The values of an archive written by `encode` or by `NSKeyedArchiver` from boxes of
    /// class `classNames[0]` (or a former name in the rest), each made by `read`; `read`
    /// answering nil fails the archive, as a box's `init?(coder:)` failing did.
    public static func decode<T>(_ type: T.Type, classNames: [String], from data: Data,
                                 _ readEntry: (ArchivedObject) throws(ArchiveError) -> T?) throws(ArchiveError) -> [T] {
        try KeyedArchiveReader.read(data) { (archive) throws(ArchiveError) -> [T] in
            let arrayClasses: Set<String> = ["NSArray", "NSMutableArray"]
            let notAnArray = ArchiveError.corrupt(reason: "archive root is not an array of \(T.self)")
            guard let rootClass = archive.className(of: archive.root), arrayClasses.contains(rootClass) else { throw notAnArray }
            let allowed = arrayClasses.union(classNames).union(KeyedArchiveReader.stringClasses)
            let unexpected = archive.classNames.subtracting(allowed)
            guard unexpected.isEmpty else {
                throw .corrupt(reason: "archive holds \(unexpected.sorted().joined(separator: ", ")), expected \(T.self) only")
            }
            let document = archive.document
            guard let rootObject = archive.object(archive.root), let rootDict = document.dictionary(rootObject),
                  let listRef = archive.value("NS.objects", in: rootDict), let list = document.array(listRef)
            else { throw notAnArray }
            guard list.count <= maxEntries else {
                throw .corrupt(reason: "an array of \(list.count) \(T.self), more than \(maxEntries)")
            }
            let unreadable = ArchiveError.corrupt(reason: "an entry of \(T.self) is unreadable")
            let boxClasses = Set(classNames)
            // One value per object of the file: entries naming one box share its reading.
            var read: [Int: T] = [:]
            var values: [T] = []
            values.reserveCapacity(list.count)
            for i in 0..<list.count {
                guard let ref = document.ref(list, i), let uid = document.uid(ref), uid != 0,
                      let object = archive.object(uid), let dict = document.dictionary(object),
                      let name = archive.className(ofDictionary: dict), boxClasses.contains(name)
                else { throw unreadable }
                if let known = read[object] {
                    values.append(known)
                    continue
                }
                guard let value = try readEntry(ArchivedObject(archive: archive, fields: dict, typeName: "\(T.self)")) else {
                    throw unreadable
                }
                read[object] = value
                values.append(value)
            }
            return values
        }
    }
}

/// The fields of one object being archived, in the order encoded.
public struct ArchivedFields {
    enum Field {
        case string(String), real(Double)
    }

    var entries: [(key: String, value: Field)] = []

    /// `coder.encode(text as NSString, forKey: key)`.
    public mutating func encode(_ text: String, forKey key: String) { entries.append((key, .string(text))) }

    /// `coder.encode(NSNumber(value: number), forKey: key)`: a real, whole or not.
    public mutating func encode(_ number: Double, forKey key: String) { entries.append((key, .real(number))) }
}

/// The fields of one archived object, read as `decodeObject(of:forKey:)` reads them: an absent
/// key or the `$null` object is nil; a value of another kind is `corrupt`. Valid only inside
/// the `read` closure it is handed to.
public struct ArchivedObject {
    let archive: KeyedArchiveReader
    let fields: BinaryPlistDocument.Collection
    let typeName: String

    /// Whether the object has `key` (`containsValue(forKey:)`).
    public func contains(_ key: String) -> Bool { archive.value(key, in: fields) != nil }

    /// The string under `key` (an `NSString`), nil when absent or null.
    public func string(forKey key: String) throws(ArchiveError) -> String? {
        guard let uid = try uid(key) else { return nil }
        guard let text = archive.string(uid) else { throw wrong(key, "not a string") }
        return text
    }

    /// The number under `key` (an `NSNumber`'s `doubleValue`), nil when absent or null.
    public func double(forKey key: String) throws(ArchiveError) -> Double? {
        guard let uid = try uid(key) else { return nil }
        guard let number = archive.double(uid) else { throw wrong(key, "not a number") }
        return number
    }

    private func uid(_ key: String) throws(ArchiveError) -> Int? {
        guard let valueRef = archive.value(key, in: fields) else { return nil }
        // An object's value is a UID: anything inline is not what the archiver writes.
        guard let uid = archive.document.uid(valueRef) else { throw wrong(key, "not an object reference") }
        return uid == 0 ? nil : uid
    }

    private func wrong(_ key: String, _ what: String) -> ArchiveError {
        .corrupt(reason: "an entry of \(typeName) is unreadable (\(key): \(what))")
    }
}

/// What `ObjectArrayArchive.encode` builds: `$objects` places, uniqued as the archiver uniques
/// equal strings and numbers (one object per text, byte for byte, and per number).
private struct ObjectTable {
    private(set) var nodes: [KeyedArchiveNode] = [.string("$null")]
    private var strings: [[UInt8]: Int] = [:]
    private var reals: [UInt64: Int] = [:]
    private var classes: [String: Int] = [:]

    /// A new place, filled by `set` (an object gets its UID before its fields do theirs).
    mutating func place() -> Int {
        nodes.append(.string("$null"))
        return nodes.count - 1
    }

    mutating func set(_ uid: Int, _ node: KeyedArchiveNode) { nodes[uid] = node }

    mutating func string(_ text: String) -> Int {
        let key = Array(text.utf8)
        if let known = strings[key] { return known }
        nodes.append(.string(text))
        strings[key] = nodes.count - 1
        return nodes.count - 1
    }

    /// Numbers are uniqued as `NSNumber.isEqual` does: by value, so -0 is written as the zero
    /// met first (as Foundation does; the two compare equal as `Double`s too).
    mutating func real(_ number: Double) -> Int {
        let key = number == 0 ? 0 : number.bitPattern
        if let known = reals[key] { return known }
        nodes.append(.real(number))
        reals[key] = nodes.count - 1
        return nodes.count - 1
    }

    mutating func classDictionary(_ name: String) -> Int {
        if let known = classes[name] { return known }
        nodes.append(.dictionary([("$classes", .array([.string(name), .string("NSObject")])), ("$classname", .string(name))]))
        classes[name] = nodes.count - 1
        return nodes.count - 1
    }
}

/// A property list value being written as a binary plist.
indirect enum KeyedArchiveNode {
    case string(String), real(Double), integer(UInt64), uid(Int)
    case array([KeyedArchiveNode]), dictionary([(String, KeyedArchiveNode)])

    /// `top` as Foundation's binary plist writer lays it out: objects numbered depth first in
    /// the order met (a dictionary's keys, then its values), each written where it is met, and
    /// every reference to a UID pointing at the first object of that value (later ones are
    /// written too, unreferenced: swift-corelibs-foundation does so); references and offsets
    /// as narrow as the object count and the offset table's place allow.
    static func binaryPlist(_ top: KeyedArchiveNode) -> Data {
        // Numbered first (the reference width depends on the count), written second. The
        // nesting is the writer's own (five deep), not a file's.
        var flat: [(node: KeyedArchiveNode, refs: [Int])] = []
        // Foundation's writer emits every UID it meets but refers to the first of each value.
        var firstUID: [Int: Int] = [:]
        func number(_ node: KeyedArchiveNode) -> Int {
            let index = flat.count
            flat.append((node, []))
            if case .uid(let value) = node {
                if let first = firstUID[value] { return first }
                firstUID[value] = index
            }
            var refs: [Int] = []
            switch node {
            case .array(let elements): for element in elements { refs.append(number(element)) }
            case .dictionary(let entries):
                for (key, _) in entries { refs.append(number(.string(key))) }
                for (_, value) in entries { refs.append(number(value)) }
            default: break
            }
            flat[index].refs = refs
            return index
        }
        _ = number(top)
        let refSize = BinaryPlistBytes.width(UInt64(flat.count))
        var out = [UInt8]("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(flat.count)
        for (node, refs) in flat {
            offsets.append(out.count)
            switch node {
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    BinaryPlistBytes.appendMarker(0x50, count: text.utf8.count, to: &out)
                    out += text.utf8
                } else {
                    let units = Array(text.utf16)
                    BinaryPlistBytes.appendMarker(0x60, count: units.count, to: &out)
                    for unit in units { BinaryPlistBytes.appendBigEndian(UInt64(unit), bytes: 2, to: &out) }
                }
            case .real(let number): BinaryPlistBytes.appendBigEndian(number.bitPattern, bytes: 8, marker: 0x23, to: &out)
            case .integer(let value): BinaryPlistBytes.appendInteger(value, to: &out)
            case .uid(let value):
                let width = BinaryPlistBytes.width(UInt64(value))
                BinaryPlistBytes.appendBigEndian(UInt64(value), bytes: width, marker: 0x80 | UInt8(width - 1), to: &out)
            case .array, .dictionary:
                let isDictionary = if case .dictionary = node { true } else { false }
                BinaryPlistBytes.appendMarker(isDictionary ? 0xD0 : 0xA0, count: isDictionary ? refs.count / 2 : refs.count, to: &out)
                for ref in refs { BinaryPlistBytes.appendBigEndian(UInt64(ref), bytes: refSize, to: &out) }
            }
        }
        BinaryPlistBytes.appendTable(offsets: offsets, refSize: refSize, top: 0, at: out.count, to: &out)
        return Data(out)
    }
}
