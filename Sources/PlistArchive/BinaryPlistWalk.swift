#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads values of a known shape straight off a binary plist, without `Codable`, giving what
/// `BinaryPlistDecoder` gives for the types' `Decodable` conformances: the same keys, numbers
/// converted by its rules (`BinaryPlistDocument.number`), `"$null"` as an absent optional.
///
/// Every reader answers nil for anything `Decodable` would not accept exactly so; the caller
/// then decodes through `Decodable`, which decides and reports. The readers of the archived
/// types are extensions in the modules that own those types.
///
/// A dictionary is read in one pass: each entry's key is matched to its `CodingKeys` case, and
/// a key object once matched is known by its object number from then on (archives share one
/// string object per key), so most entries cost one integer comparison. Where the decoder
/// would search and find each key, this finds the same entry or gives up: a well-formed
/// dictionary has one entry per key, so the two agree; a dictionary with a repeated or damaged
/// key, or a damaged value reference, is left to `Decodable`.
public struct BinaryPlistWalk {
    let document: BinaryPlistDocument
    /// Owned by `read` for the walk's whole length. A pointer, so that the walk stays a plain
    /// value: the readers pass themselves around as closures, and a class reference here was
    /// retained and released around every use (most of the time of a walk).
    private let keys: UnsafeMutablePointer<KeyState>

    private init(document: BinaryPlistDocument, keys: UnsafeMutablePointer<KeyState>) {
        self.document = document
        self.keys = keys
    }

    /// What `read` makes of the binary plist `payload`'s top object; nil when it is not a
    /// binary plist, or `read` answers nil.
    public static func read<T>(_ payload: Data, _ read: (BinaryPlistWalk, Int) -> T?) -> T? {
        Self.read(payload, counting: nil, read)
    }

    /// How much a walk cost (entries and elements visited), for tests that hold it to its bound.
    final class WorkCounter {
        var units = 0
    }

