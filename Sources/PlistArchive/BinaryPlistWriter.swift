#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The object table of a binary plist (`bplist00`) being written, in the form Foundation's
/// writer gives it: scalars written as they come (ASCII strings, small integers, reals and
/// booleans shared by every use), arrays and dictionaries numbered when they are begun and
/// written last, once the width of a reference is known.
///
/// It is what `BinaryPlistEncoder` writes through.
///
/// One writer serves one encoding on one thread and no access to its storage overlaps another,
/// so the storage skips the runtime's exclusivity bookkeeping. Its tables are made for the
/// load an archive puts on them (tens of thousands of objects, most of them repeats): entries
/// of every container go into one array and are sorted out at the end, and repeated strings
/// and reals are found through open-addressing tables over their bytes, not `Dictionary`.
final class BinaryPlistWriter {
    let userInfo: [CodingUserInfoKey: Any]

    /// An array or dictionary: its object number, fixed when it is begun, and how many entries
    /// it has (a dictionary's key/value pairs, an array's elements).
    ///
    /// Numbers are kept in 32 bits (a feed of 10,000 cities has 600,000 containers: half the
    /// memory is half the page faults and cache misses); a plist of 4 billion objects would not
    /// fit in memory first.
    private struct Container {
        private let number: UInt32
        private var entries: UInt32 = 0
        private var cursor: UInt32 = 0
        let isDictionary: Bool

        init(object: Int, isDictionary: Bool) {
            number = UInt32(object)
            self.isDictionary = isDictionary
        }

        var object: Int { Int(number) }

        var count: Int {
            get { Int(entries) }
            set { entries = UInt32(newValue) }
        }

        /// Where the next key is looked for in its type's `KeyTable`.
        var keyCursor: Int {
            get { Int(cursor) }
            set { cursor = UInt32(newValue) }
        }

    }

    /// One entry of a container, in the order written: `value` is an object number, or a
    /// negative stand-in resolved by `finish` (a `superEncoder` whose value comes last).
    private struct Entry {
        let container: Int
        let key: Int
        var value: Int
    }

    // The object table's storage (`GrowableStorage`: no uniqueness checks or retains on the
    // hundreds of thousands of appends a feed makes), freed in `deinit` or handed over by `finish`.
    @exclusivity(unchecked) private var body: GrowableStorage<UInt8>
    /// Where each object starts in `body`; a container's is set by `finish`.
    @exclusivity(unchecked) private var offsets: GrowableStorage<Int>
    @exclusivity(unchecked) private var containers: GrowableStorage<Container>
    @exclusivity(unchecked) private var entries = GrowableStorage<Entry>(capacity: 64)
    private var finished = false
    @exclusivity(unchecked) private var asciiStrings: ByteStringTable
    @exclusivity(unchecked) private var reals: RealTable
    @exclusivity(unchecked) private var booleans = (false: -1, true: -1)
    @exclusivity(unchecked) private var smallIntegers = [Int](repeating: -1, count: 256)
    /// A few dozen key types at most: a list searched in place beats hashing the type.
    @exclusivity(unchecked) private var keyTables: [(type: ObjectIdentifier, table: KeyTable)] = []

    /// `expectedObjects`, when known, saves growing the storage as objects come (a 150-city
    /// feed is some 17,000 objects in 300 KB).
    init(userInfo: [CodingUserInfoKey: any Sendable] = [:], expectedObjects: Int = 1024) {
        self.userInfo = userInfo
        body = GrowableStorage(capacity: 32 * expectedObjects)  // reserved, touched only as written
        offsets = GrowableStorage(capacity: expectedObjects)
        containers = GrowableStorage(capacity: expectedObjects / 2)
        // Room for the distinct strings and reals of a 150-city feed (some 900 and 1,100) at half
        // load; larger plists grow them by doubling. Sized by the object count instead, the
        // tables of 10,000 cities took megabytes to clear for a few thousand entries.
        asciiStrings = ByteStringTable(capacity: 2048)
        reals = RealTable(capacity: 4096)
        for byte in "bplist00".utf8 { body.append(byte) }
    }

    deinit {
        if !finished { body.free() }
        offsets.free()
        containers.free()
        entries.free()
    }

    private func begin() -> Int {
        offsets.append(body.count)
        return offsets.count - 1
    }

