#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A time zone read from the system's tz database (or a POSIX `TZ` rule) by this program itself:
/// FoundationEssentials' `TimeZone` knows no named zone without ICU, and full Foundation brings
/// ICU's 36 MB with it.
///
/// Lookups are a binary search in the transitions the file lists, then the file's footer rule
/// after the last of them (Debian's "slim" files list few or none past the present); no
/// allocation, so the browser can ask for every row of every frame.
public struct ZoneInfo: Sendable, Hashable {
    /// "Europe/Paris", "UTC", or the `TZ` string the zone came from.
    public let identifier: String
    /// The instants (seconds from 1970 UTC, ascending) the local time type changes at.
    let transitions: [Int64]
    /// For each transition, the index in `types` of the type from it on.
    let transitionTypes: [UInt8]
    /// The local time types; the first one also holds before the first transition (RFC 8536).
    let types: [LocalType]
    /// The footer's rule, for instants after the last transition (or all, when there is none).
    let rule: PosixRule?

    struct LocalType: Sendable, Hashable {
        /// Seconds east of Greenwich.
        var offset: Int32
        var isDaylight: Bool
        var abbreviation: String
    }

    init(identifier: String, transitions: [Int64], transitionTypes: [UInt8], types: [LocalType], rule: PosixRule?) {
        self.identifier = identifier
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.rule = rule
    }

    /// Offset 0, abbreviation "UTC".
    public static let utc = ZoneInfo(fixedOffset: 0, abbreviation: "UTC", identifier: "UTC")

    init(fixedOffset: Int32, abbreviation: String, identifier: String) {
        self.init(identifier: identifier, transitions: [], transitionTypes: [],
                  types: [LocalType(offset: fixedOffset, isDaylight: false, abbreviation: abbreviation)], rule: nil)
    }

    /// A POSIX TZ rule string: `"CET-1CEST,M3.5.0,M10.5.0/3"`, `"<+0530>-5:30"`, `"EST5EDT"`
    /// (without dates: the United States' rules). Its identifier is the string.
    public init?(posixTZ: String) {
        guard let rule = PosixRule(posixTZ) else { return nil }
        self.init(identifier: posixTZ, transitions: [], transitionTypes: [],
                  types: [LocalType(offset: rule.standardOffset, isDaylight: false, abbreviation: rule.standardAbbreviation)],
                  rule: rule)
    }

    /// Seconds east of Greenwich at `date`.
    public func secondsFromGMT(at date: Date) -> Int {
        Int(localTime(at: ZoneInfo.seconds(of: date)).offset)
    }

    /// The abbreviation the tz data gives at `date`: "CEST", "GMT", "+0530"…
    public func abbreviation(at date: Date) -> String {
        localTime(at: ZoneInfo.seconds(of: date)).abbreviation
    }

    /// Whole seconds from 1970 (rounded down), kept to ±2⁵³ so that the rule's calendar
    /// arithmetic cannot overflow; NaN counts as 1970.
    public static func seconds(of date: Date) -> Int64 {
        let interval = date.timeIntervalSince1970
        let limit = 9_007_199_254_740_992.0  // 2^53
        guard !interval.isNaN else { return 0 }
        return Int64(min(max(interval, -limit), limit).rounded(.down))
    }

    /// The offset and abbreviation at `t` seconds from 1970 UTC.
    func localTime(at t: Int64) -> (offset: Int32, abbreviation: String) {
        if let rule, transitions.isEmpty || t > transitions[transitions.count - 1] {
            let (offset, isDaylight) = rule.localTime(at: t)
            return (offset, rule.abbreviation(isDaylight: isDaylight))
        }
        guard !transitions.isEmpty, t >= transitions[0] else {
            return (types[0].offset, types[0].abbreviation)
        }
        // The last transition at or before `t`.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if transitions[middle] <= t { low = middle } else { high = middle - 1 }
        }
        let type = types[Int(transitionTypes[low])]
        return (type.offset, type.abbreviation)
    }
}

// MARK: - The tz database

extension ZoneInfo {
    /// `$TZDIR` if set, else `/usr/share/zoneinfo`.
    static var zoneDirectory: String {
        if let value = getenv("TZDIR"), value.pointee != 0 { return String(cString: value) }
        return "/usr/share/zoneinfo"
    }

    /// An IANA name's zone from the tz database: nil if the name is implausible (empty, absolute,
    /// with empty, `.` or `..` components, or characters other than letters, digits, `/ _ - +`) or
    /// not there. "UTC", "GMT" and "Etc/UTC" work without a database too.
    public static func named(_ identifier: String) -> ZoneInfo? {
        named(identifier, in: zoneDirectory)
    }

