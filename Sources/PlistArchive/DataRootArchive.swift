import Foundation

/// Writes and reads the one archive shape the store uses, an `NSKeyedArchiver` archive whose
/// root object is `Data`, byte for byte as `NSKeyedArchiver` lays it out:
/// `{$archiver: "NSKeyedArchiver", $objects: ["$null", <data>], $top: {root: UID(1)}, $version: 100000}`.
///
/// Why by hand: on Linux, Foundation's `NSKeyedArchiver` takes about 0.4 s to wrap 600 KB of
/// data and `PropertyListSerialization` 80 ms to parse it back (scripts/bench), several times
/// the cost of encoding the feed itself. Anything this reader does not recognise is handed to
/// the general validating path (`KeyedArchiveValidator`), so unusual but valid archives still load.
enum DataRootArchive {
    static func encode(_ payload: Data) -> Data {
        let strings = ["$archiver", "$objects", "$top", "$version", "NSKeyedArchiver", "$null", "root"]
        // Object table: 0 top dict, 1…4 keys, 5 "NSKeyedArchiver", 6 $objects array, 7 "$null",
        // 8 the data, 9 $top dict, 10 "root", 11 UID(1), 12 version number.
        var objects: [[UInt8]] = Array(repeating: [], count: 13)
        func ascii(_ s: String) -> [UInt8] { marker(0x50, count: s.utf8.count) + Array(s.utf8) }
        objects[0] = [0xD4, 1, 2, 3, 4, 5, 6, 9, 12]
        for (i, s) in strings.prefix(4).enumerated() { objects[1 + i] = ascii(s) }
        objects[5] = ascii(strings[4])
        objects[6] = [0xA2, 7, 8]
        objects[7] = ascii(strings[5])
        objects[8] = marker(0x40, count: payload.count) + [UInt8](payload)
        objects[9] = [0xD1, 10, 11]
        objects[10] = ascii(strings[6])
        objects[11] = [0x80, 0x01]
        objects[12] = [0x12] + bigEndian(100_000, bytes: 4)

        var out = [UInt8]("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let tableOffset = out.count
        let offsetSize = tableOffset < 1 << 8 ? 1 : tableOffset < 1 << 16 ? 2 : tableOffset < 1 << 32 ? 4 : 8
        for offset in offsets { out += bigEndian(UInt64(offset), bytes: offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), 1]  // 5 unused, sort version, offset size, ref size
        out += bigEndian(UInt64(objects.count), bytes: 8) + bigEndian(0, bytes: 8) + bigEndian(UInt64(tableOffset), bytes: 8)
        return Data(out)
    }

    /// The payload of an archive in exactly the layout above (any object order or integer
    /// widths), or nil when it is anything else.
    static func decode(_ data: Data) -> Data? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var reader = Reader(bytes: bytes)
            return reader.payload()
        }
    }

    private static func marker(_ kind: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [kind | UInt8(count)] }
        return [kind | 0x0F, 0x13] + bigEndian(UInt64(count), bytes: 8)
    }

    private static func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A bounds-checked reader of the few binary-plist objects this layout uses.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offsets: [Int] = []
        var refSize = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func uint(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
            return value > UInt64(Int.max) ? nil : Int(value)
        }

        enum Object {
            case string(String), data(Range<Int>), uid(Int), int(Int), array([Int]), dict([Int], [Int])
        }

        /// (start, count) of an object's contents after its marker and optional length.
        func lengthAndStart(_ offset: Int, _ low: UInt8) -> (Int, Int)? {
            if low != 0x0F { return (offset + 1, Int(low)) }
            guard offset + 1 < bytes.count, bytes[offset + 1] & 0xF0 == 0x10 else { return nil }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            guard let n = uint(offset + 2, size) else { return nil }
            return (offset + 2 + size, n)
        }

        func object(_ index: Int) -> Object? {
            guard index >= 0, index < offsets.count else { return nil }
            let offset = offsets[index]
            guard offset >= 8, offset < bytes.count else { return nil }
            let marker = bytes[offset], kind = marker & 0xF0, low = marker & 0x0F
            switch kind {
            case 0x10:
                return uint(offset + 1, 1 << Int(low)).map(Object.int)
            case 0x80:
                return uint(offset + 1, Int(low) + 1).map(Object.uid)
            case 0x40, 0x50:
                guard let (start, n) = lengthAndStart(offset, low), n >= 0, start <= bytes.count - n else { return nil }
                if kind == 0x40 { return .data(start..<start + n) }
                guard let s = String(bytes: bytes[start..<start + n], encoding: .ascii) else { return nil }
                return .string(s)
            case 0xA0, 0xD0:
                guard let (start, n) = lengthAndStart(offset, low), n >= 0, n <= 64 else { return nil }
                let total = kind == 0xA0 ? n : 2 * n
                guard start <= bytes.count - total * refSize else { return nil }
                var refs: [Int] = []
                for i in 0..<total {
                    guard let r = uint(start + i * refSize, refSize) else { return nil }
                    refs.append(r)
                }
                return kind == 0xA0 ? .array(refs) : .dict(Array(refs.prefix(n)), Array(refs.suffix(n)))
            default:
                return nil
            }
        }

        func dictionary(_ index: Int) -> [String: Int]? {
            guard case .dict(let keys, let values)? = object(index) else { return nil }
            var result: [String: Int] = [:]
            for (k, v) in zip(keys, values) {
                guard case .string(let key)? = object(k) else { return nil }
                result[key] = v
            }
            return result
        }

        mutating func payload() -> Data? {
            let count = bytes.count
            guard count >= 40, Array(bytes[0..<8]) == Array("bplist00".utf8) else { return nil }
            let trailer = count - 32
            let offsetSize = Int(bytes[trailer + 6])
            refSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(refSize),
                  let objectCount = uint(trailer + 8, 8), let top = uint(trailer + 16, 8), let table = uint(trailer + 24, 8),
                  objectCount > 0, objectCount <= 64, table >= 8, table <= trailer - objectCount * offsetSize
            else { return nil }
            for i in 0..<objectCount {
                guard let o = uint(table + i * offsetSize, offsetSize) else { return nil }
                offsets.append(o)
            }
            guard let root = dictionary(top),
                  let archiverRef = root["$archiver"], case .string("NSKeyedArchiver")? = object(archiverRef),
                  let topRef = root["$top"], let topDict = dictionary(topRef),
                  let rootRef = topDict["root"], case .uid(let rootIndex)? = object(rootRef),
                  let objectsRef = root["$objects"], case .array(let archived)? = object(objectsRef),
                  rootIndex < archived.count, case .data(let range)? = object(archived[rootIndex])
            else { return nil }
            return Data(bytes[range])
        }
    }
}