    // MARK: Scalars

    func integer(_ value: Int64) -> Int {
        if value >= 0, value < 256 {
            let shared = smallIntegers[Int(value)]
            if shared >= 0 { return shared }
            let index = begin()
            BinaryPlistBytes.appendInteger(UInt64(value), to: &body)
            smallIntegers[Int(value)] = index
            return index
        }
        let index = begin()
        if value < 0 {
            BinaryPlistBytes.appendBigEndian(UInt64(bitPattern: value), bytes: 8, marker: 0x13, to: &body)
        } else {
            BinaryPlistBytes.appendInteger(UInt64(value), to: &body)
        }
        return index
    }

    func unsigned(_ value: UInt64) -> Int {
        if value <= UInt64(Int64.max) { return integer(Int64(value)) }
        let index = begin()  // past Int64.max: a 16-byte integer, high half zero
        body.append(0x14)
        BinaryPlistBytes.appendBigEndian(0, bytes: 8, to: &body)
        BinaryPlistBytes.appendBigEndian(value, bytes: 8, to: &body)
        return index
    }

    func real(_ value: Double) -> Int {
        let bits = value.bitPattern
        if let shared = reals.find(bits) { return shared }
        let index = begin()
        BinaryPlistBytes.appendBigEndian(bits, bytes: 8, marker: 0x23, to: &body)
        reals.insert(bits, object: index)
        return index
    }

    func real(_ value: Float) -> Int {
        let index = begin()
        BinaryPlistBytes.appendBigEndian(UInt64(value.bitPattern), bytes: 4, marker: 0x22, to: &body)
        return index
    }

    func bool(_ value: Bool) -> Int {
        let shared = value ? booleans.true : booleans.false
        if shared >= 0 { return shared }
        let index = begin()
        body.append(value ? 0x09 : 0x08)
        if value { booleans.true = index } else { booleans.false = index }
        return index
    }