    static func named(_ identifier: String, in directory: String) -> ZoneInfo? {
        guard isPlausibleName(identifier) else { return nil }
        if let bytes = readFile(directory + "/" + identifier), let zone = ZoneInfo(tzif: bytes, identifier: identifier) {
            return zone
        }
        switch identifier {
        case "UTC", "Etc/UTC", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu":
            return ZoneInfo(fixedOffset: 0, abbreviation: "UTC", identifier: identifier)
        case "GMT", "Etc/GMT", "GMT0", "Etc/GMT0", "GMT+0", "Etc/GMT+0", "GMT-0", "Etc/GMT-0", "Greenwich", "Etc/Greenwich":
            return ZoneInfo(fixedOffset: 0, abbreviation: "GMT", identifier: identifier)
        default:
            return nil
        }
    }

    /// Relative, no empty, `.` or `..` component (the characters already exclude the dots; the
    /// components are checked in case they are ever widened), only letters, digits, `/ _ - +`,
    /// and short.
    static func isPlausibleName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "_"),
                 UInt8(ascii: "-"), UInt8(ascii: "+"):
                continue
            default:
                return false
            }
        }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { component in
            !component.isEmpty && !component.elementsEqual(".".utf8) && !component.elementsEqual("..".utf8)
        }
    }

    /// A regular file's bytes, at most `limit` of them (tz files are a few kilobytes); nil if it
    /// cannot be read, is not a regular file, or is larger.
    static func readFile(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & 0o170_000 == 0o100_000,
              status.st_size >= 0, Int(status.st_size) <= limit else { return nil }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return nil }
        }
    }
}

// MARK: - The user's zone

extension ZoneInfo {
    /// The user's zone, resolved once (`TZ`, else `/etc/localtime`), as the C library does.
    public static var local: ZoneInfo { cachedLocal }

    private static let cachedLocal: ZoneInfo = {
        let tz = getenv("TZ").map { String(cString: $0) }
        return resolve(tz: tz, localtimePath: "/etc/localtime", timezoneFilePath: "/etc/timezone",
                       zoneDirectory: zoneDirectory)
    }()

    /// The zone a `TZ` value names, as `tzset` reads it:
    /// - unset: the file at `localtimePath`, named after its symlink's target past `zoneinfo/`
    ///   (else after `timezoneFilePath`'s content, else "localtime");
    /// - empty: UTC;
    /// - `:Name` or `Name`: the database's zone (`:/path` or `/path`: that file);
    /// - otherwise a POSIX rule;
    /// - anything unusable: UTC.
    static func resolve(tz: String?, localtimePath: String, timezoneFilePath: String, zoneDirectory: String) -> ZoneInfo {
        guard let tz else {
            return systemZone(localtimePath: localtimePath, timezoneFilePath: timezoneFilePath) ?? .utc
        }
        if tz.isEmpty { return .utc }
        if tz.hasPrefix(":") {
            let name = String(tz.dropFirst())
            if name.hasPrefix("/") { return zone(atPath: name, identifier: identifier(fromPath: name) ?? name) ?? .utc }
            return named(name, in: zoneDirectory) ?? .utc
        }
        if tz.hasPrefix("/") { return zone(atPath: tz, identifier: identifier(fromPath: tz) ?? tz) ?? .utc }
        return named(tz, in: zoneDirectory) ?? ZoneInfo(posixTZ: tz) ?? .utc
    }

    static func zone(atPath path: String, identifier: String) -> ZoneInfo? {
        readFile(path).flatMap { ZoneInfo(tzif: $0, identifier: identifier) }
    }

    /// The zone `/etc/localtime` holds; nil if there is none or it is unreadable.
    static func systemZone(localtimePath: String, timezoneFilePath: String) -> ZoneInfo? {
        var identifier = "localtime"
        if let target = symbolicLinkTarget(localtimePath), let name = ZoneInfo.identifier(fromPath: target) {
            identifier = name
        } else if let bytes = readFile(timezoneFilePath, limit: 4096) {
            // Its first line, blanks around it dropped.
            let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
            let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
            let name = String(decoding: line.drop(while: isBlank).reversed().drop(while: isBlank).reversed(), as: UTF8.self)
            if isPlausibleName(name) { identifier = name }
        }
        return zone(atPath: localtimePath, identifier: identifier)
    }

    /// A path's part past its last `zoneinfo/` ("/usr/share/zoneinfo/Europe/Paris" →
    /// "Europe/Paris"; `posix/` dropped, it is the same data); nil if there is none.
    static func identifier(fromPath path: String) -> String? {
        let bytes = Array(path.utf8), marker = Array("zoneinfo/".utf8)
        guard bytes.count >= marker.count,
              let start = stride(from: bytes.count - marker.count, through: 0, by: -1).first(where: {
                  bytes[$0..<($0 + marker.count)].elementsEqual(marker)
              }) else { return nil }
        var name = String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
        if name.hasPrefix("posix/") { name.removeFirst("posix/".count) }
        return isPlausibleName(name) ? name : nil
    }

    static func symbolicLinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
