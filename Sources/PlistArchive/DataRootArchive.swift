#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes and reads the one archive shape the store uses, an `NSKeyedArchiver` archive whose
/// root object is `Data`, as `NSKeyedArchiver` lays it out (byte for byte when its top-level keys
/// come out in this order; Foundation's order varies from run to run):
/// `{$archiver: "NSKeyedArchiver", $objects: ["$null", <data>], $top: {root: UID(1)}, $version: 100000}`.
///
/// Why by hand: on Linux, Foundation's `NSKeyedArchiver` takes about 0.4 s to wrap 600 KB of
/// data and `PropertyListSerialization` 80 ms to parse it back (scripts/bench), several times
/// the cost of encoding the feed itself. Anything this reader does not recognise is handed to
/// the general validating path (`KeyedArchiveValidator`), so unusual but valid archives still load.
enum DataRootArchive {
    static func encode(_ payload: Data) -> Data {
        // Object table: 0 top dict, 1…4 its keys, 5 "NSKeyedArchiver", 6 $objects array, 7 "$null",
        // 8 the data, 9 $top dict, 10 "root", 11 UID(1), 12 version number. The bytes before the
        // payload and after it are made apart, so the payload is copied once, into the result.
        var head = [UInt8]("bplist00".utf8)
        var offsets: [Int] = []
        func object(_ bytes: [UInt8], into out: inout [UInt8], at base: Int) {
            offsets.append(base + out.count)
            out += bytes
        }
        func ascii(_ s: String, into out: inout [UInt8], at base: Int) {
            offsets.append(base + out.count)
            BinaryPlistBytes.appendMarker(0x50, count: s.utf8.count, to: &out)
            out += Array(s.utf8)
        }
        object([0xD4, 1, 2, 3, 4, 5, 6, 9, 12], into: &head, at: 0)
        for key in ["$archiver", "$objects", "$top", "$version", "NSKeyedArchiver"] { ascii(key, into: &head, at: 0) }
        object([0xA2, 7, 8], into: &head, at: 0)
        ascii("$null", into: &head, at: 0)
        offsets.append(head.count)
        BinaryPlistBytes.appendMarker(0x40, count: payload.count, to: &head)
        let base = head.count + payload.count
        var tail: [UInt8] = []
        object([0xD1, 10, 11], into: &tail, at: base)
        ascii("root", into: &tail, at: base)
        object([0x80, 0x01], into: &tail, at: base)
        offsets.append(base + tail.count)
        BinaryPlistBytes.appendBigEndian(100_000, bytes: 4, marker: 0x12, to: &tail)
        BinaryPlistBytes.appendTable(offsets: offsets, refSize: 1, top: 0, at: base + tail.count, to: &tail)
        var out = Data(capacity: head.count + payload.count + tail.count)
        out.append(contentsOf: head)
        out.append(payload)
        out.append(contentsOf: tail)
        return out
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
}