    func date(_ value: Date) -> Int {
        let index = begin()
        BinaryPlistBytes.appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, bytes: 8, marker: 0x33, to: &body)
        return index
    }

    func data(_ value: Data) -> Int {
        let index = begin()
        BinaryPlistBytes.appendMarker(0x40, count: value.count, to: &body)
        value.withUnsafeBytes { body.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
        return index
    }

    /// ASCII strings are written once and shared (keys repeat in every city); others as UTF-16,
    /// each use its own object (Swift's `==` would merge canonically equal but different text).
    func string(_ value: String) -> Int {
        if let index = value.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) { return index }
        var copy = value  // not contiguous UTF-8 (bridged): made so once
        return copy.withUTF8 { string(utf8: $0) }
    }

    private func string(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var high: UInt8 = 0
        for byte in utf8 { high |= byte }
        return high < 0x80 ? ascii(utf8) : utf16(utf8)
    }

    private func ascii(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = ByteStringTable.hash(utf8)
        if let shared = asciiStrings.find(utf8, hash: hash, in: UnsafeBufferPointer(body.buffer)) { return shared }
        let index = begin()
        BinaryPlistBytes.appendMarker(0x50, count: utf8.count, to: &body)
        asciiStrings.insert(hash: hash, start: body.count, count: utf8.count, object: index)
        body.append(contentsOf: utf8)
        return index
    }

    /// Non-ASCII text as big-endian UTF-16, transcoded from the string's (valid) UTF-8.
    private func utf16(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var units = 0
        for byte in utf8 where byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        let index = begin()
        BinaryPlistBytes.appendMarker(0x60, count: units, to: &body)
        body.reserve(2 * units)
        func unit(_ u: UInt32) {
            body.append(UInt8(truncatingIfNeeded: u >> 8))
            body.append(UInt8(truncatingIfNeeded: u))
        }
        var i = 0
        while i < utf8.count {
            let lead = UInt32(utf8[i])
            var scalar: UInt32
            switch lead {
            case ..<0x80: scalar = lead; i += 1
            case ..<0xE0: scalar = (lead & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F); i += 2
            case ..<0xF0:
                scalar = (lead & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F); i += 3
            default:
                scalar = (lead & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6
                    | UInt32(utf8[i + 3] & 0x3F)
                i += 4
            }
            if scalar >= 0x10000 {
                scalar -= 0x10000
                unit(0xD800 | scalar >> 10)
                unit(0xDC00 | scalar & 0x3FF)
            } else {
                unit(scalar)
            }
        }
        return index
    }

    // MARK: Keys

    /// The string objects of one `CodingKey` type's keys, in the order first met: values of a
    /// type encode their keys in the same order, so a lookup from the last hit seldom compares
    /// twice, and no key is hashed after its first use.
    final class KeyTable {
        @exclusivity(unchecked) fileprivate var names: [String] = []
        @exclusivity(unchecked) fileprivate var refs: [Int] = []

        /// How many keys the type has shown so far: what a new container of it reserves.
        var count: Int { names.count }
    }

    func keyTable<Key: CodingKey>(_ type: Key.Type) -> KeyTable {
        let id = ObjectIdentifier(type)
        for entry in keyTables where entry.type == id { return entry.table }
        let table = KeyTable()
        keyTables.append((id, table))
        return table
    }

    /// The string object of a key of container `id`, found from the container's last key on.
    func key(_ name: String, in table: KeyTable, container id: Int) -> Int {
        let count = table.names.count
        var i = containers[id].keyCursor
        for _ in 0..<count {
            if i >= count { i = 0 }
            if table.names[i] == name {
                containers[id].keyCursor = i + 1
                return table.refs[i]
            }
            i += 1
        }
        let ref = string(name)
        table.names.append(name)
        table.refs.append(ref)
        containers[id].keyCursor = count + 1
        return ref
    }

    // MARK: Containers
    //
    // Entries are added to any open container in any order (`append`, what a `Codable` encoder
    // needs: a nested container may be filled between its parent's entries) and sorted out per
    // container at the end: a container's bytes are its entries in the order added, and
    // containers are written in the order they were begun.

    /// A new container's number; `expected` entries are reserved.
    func container(isDictionary: Bool, expected: Int = 0) -> Int {
        offsets.append(-1)  // set by finish()
        containers.append(Container(object: offsets.count - 1, isDictionary: isDictionary))
        entries.reserve(expected)
        return containers.count - 1
    }

    func objectIndex(ofContainer id: Int) -> Int { containers[id].object }

    func isDictionary(_ id: Int) -> Bool { containers[id].isDictionary }

    func count(of id: Int) -> Int { containers[id].count }

    func append(key: Int, value: Int, to id: Int) {
        entries.append(Entry(container: id, key: key, value: value))
        containers[id].count += 1
    }

    func append(value: Int, to id: Int) { append(key: -1, value: value, to: id) }

    /// The finished file. `resolve` gives the object number of each negative stand-in value; it
    /// may begin containers of its own (an empty dictionary for a coder that wrote nothing).
    func finish(top: Int, resolve: (Int) -> Int = { _ in preconditionFailure("no value stands in") }) -> Data {
        precondition(!finished, "a writer finishes once")
        for i in 0..<entries.count where entries[i].value < 0 { entries[i].value = resolve(entries[i].value) }
        let refSize = BinaryPlistBytes.width(UInt64(offsets.count))
        let entries = UnsafeBufferPointer(self.entries.buffer), containers = UnsafeBufferPointer(self.containers.buffer)
        var size = 0
        for container in containers {
            size += BinaryPlistBytes.markerSize(count: container.count) + container.count * refSize * (container.isDictionary ? 2 : 1)
        }
        // The entries of each container, in the order added: one counting sort.
        var start: [Int] = [], order: [Int] = []
        if !entries.isEmpty {
            start = [Int](repeating: 0, count: containers.count + 1)
            order = [Int](repeating: 0, count: entries.count)
            for entry in entries { start[entry.container + 1] += 1 }
            for c in containers.indices { start[c + 1] += start[c] }
            var next = start
            for i in entries.indices {
                let c = entries[i].container
                order[next[c]] = i
                next[c] += 1
            }
        }
        // Every container's bytes, then the offset table and trailer, in one pass over the space they take.
        let offsetSize = BinaryPlistBytes.width(UInt64(body.count + size))
        let objectsEnd = body.count
        _ = body.appendUninitialized(size + offsets.count * offsetSize + 32)  // every byte written below
        var cursor = ByteCursor(out: body.buffer, at: objectsEnd)
        let objectOffsets = offsets.base
        for c in containers.indices {
            let container = containers[c]
            objectOffsets[container.object] = cursor.at
            BinaryPlistBytes.appendMarker(container.isDictionary ? 0xD0 : 0xA0, count: container.count, to: &cursor)
            if container.count > 0 {
                let mine = order[start[c]..<start[c + 1]]
                if container.isDictionary { cursor.put(mine.lazy.map { entries[$0].key }, width: refSize) }
                cursor.put(mine.lazy.map { entries[$0].value }, width: refSize)
            }
        }
        let table = cursor.at
        cursor.put(UnsafeBufferPointer(offsets.buffer), width: offsetSize)
        cursor.put([0, 0, 0, 0, 0, 0, offsetSize, refSize], width: 1)  // unused, sort version, sizes
        cursor.put([offsets.count, top, table], width: 8)
        precondition(cursor.at == body.count, "the file's size was misjudged")
        finished = true
        return body.takeData()
    }
}