    static func read<T>(_ payload: Data, counting counter: WorkCounter?, _ read: (BinaryPlistWalk, Int) -> T?) -> T? {
        payload.withUnsafeBytes { raw in
            guard let document = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)) else { return nil }
            let keys = UnsafeMutablePointer<KeyState>.allocate(capacity: 1)
            keys.initialize(to: KeyState(workLimit: 8 * raw.count + 4096))
            defer {
                counter?.units = keys.pointee.work
                keys.pointee.free()
                keys.deinitialize(count: 1)
                keys.deallocate()
            }
            return read(BinaryPlistWalk(document: document, keys: keys), document.topObject)
        }
    }

    /// What one walk learns of the key types it meets, and the value references of the
    /// dictionaries being read (a stack: a reader of a nested value pushes above its parent's).
    private struct KeyState {
        /// A plain value (passed around freely; the names are kept apart, in `names`).
        struct KeyType {
            /// Its place in `names`.
            let number: Int
            /// Whether it is stored as its case numbers (`CaseNumbering`); a type that is not is
            /// left to `Decodable`.
            let isNumbered: Bool
            /// Where its cases' entries start in `learned`.
            let learned: Int
            let count: Int
        }

        var types = KeyTypeTable<KeyType>()
        /// Per key type, its cases' names in declaration order.
        var names: [[[UInt8]]] = []
        /// Per key type and case, the object number of a key string found equal to its name, or -1.
        var learned = GrowableStorage<Int>(capacity: 256)
        /// Slots below `top` are in use; the storage only grows.
        var values = GrowableStorage<Int>(capacity: 256)
        var top = 0
        /// Dictionary entries and array elements visited so far, and how many the file may
        /// cost: one dictionary referenced N times with M keys would otherwise cost N×M (a
        /// stall). Past the limit the walk gives up, and the decoder (bounded the same
        /// way) decides. A file that shares no containers costs well under one unit per byte.
        var work = 0
        let workLimit: Int

        init(workLimit: Int) {
            self.workLimit = workLimit
        }

        func free() {
            learned.free()
            values.free()
        }

        /// `count` slots set to -1 above those in use: where they start.
        @inline(__always)
        mutating func push(_ count: Int) -> Int {
            let base = top
            top += count
            if values.count < top { _ = values.appendUninitialized(top - values.count) }
            (values.base + base).update(repeating: -1, count: count)
            return base
        }

        /// `AllCases == [Key]` (as synthesized) lets this unspecialized code call `allCases` without
        /// the runtime looking up what `AllCases` is: a scan of every loaded conformance per key type,
        /// at every start (docs/platform.md, Linking).
        mutating func type<Key: CodingKey & CaseIterable>(_ key: Key.Type) -> KeyType where Key.AllCases == [Key] {
            types.value(for: ObjectIdentifier(key)) {
                let cases = Key.allCases
                let caseNames = cases.map { Array($0.stringValue.utf8) }
                names.append(caseNames)
                return KeyType(number: names.count - 1, isNumbered: CaseNumbering.isNumbered(cases),
                               learned: learned.append(repeating: -1, count: caseNames.count), count: caseNames.count)
            }
        }
    }

    /// One dictionary's values, by the `CodingKeys` case of their keys, found in one pass; read
    /// only with keys of that type.
    public struct Fields<Key: CodingKey & CaseIterable> {
        /// Where its values start in `KeyState.values`: one slot per case, -1 when absent.
        fileprivate let base: Int
        fileprivate let count: Int
    }

    /// The fields of dictionary object `index` keyed by `Key`; nil when it is not a dictionary
    /// or has a damaged or repeated key or a damaged value reference. Pair with `done(_:)`.
    public func fields<Key: CodingKey & CaseIterable>(_ index: Int, _ key: Key.Type) -> Fields<Key>? where Key.AllCases == [Key] {
        guard let dictionary = document.dictionary(index) else { return nil }
        guard dictionary.count <= keys.pointee.workLimit - keys.pointee.work else { return nil }
        keys.pointee.work += dictionary.count
        let type = keys.pointee.type(key)
        guard type.isNumbered else { return nil }
        let base = keys.pointee.push(type.count)
        let learned = keys.pointee.learned.base + type.learned, values = keys.pointee.values.base + base
        var expected = 0
        for entry in 0..<dictionary.count {
            guard let keyRef = document.ref(dictionary, entry) else {
                keys.pointee.top = base
                return nil
            }
            var c = expected
            if expected >= type.count || learned[expected] != keyRef {
                guard keys.pointee.work <= keys.pointee.workLimit, let found = match(keyRef, of: type) else {
                    keys.pointee.top = base
                    return nil
                }
                c = found
            }
            guard c >= 0 else { continue }  // a key the type does not have: never asked for
            guard values[c] < 0, let valueRef = document.ref(dictionary, dictionary.count + entry) else {
                keys.pointee.top = base
                return nil
            }
            values[c] = valueRef
            expected = c + 1
        }
        return Fields(base: base, count: type.count)
    }

    /// Ends the reading of `fields` (the innermost one open).
    public func done<Key>(_ fields: Fields<Key>) {
        keys.pointee.top = fields.base
    }

    /// The case of `type` whose name key object `keyRef` holds: -1 for none, nil when the
    /// object is not a string.
    private func match(_ keyRef: Int, of type: KeyState.KeyType) -> Int? {
        // A key met again costs its type's case count in comparisons: counted, so that a file
        // repeating unknown keys cannot multiply the work past the limit.
        keys.pointee.work += type.count
        let learned = keys.pointee.learned.base + type.learned
        for c in 0..<type.count where learned[c] == keyRef { return c }
        for c in 0..<type.count {
            guard let equal = keys.pointee.names[type.number][c].withUnsafeBufferPointer({ document.string(keyRef, equals: $0) }) else {
                return nil
            }
            if equal {
                learned[c] = keyRef
                return c
            }
        }
        return -1
    }

    /// The value's object number for `key`, or -1 when the dictionary has none.
    @inline(__always)
    private func value<Key: CodingKey & CaseIterable>(_ fields: Fields<Key>, _ key: Key) -> Int {
        let c = CaseNumbering.number(of: key)
        return c < fields.count ? keys.pointee.values.base[fields.base + c] : -1
    }

    /// A required field's object number (`decode(_:forKey:)`).
    public func required<Key: CodingKey & CaseIterable>(_ fields: Fields<Key>, _ key: Key) -> Int? {
        let index = value(fields, key)
        return index >= 0 ? index : nil
    }

    /// An optional field (`decodeIfPresent(_:forKey:)`): `.some(nil)` when absent or the
    /// `"$null"` placeholder, nil when its value is not what `read` reads.
    ///
    /// The value is read first and checked for the placeholder only when that fails: no reader
    /// but `string` takes a string object (that one has its own overload), so a value read is
    /// never the placeholder, and most fields skip the check.
    @inline(__always)
    public func optional<T, Key: CodingKey & CaseIterable>(_ fields: Fields<Key>, _ key: Key, _ read: (Int) -> T?) -> T?? {
        let index = value(fields, key)
        if index < 0 { return .some(nil) }
        if let value = read(index) { return .some(value) }
        return document.isASCII(index, "$null") ? .some(nil) : nil
    }

    /// An optional text field: the text `"$null"` in an ASCII string object is the placeholder.
    @inline(__always)
    public func optional<Key: CodingKey & CaseIterable>(_ fields: Fields<Key>, _ key: Key, _ read: (Int) -> String?) -> String?? {
        let index = value(fields, key)
        if index < 0 { return .some(nil) }
        guard let value = read(index) else { return nil }
        return value == "$null" && document.isASCII(index, "$null") ? .some(nil) : .some(value)
    }

    /// Sets `target` to an optional field's value (`optional`'s answer); false when it had none.
    @inline(__always)
    public func assign<T>(_ target: inout T?, _ value: consuming T??) -> Bool {
        guard let value else { return false }
        target = value
        return true
    }

    /// The elements of an array, each read by `read`; nil when any is not (`Array.init(from:)`).
    /// Each element is made in its place in the array (a city is 3.7 KB); the space is reserved
    /// up front only up to 16 MiB, whatever count a damaged file claims.
    public func array<T>(_ index: Int, _ read: (Int) -> T?) -> [T]? {
        guard let list = document.array(index) else { return nil }
        guard list.count <= keys.pointee.workLimit - keys.pointee.work else { return nil }
        keys.pointee.work += list.count
        guard list.count <= (16 << 20) / max(1, MemoryLayout<T>.stride) else {
            var elements: [T] = []
            for i in 0..<list.count {
                guard let element = document.ref(list, i).flatMap(read) else { return nil }
                elements.append(element)
            }
            return elements
        }
        var complete = true
        let elements = [T](unsafeUninitializedCapacity: list.count) { buffer, initialized in
            for i in 0..<list.count {
                guard let ref = document.ref(list, i), let element = read(ref) else {
                    complete = false
                    return
                }
                (buffer.baseAddress.unsafelyUnwrapped + i).initialize(to: element)
                initialized += 1
            }
        }
        return complete ? elements : nil
    }

    // MARK: Scalars, by BinaryPlistDecoder's rules

    public func string(_ index: Int) -> String? { document.string(index) }

    public func bool(_ index: Int) -> Bool? { document.bool(index) }

    public func date(_ index: Int) -> Date? { document.date(index) }

    public func int(_ index: Int) -> Int? { document.number(index, as: Int.self) ?? nil }

    public func double(_ index: Int) -> Double? { document.number(index, as: Double.self) ?? nil }
}
