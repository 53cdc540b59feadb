/// What `BinaryPlistEncoder` and `BinaryPlistDecoder` share: coding keys of their own and coding
/// paths kept as parent links, built into an array only when asked for (errors, callers).

/// Array positions in coding paths (`Index 3`).
struct PlistIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// A key given by name, for `super` coders.
struct PlistNamedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A coder for one value, linked to the coder of the value holding it.
protocol PlistPathLinked: AnyObject {
    var parent: Self? { get }
    /// How the parent reached this value; nil at the top.
    var key: (any CodingKey)? { get }
}

extension PlistPathLinked {
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: Self? = self
        while let current = node {
            if let key = current.key { path.append(key) }
            node = current.parent
        }
        return path.reversed()
    }
}

/// Where `BinaryPlistBytes` appends: an array, or `BinaryPlistWriter`'s storage.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
}

extension Array: ByteSink where Element == UInt8 {}
extension GrowableStorage: ByteSink where Element == UInt8 {}

/// Bytes written into space already made (`BinaryPlistWriter.finish` sizes the containers and
/// the offset table first): `at` moves past each one.
struct ByteCursor: ByteSink {
    let out: UnsafeMutableBufferPointer<UInt8>
    var at: Int

    mutating func append(_ byte: UInt8) {
        out[at] = byte
        at += 1
    }

    /// Big-endian numbers of `width` bytes each, the width tested once, not per number, and the
    /// common widths written with one store a number (references and offsets: tens of thousands).
    mutating func put<Numbers: Sequence>(_ numbers: Numbers, width: Int) where Numbers.Element: FixedWidthInteger {
        precondition(at >= 0 && at <= out.count, "writing outside the space made")
        var p = out.baseAddress.unsafelyUnwrapped + at
        switch width {
        case 1:
            for n in numbers {
                p.pointee = UInt8(truncatingIfNeeded: n)
                p += 1
            }
        case 2:
            for n in numbers {
                UnsafeMutableRawPointer(p).storeBytes(of: UInt16(truncatingIfNeeded: n).bigEndian, as: UInt16.self)
                p += 2
            }
        case 4:
            for n in numbers {
                UnsafeMutableRawPointer(p).storeBytes(of: UInt32(truncatingIfNeeded: n).bigEndian, as: UInt32.self)
                p += 4
            }
        default:
            for n in numbers {
                let value = UInt64(truncatingIfNeeded: n)
                for i in 0..<width { p[i] = UInt8(truncatingIfNeeded: value &>> UInt64(8 * (width - 1 - i))) }
                p += width
            }
        }
        at = p - out.baseAddress.unsafelyUnwrapped
        precondition(at <= out.count, "wrote past the space made")
    }
}

/// The byte forms a binary plist is written in, for `BinaryPlistEncoder` and `DataRootArchive`.
enum BinaryPlistBytes {
    /// `marker` (when given) and the low `bytes` bytes of `value`, most significant first.
    static func appendBigEndian(_ value: UInt64, bytes: Int, marker: UInt8? = nil, to out: inout some ByteSink) {
        if let marker { out.append(marker) }
        var shift = 8 * bytes
        while shift > 0 {
            shift -= 8
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// An integer object: 1, 2 or 4 bytes unsigned when it fits, else 8 bytes.
    static func appendInteger(_ value: UInt64, to out: inout some ByteSink) {
        let bytes = width(value)
        appendBigEndian(value, bytes: bytes, marker: 0x10 | UInt8(bytes.trailingZeroBitCount), to: &out)
    }

    /// A marker with a length: in its low nibble when under 15, else followed by an integer object.
    static func appendMarker(_ kind: UInt8, count: Int, to out: inout some ByteSink) {
        if count < 15 {
            out.append(kind | UInt8(count))
        } else {
            out.append(kind | 0x0F)
            appendInteger(UInt64(count), to: &out)
        }
    }

    /// How many bytes `appendMarker` writes for `count`.
    static func markerSize(count: Int) -> Int {
        count < 15 ? 1 : 2 + width(UInt64(count))
    }

    /// The offset table and the trailer, for a table that starts `table` bytes into the file.
    static func appendTable(offsets: [Int], refSize: Int, top: Int, at table: Int, to out: inout [UInt8]) {
        let offsetSize = width(UInt64(table))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(offsets.count * offsetSize + 32)
        for offset in offsets { appendBigEndian(UInt64(offset), bytes: offsetSize, to: &bytes) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]  // 5 unused, sort version, sizes
        for value in [offsets.count, top, table] { appendBigEndian(UInt64(value), bytes: 8, to: &bytes) }
        out.append(contentsOf: bytes)
    }

    /// How many bytes (1, 2, 4 or 8) hold `value`: the width of references and offsets.
    static func width(_ value: UInt64) -> Int {
        value < 1 << 8 ? 1 : value < 1 << 16 ? 2 : value < 1 << 32 ? 4 : 8
    }
}