/// The ASCII strings written so far, found by their bytes: a string is hashed once and compared
/// in place against its copy in the file's bytes, never made into a `String` key.
private struct ByteStringTable {
    private struct Slot {
        var hash: UInt64 = 0
        var start = 0
        var count = 0
        /// Object number + 1; 0 is an empty slot.
        var object = 0
    }

    private var slots: [Slot]
    private var used = 0

    init(capacity: Int) {
        slots = [Slot](repeating: Slot(), count: Swift.max(256, 1 << (Int.bitWidth - capacity.leadingZeroBitCount)))
    }

    /// FNV-1a: short keys, no seed needed (nothing here comes from an adversary's choice of
    /// collisions that matters: a worst case is slower, never wrong).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, in file: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i].object != 0 {
            let slot = slots[i]
            if slot.hash == hash, slot.count == bytes.count, Self.equal(file.baseAddress! + slot.start, bytes) {
                return slot.object - 1
            }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Most strings here are a few bytes long: compared in line, not through a call to memcmp.
    @inline(__always)
    private static func equal(_ stored: UnsafePointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= 16 else { return memcmp(stored, bytes.baseAddress!, bytes.count) == 0 }
        for i in 0..<bytes.count where stored[i] != bytes[i] { return false }
        return true
    }

    /// Records a string whose bytes are at `start` in the file (not yet found by `find`).
    mutating func insert(hash: UInt64, start: Int, count: Int, object: Int) {
        if 2 * (used + 1) > slots.count { grow() }
        place(Slot(hash: hash, start: start, count: count, object: object + 1))
        used += 1
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: slot.hash) & mask
        while slots[i].object != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: 2 * old.count)
        for slot in old where slot.object != 0 { place(slot) }
    }
}

/// The reals written so far, by bit pattern.
private struct RealTable {
    private var bits: [UInt64]
    /// Object number + 1; 0 is an empty slot.
    private var objects: [Int]
    private var used = 0

    init(capacity: Int) {
        let slots = Swift.max(256, 1 << (Int.bitWidth - capacity.leadingZeroBitCount))
        bits = [UInt64](repeating: 0, count: slots)
        objects = [Int](repeating: 0, count: slots)
    }

    /// Whole numbers have all-zero low mantissa bits: fold the high half in before mixing.
    private static func slot(_ value: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: ((value ^ value >> 32) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    func find(_ value: UInt64) -> Int? {
        let mask = objects.count - 1
        var i = Self.slot(value, mask)
        while objects[i] != 0 {
            if bits[i] == value { return objects[i] - 1 }
            i = (i + 1) & mask
        }
        return nil
    }

    mutating func insert(_ value: UInt64, object: Int) {
        if 2 * (used + 1) > objects.count { grow() }
        place(value, object + 1)
        used += 1
    }

    private mutating func place(_ value: UInt64, _ object: Int) {
        let mask = objects.count - 1
        var i = Self.slot(value, mask)
        while objects[i] != 0 { i = (i + 1) & mask }
        bits[i] = value
        objects[i] = object
    }

    private mutating func grow() {
        let (oldBits, oldObjects) = (bits, objects)
        bits = [UInt64](repeating: 0, count: 2 * oldBits.count)
        objects = [Int](repeating: 0, count: 2 * oldObjects.count)
        for i in oldObjects.indices where oldObjects[i] != 0 { place(oldBits[i], oldObjects[i]) }
    }
}
