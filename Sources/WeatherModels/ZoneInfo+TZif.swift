#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading a TZif file (RFC 8536, `man 5 tzfile`): every count in it is checked against the bytes
/// that are left before anything is allocated or read, so a truncated or hostile file gives nil.
extension ZoneInfo {
    /// At most this many local time types (a transition's type is one byte; tzcode's limit too).
    static let maximumTypeCount = 256

    public init?(tzif bytes: [UInt8], identifier: String) {
        var reader = TZifReader(bytes: bytes)
        guard let first = reader.header() else { return nil }
        var header = first
        if first.version >= 2 {
            // The version 1 block only serves version 1 readers: skip it to the 64-bit one.
            guard reader.skip(first.blockLength(timeSize: 4)), let second = reader.header(),
                  second.version == first.version else { return nil }
            header = second
        }
        let timeSize = header.version >= 2 ? 8 : 4
        guard reader.remaining >= header.blockLength(timeSize: timeSize) else { return nil }

        let timeCount = header.timeCount, typeCount = header.typeCount
        var transitions = [Int64]()
        transitions.reserveCapacity(timeCount)
        for _ in 0..<timeCount {
            guard let time = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else { return nil }
            // RFC 8536: transition times are in strictly ascending order.
            if let previous = transitions.last, time <= previous { return nil }
            transitions.append(time)
        }
        var transitionTypes = [UInt8]()
        transitionTypes.reserveCapacity(timeCount)
        for _ in 0..<timeCount {
            guard let type = reader.byte(), Int(type) < typeCount else { return nil }
            transitionTypes.append(type)
        }
        var rawTypes = [(offset: Int32, isDaylight: Bool, abbreviationIndex: Int)]()
        rawTypes.reserveCapacity(typeCount)
        for _ in 0..<typeCount {
            guard let offset = reader.int32(), offset != Int32.min,
                  let isDaylight = reader.byte(), isDaylight <= 1,
                  let index = reader.byte() else { return nil }
            rawTypes.append((offset, isDaylight == 1, Int(index)))
        }
        guard let characters = reader.bytes(header.characterCount) else { return nil }
        var types = [LocalType]()
        types.reserveCapacity(typeCount)
        for raw in rawTypes {
            // The slice's indices are the file's: the abbreviation starts `abbreviationIndex` in.
            let start = characters.startIndex + raw.abbreviationIndex
            guard start < characters.endIndex, let end = characters[start...].firstIndex(of: 0) else { return nil }
            let abbreviation = String(decoding: characters[start..<end], as: UTF8.self)
            types.append(LocalType(offset: raw.offset, isDaylight: raw.isDaylight, abbreviation: abbreviation))
        }
        // Leap second records (the "right/" zones): their transition times count the inserted
        // seconds, which `Date` does not; take the correction in force at each transition off it.
        var leapSeconds = [(occurrence: Int64, correction: Int64)]()
        leapSeconds.reserveCapacity(header.leapCount)
        for _ in 0..<header.leapCount {
            guard let occurrence = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init),
                  let correction = reader.int32() else { return nil }
            if let previous = leapSeconds.last, occurrence <= previous.occurrence { return nil }
            leapSeconds.append((occurrence, Int64(correction)))
        }
        guard reader.skip(header.standardIndicatorCount + header.utIndicatorCount) else { return nil }
        if !leapSeconds.isEmpty {
            var leap = 0
            var correction: Int64 = 0
            for index in transitions.indices {
                while leap < leapSeconds.count && leapSeconds[leap].occurrence <= transitions[index] {
                    correction = leapSeconds[leap].correction
                    leap += 1
                }
                let (adjusted, overflow) = transitions[index].subtractingReportingOverflow(correction)
                guard !overflow else { return nil }
                transitions[index] = adjusted
            }
        }

        var rule: PosixRule?
        if header.version >= 2 {
            // The footer: a newline, a POSIX TZ string (possibly empty), a newline.
            guard reader.byte() == UInt8(ascii: "\n"), let text = reader.line() else { return nil }
            if !text.isEmpty {
                guard let parsed = PosixRule(String(decoding: text, as: UTF8.self)) else { return nil }
                rule = parsed
            }
        }
        self.init(identifier: identifier, transitions: transitions, transitionTypes: transitionTypes,
                  types: types, rule: rule)
    }
}

/// A TZif header's version and counts.
struct TZifHeader {
    var version: Int
    var utIndicatorCount: Int
    var standardIndicatorCount: Int
    var leapCount: Int
    var timeCount: Int
    var typeCount: Int
    var characterCount: Int

    /// The bytes of the data block these counts describe, with times of `timeSize` bytes.
    /// Every count is at most 2³² − 1, so the sum cannot overflow a 64-bit `Int`.
    func blockLength(timeSize: Int) -> Int {
        timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
            + standardIndicatorCount + utIndicatorCount
    }
}

/// A cursor over a TZif file's bytes; every read is bounded by the bytes left.
struct TZifReader {
    let bytes: [UInt8]
    var position = 0

    var remaining: Int { bytes.count - position }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        position += count
        return true
    }

    mutating func byte() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func uint32() -> UInt32? {
        guard remaining >= 4 else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 { value = value << 8 | UInt32(bytes[position + offset]) }
        position += 4
        return value
    }

    mutating func int32() -> Int32? { uint32().map { Int32(bitPattern: $0) } }

    mutating func int64() -> Int64? {
        guard let high = uint32(), let low = uint32() else { return nil }
        return Int64(bitPattern: UInt64(high) << 32 | UInt64(low))
    }

    /// The bytes up to the next newline, which is consumed; nil if there is none.
    mutating func line() -> ArraySlice<UInt8>? {
        guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { position = end + 1 }
        return bytes[position..<end]
    }

    /// `TZif`, a version (0 for 1, or an ASCII digit from 2), 15 unused bytes and six counts.
    mutating func header() -> TZifHeader? {
        guard let magic = bytes(4), magic.elementsEqual("TZif".utf8), let versionByte = byte() else { return nil }
        let version: Int
        if versionByte == 0 {
            version = 1
        } else if versionByte >= UInt8(ascii: "2") && versionByte <= UInt8(ascii: "9") {
            version = Int(versionByte - UInt8(ascii: "0"))
        } else {
            return nil
        }
        guard skip(15), let ut = uint32(), let standard = uint32(), let leap = uint32(),
              let time = uint32(), let type = uint32(), let characters = uint32() else { return nil }
        let header = TZifHeader(version: version, utIndicatorCount: Int(ut), standardIndicatorCount: Int(standard),
                                leapCount: Int(leap), timeCount: Int(time), typeCount: Int(type),
                                characterCount: Int(characters))
        // RFC 8536 section 3.1: at least one type and one abbreviation byte, and the indicator
        // counts are zero or the type count.
        guard (1...ZoneInfo.maximumTypeCount).contains(header.typeCount), header.characterCount >= 1,
              header.utIndicatorCount == 0 || header.utIndicatorCount == header.typeCount,
              header.standardIndicatorCount == 0 || header.standardIndicatorCount == header.typeCount else { return nil }
        return header
    }
}
