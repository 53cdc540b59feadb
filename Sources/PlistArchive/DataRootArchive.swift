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

    /// The payload of an archive of this shape (any object order or integer widths), or nil when
    /// it is anything else. The payload is a slice of `data`: no copy.
    static func decode(_ data: Data) -> Data? {
        let range = data.withUnsafeBytes { raw -> Range<Int>? in
            guard let document = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)),
                  let top = document.dictionary(document.topObject) else { return nil }
            var archiver: String?, objects: BinaryPlistDocument.Collection?, root: Int?
            for i in 0..<top.count {
                guard let keyRef = document.ref(top, i), let valueRef = document.ref(top, top.count + i) else { return nil }
                switch document.string(keyRef) {
                case "$archiver": archiver = document.string(valueRef)
                case "$objects": objects = document.array(valueRef)
                case "$top":
                    guard let refs = document.dictionary(valueRef) else { return nil }
                    for j in 0..<refs.count where document.ref(refs, j).flatMap(document.string) == "root" {
                        root = document.ref(refs, refs.count + j).flatMap(document.uid)
                    }
                default: break
                }
            }
            guard archiver == "NSKeyedArchiver", let objects, let root, root < objects.count,
                  let payload = document.ref(objects, root) else { return nil }
            return document.dataRange(payload)
        }
        return range.map { data[data.startIndex + $0.lowerBound..<data.startIndex + $0.upperBound] }
    }

    private static func marker(_ kind: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [kind | UInt8(count)] }
        return [kind | 0x0F, 0x13] + bigEndian(UInt64(count), bytes: 8)
    }

    private static func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
