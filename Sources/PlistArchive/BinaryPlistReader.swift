#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Typed, bounds-checked access to the objects of a binary property list (`bplist00`), read in
/// place: nothing is parsed until it is asked for. Every accessor answers nil for damaged input,
/// never traps. The bytes must outlive the document (callers hold it inside `withUnsafeBytes`).
///
/// Why: on Linux, `PropertyListSerialization` takes 80–120 ms to parse the 150-city payload
/// (scripts/bench). This is the reader under `BinaryPlistDecoder` and the archive's outer layer.
struct BinaryPlistDocument {
    /// What an object is, from its marker byte.
    enum Kind: Equatable {
        case bool(Bool), integer, real, date, data, asciiString, utf16String, uid, array, dictionary, other
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let objectCount: Int
    let topObject: Int
    let offsetSize: Int
    let refSize: Int
    /// Where the offset table starts: every object ends before it.
    let table: Int

    /// Reads the header and trailer; nil when `bytes` is not a well-formed `bplist00`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count >= 40, bytes[0] == 0x62, bytes[1] == 0x70, bytes[2] == 0x6C, bytes[3] == 0x69,
              bytes[4] == 0x73, bytes[5] == 0x74, bytes[6] == 0x30, bytes[7] == 0x30 else { return nil }  // "bplist00"
        self.bytes = bytes
        let trailer = count - 32
        offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize),
              let objects = Self.uint(bytes, trailer + 8, 8), let top = Self.uint(bytes, trailer + 16, 8),
              let table = Self.uint(bytes, trailer + 24, 8),
              objects > 0, objects <= count, table >= 8, table <= trailer,
              objects <= (trailer - table) / offsetSize, top < objects
        else { return nil }
        objectCount = objects
        topObject = top
        self.table = table
    }

    /// The big-endian unsigned number of `size` bytes at `at`, nil when out of bounds.
    private static func raw64(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ size: Int) -> UInt64? {
        guard size >= 1, size <= 8, at >= 0, at <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
        return value
    }

    /// The same as a count or position: nil too when it does not fit in an `Int`.
    private static func uint(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ size: Int) -> Int? {
        raw64(bytes, at, size).flatMap { Int(exactly: $0) }
    }

    /// The big-endian number of `size` (1…8) bytes at `at`, read without bounds checks (one
    /// 8-byte load, shifted): only for places at least 8 bytes before the end that `init` and
    /// `collection` proved so (the offset table, a collection's references, the 16 bytes after
    /// an object's marker: all end before the 32-byte trailer).
    @inline(__always)
    private func unchecked(_ at: Int, _ size: Int) -> UInt64 {
        let word = UInt64(bigEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + at).loadUnaligned(as: UInt64.self))
        return word &>> UInt64(64 - 8 * size)
    }

    /// Where object `index` starts (its marker byte), or nil when the index or offset is bad.
    /// Every offset-table entry lies inside the bytes (`init` checked the table's extent).
    @inline(__always)
    func offset(_ index: Int) -> Int? {
        guard index >= 0, index < objectCount else { return nil }
        let o = unchecked(table + index * offsetSize, offsetSize)
        guard o >= 8, o < UInt64(table) else { return nil }
        return Int(o)
    }

    func kind(_ index: Int) -> Kind? {
        guard let o = offset(index) else { return nil }
        let marker = bytes[o]
        switch marker & 0xF0 {
        case 0x00: return marker == 0x08 ? .bool(false) : marker == 0x09 ? .bool(true) : .other
        case 0x10: return .integer
        case 0x20: return .real
        case 0x30: return marker == 0x33 ? .date : .other
        case 0x40: return .data
        case 0x50: return .asciiString
        case 0x60: return .utf16String
        case 0x80: return .uid
        case 0xA0: return .array
        case 0xD0: return .dictionary
        default: return .other
        }
    }

    /// Where an object's contents start and how many units it has, after its marker.
    func lengthAndStart(_ offset: Int) -> (start: Int, count: Int)? {
        let low = bytes[offset] & 0x0F
        if low != 0x0F { return (offset + 1, Int(low)) }
        guard offset + 1 < bytes.count, bytes[offset + 1] & 0xF0 == 0x10 else { return nil }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard let n = Self.uint(bytes, offset + 2, size) else { return nil }
        return (offset + 2 + size, n)
    }

    /// An integer object: 1, 2 and 4-byte integers are unsigned, 8-byte signed, and 16-byte ones
    /// (what writers use past `Int64.max`) are read when their high half is zero.
    enum Integer: Equatable {
        case signed(Int64), unsigned(UInt64)
    }

    func integer(_ index: Int) -> Integer? {
        guard let o = offset(index), bytes[o] & 0xF0 == 0x10 else { return nil }
        let low = bytes[o] & 0x0F
        switch low {
        // Up to 16 bytes after the marker are inside the bytes (see `real`).
        case 0, 1, 2: return .signed(Int64(unchecked(o + 1, 1 << Int(low))))
        case 3: return .signed(Int64(bitPattern: unchecked(o + 1, 8)))
        case 4:
            guard unchecked(o + 1, 8) == 0 else { return nil }
            return .unsigned(unchecked(o + 9, 8))
        default: return nil
        }
    }

    func real(_ index: Int) -> Double? {
        guard let o = offset(index) else { return nil }
        // An object starts before the offset table, which ends where the 32-byte trailer
        // begins: the 16 bytes after any object's marker are inside the bytes.
        switch bytes[o] {
        case 0x22: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: unchecked(o + 1, 4))))
        case 0x23: return Double(bitPattern: unchecked(o + 1, 8))
        default: return nil
        }
    }

    /// A number as `T`, by the decoders' rules: an integer or a whole real that `T` holds exactly.
    /// nil when the object is not a number; `.some(nil)` when it is one that `T` cannot hold.
    func number<T: FixedWidthInteger>(_ index: Int, as type: T.Type) -> T?? {
        switch integer(index) {
        case .signed(let v)?: return .some(T(exactly: v))
        case .unsigned(let v)?: return .some(T(exactly: v))
        case nil: return real(index).map { T(exactly: $0) }
        }
    }

    /// A number as `T`: a real narrowed (`.some(nil)` when a finite one overflows `T`), an integer converted.
    func number<T: BinaryFloatingPoint>(_ index: Int, as type: T.Type) -> T?? {
        if let real = real(index) {
            let narrowed = T(real)
            return .some(narrowed.isFinite || !real.isFinite ? narrowed : nil)
        }
        switch integer(index) {
        case .signed(let v)?: return .some(T(v))
        case .unsigned(let v)?: return .some(T(v))
        case nil: return nil
        }
    }

    func date(_ index: Int) -> Date? {
        guard let o = offset(index), bytes[o] == 0x33 else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: unchecked(o + 1, 8)))  // see `real`
    }

    func bool(_ index: Int) -> Bool? {
        guard case .bool(let value)? = kind(index) else { return nil }
        return value
    }

    func data(_ index: Int) -> Data? {
        dataRange(index).map { Data(UnsafeBufferPointer(rebasing: bytes[$0])) }
    }

    /// Where a data object's bytes are, as positions in `bytes`.
    func dataRange(_ index: Int) -> Range<Int>? {
        guard let o = offset(index), bytes[o] & 0xF0 == 0x40, let (start, n) = lengthAndStart(o),
              n >= 0, start <= bytes.count - n else { return nil }
        return start..<start + n
    }

    func string(_ index: Int) -> String? {
        guard let o = offset(index) else { return nil }
        let kind = bytes[o] & 0xF0
        guard kind == 0x50 || kind == 0x60, let (start, n) = lengthAndStart(o), n >= 0 else { return nil }
        if kind == 0x50 {
            guard start <= bytes.count - n else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + n]), as: UTF8.self)  // ASCII is UTF-8
        }
        guard n <= (bytes.count - start) / 2 else { return nil }
        return Self.string(utf16BigEndian: UnsafeBufferPointer(rebasing: bytes[start..<start + 2 * n]))
    }

    /// Big-endian UTF-16 (how binary plists hold non-ASCII text) transcoded straight into a
    /// string's UTF-8 storage; an unpaired surrogate becomes U+FFFD, as `String(decoding:as:)`
    /// repairs it. (The generic `String(decoding:as: UTF16.self)` path costs several times more.)
    static func string(utf16BigEndian bytes: UnsafeBufferPointer<UInt8>) -> String {
        let units = bytes.count / 2
        return String(unsafeUninitializedCapacity: units * 3) { out in
            var w = 0
            var i = 0
            @inline(__always) func unit(_ k: Int) -> UInt32 { UInt32(bytes[2 * k]) << 8 | UInt32(bytes[2 * k + 1]) }
            while i < units {
                let u = unit(i)
                i += 1
                var scalar = u
                if u & 0xF800 == 0xD800 {
                    if u <= 0xDBFF, i < units, unit(i) & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((u - 0xD800) << 10) + (unit(i) - 0xDC00)
                        i += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                switch scalar {
                case ..<0x80:
                    out[w] = UInt8(scalar); w += 1
                case ..<0x800:
                    out[w] = UInt8(0xC0 | scalar >> 6); out[w + 1] = UInt8(0x80 | scalar & 0x3F); w += 2
                case ..<0x10000:
                    out[w] = UInt8(0xE0 | scalar >> 12); out[w + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    out[w + 2] = UInt8(0x80 | scalar & 0x3F); w += 3
                default:
                    out[w] = UInt8(0xF0 | scalar >> 18); out[w + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    out[w + 2] = UInt8(0x80 | scalar >> 6 & 0x3F); out[w + 3] = UInt8(0x80 | scalar & 0x3F); w += 4
                }
            }
            return w
        }
    }

    /// Whether string object `index` is the text whose UTF-8 is `utf8`: ASCII objects are compared
    /// byte for byte in place, UTF-16 ones as Swift strings. Nil when the object is not a string.
    func string(_ index: Int, equals utf8: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let o = offset(index) else { return nil }
        switch bytes[o] & 0xF0 {
        case 0x50:
            guard let (start, n) = lengthAndStart(o), n >= 0, start <= bytes.count - n else { return nil }
            guard n == utf8.count else { return false }
            // Keys are short: compared here, not through a call to memcmp.
            for i in 0..<n where bytes[start + i] != utf8[i] { return false }
            return true
        case 0x60:
            return string(index).map { $0 == String(decoding: utf8, as: UTF8.self) }
        default:
            return nil
        }
    }

    /// Whether object `index` is the short ASCII string `text` (under 15 bytes), compared in place.
    func isASCII(_ index: Int, _ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard n < 15, let o = offset(index), bytes[o] == 0x50 | UInt8(n), o + n < bytes.count else { return false }
        let expected = text.utf8Start
        for i in 0..<n where bytes[o + 1 + i] != expected[i] { return false }
        return true
    }

    func uid(_ index: Int) -> Int? {
        guard let o = offset(index), bytes[o] & 0xF0 == 0x80 else { return nil }
        return Self.uint(bytes, o + 1, Int(bytes[o] & 0x0F) + 1)
    }

    /// An array's or dictionary's references: `count` entries (a dictionary's keys first, then
    /// as many values), each `ref(i)` an object index.
    struct Collection {
        fileprivate let start: Int
        let count: Int
        /// How many references there are: `count`, or twice that for a dictionary.
        fileprivate let refs: Int
    }

    /// The elements of an array object.
    func array(_ index: Int) -> Collection? { collection(index, marker: 0xA0, refsPerEntry: 1) }

    /// The entries of a dictionary object: `key(i)` at `ref(i)`, its value at `ref(count + i)`.
    func dictionary(_ index: Int) -> Collection? { collection(index, marker: 0xD0, refsPerEntry: 2) }

    private func collection(_ index: Int, marker: UInt8, refsPerEntry: Int) -> Collection? {
        // n is at most the byte count, so the product cannot overflow; no division on this path.
        // Like every object, a collection's references end before the offset table.
        guard let o = offset(index), bytes[o] & 0xF0 == marker, let (start, n) = lengthAndStart(o), n >= 0,
              n <= bytes.count - start, n * refSize * refsPerEntry <= table - start else { return nil }  // refs before the offset table
        return Collection(start: start, count: n, refs: n * refsPerEntry)
    }

    /// The `i`th reference of a collection; nil when it points outside the object table.
    /// (`collection` checked that its references lie inside the bytes.)
    @inline(__always)
    func ref(_ collection: Collection, _ i: Int) -> Int? {
        guard i >= 0, i < collection.refs else { return nil }
        let r = unchecked(collection.start + i * refSize, refSize)
        guard r < UInt64(objectCount) else { return nil }
        return Int(r)
    }

    enum Lookup {
        case found(Int), absent, damagedKey, damagedValue
    }

    /// The value of the key whose UTF-8 is `name`, comparing the key objects' bytes in place (no
    /// strings made). The search starts at `cursor`, the entry after the last one found, which it
    /// then moves: keys asked for in the order they were written hit at once, and duplicate keys
    /// in damaged input resolve the same way for every reader that searches like this.
    /// `steps` grows by the number of entries looked at, so a caller can bound its whole work.
    func find(_ name: UnsafeBufferPointer<UInt8>, in entries: Collection, cursor: inout Int, steps: inout Int) -> Lookup {
        let count = entries.count
        guard count > 0 else { return .absent }
        var i = cursor < count ? cursor : 0
        for _ in 0..<count {
            steps += 1
            guard let keyRef = ref(entries, i), let equal = string(keyRef, equals: name) else { return .damagedKey }
            if equal {
                guard let valueRef = ref(entries, count + i) else { return .damagedValue }
                cursor = i + 1
                return .found(valueRef)
            }
            i += 1
            if i == count { i = 0 }
        }
        return .absent
    }
}
