import Foundation

/// A plist UID (`CF$UID`), as keyed archives use to refer to objects.
struct PlistUID: Equatable {
    var value: Int
}

/// A bounds-checked reader of binary property lists (`bplist00`) into Swift values: `String`,
/// `Int`, `Double`, `Bool`, `Date`, `Data`, `[Any]`, `[String: Any]` and `PlistUID`.
///
/// Why: on Linux, `PropertyListSerialization` took 80 ms to parse an archive holding 600 KB of
/// data (the feed's payload); this reads it in well under a millisecond. Used for the archive's
/// outer layer (`DataRootArchive`). Damaged input is nil, never a crash.
struct BinaryPlistReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offsets: [Int] = []
    private var refSize = 0
    private static let maxDepth = 256

    /// The top object of `data`, or nil when it is not a binary plist this reader understands.
    static func parse(_ data: Data) -> Any? {
        data.withUnsafeBytes { raw -> Any? in
            var reader = BinaryPlistReader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.top()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private func uint(_ at: Int, _ size: Int) -> Int? {
        guard size >= 1, size <= 8, at >= 0, at <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }

    private func raw64(_ at: Int, _ size: Int) -> UInt64? {
        guard size >= 1, size <= 8, at >= 0, at <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
        return value
    }

    /// Where an object's contents start and how many units it has, after its marker.
    private func lengthAndStart(_ offset: Int, _ low: UInt8) -> (start: Int, count: Int)? {
        if low != 0x0F { return (offset + 1, Int(low)) }
        guard offset + 1 < bytes.count, bytes[offset + 1] & 0xF0 == 0x10 else { return nil }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard let n = uint(offset + 2, size) else { return nil }
        return (offset + 2 + size, n)
    }

    private mutating func top() -> Any? {
        let count = bytes.count
        guard count >= 40, bytes[0] == 0x62, bytes[1] == 0x70, bytes[2] == 0x6C, bytes[3] == 0x69,
              bytes[4] == 0x73, bytes[5] == 0x74, bytes[6] == 0x30, bytes[7] == 0x30 else { return nil }  // "bplist00"
        let trailer = count - 32
        let offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize),
              let objectCount = uint(trailer + 8, 8), let top = uint(trailer + 16, 8), let table = uint(trailer + 24, 8),
              objectCount > 0, objectCount <= count, table >= 8, table <= trailer,
              objectCount <= (trailer - table) / offsetSize
        else { return nil }
        offsets.reserveCapacity(objectCount)
        for i in 0..<objectCount {
            guard let o = uint(table + i * offsetSize, offsetSize), o >= 8, o < table else { return nil }
            offsets.append(o)
        }
        return object(top, depth: 0)
    }

    private func object(_ index: Int, depth: Int) -> Any? {
        guard depth < Self.maxDepth, index >= 0, index < offsets.count else { return nil }
        let offset = offsets[index]
        let marker = bytes[offset], kind = marker & 0xF0, low = marker & 0x0F
        switch kind {
        case 0x00:
            switch marker {
            case 0x08: return false
            case 0x09: return true
            default: return nil
            }
        case 0x10:
            let size = 1 << Int(low)
            guard size <= 8, let v = raw64(offset + 1, size) else { return nil }
            return size == 8 ? Int(Int64(bitPattern: v)) : Int(v)
        case 0x20:
            guard let v = raw64(offset + 1, 1 << Int(low)) else { return nil }
            switch low {
            case 2: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: v)))
            case 3: return Double(bitPattern: v)
            default: return nil
            }
        case 0x30:
            guard marker == 0x33, let v = raw64(offset + 1, 8) else { return nil }
            return Date(timeIntervalSinceReferenceDate: Double(bitPattern: v))
        case 0x40, 0x50, 0x60:
            guard let (start, n) = lengthAndStart(offset, low), n >= 0 else { return nil }
            let length = kind == 0x60 ? 2 * n : n
            guard length >= 0, start <= bytes.count - length else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<start + length])
            switch kind {
            case 0x40: return Data(slice)
            case 0x50: return String(decoding: slice, as: UTF8.self)  // ASCII is UTF-8
            default:
                var units: [UInt16] = []
                units.reserveCapacity(n)
                for i in 0..<n { units.append(UInt16(slice[2 * i]) << 8 | UInt16(slice[2 * i + 1])) }
                return String(decoding: units, as: UTF16.self)
            }
        case 0x80:
            return uint(offset + 1, Int(low) + 1).map(PlistUID.init)
        case 0xA0, 0xD0:
            guard let (start, n) = lengthAndStart(offset, low), n >= 0 else { return nil }
            let refs = kind == 0xA0 ? n : 2 * n
            guard refs <= (bytes.count - start) / refSize else { return nil }
            if kind == 0xA0 {
                var array: [Any] = []
                array.reserveCapacity(n)
                for i in 0..<n {
                    guard let ref = uint(start + i * refSize, refSize), let value = object(ref, depth: depth + 1) else { return nil }
                    array.append(value)
                }
                return array
            }
            var dict: [String: Any] = [:]
            dict.reserveCapacity(n)
            for i in 0..<n {
                guard let keyRef = uint(start + i * refSize, refSize), let key = object(keyRef, depth: depth + 1) as? String,
                      let valueRef = uint(start + (n + i) * refSize, refSize), let value = object(valueRef, depth: depth + 1)
                else { return nil }
                dict[key] = value
            }
            return dict
        default:
            return nil
        }
    }
}
