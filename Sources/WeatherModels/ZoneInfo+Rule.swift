#if canImport(FoundationEssentials)
import FoundationEssentials
import EssentialsSupport
#else
import Foundation
#endif

/// A POSIX TZ rule (`man 3 tzset`, RFC 8536 section 3.3): standard time, and optionally daylight
/// time with the days and local times it starts and ends, repeated every year. A TZif file's footer
/// is one; so is a `TZ` variable that names no file.
struct PosixRule: Sendable, Hashable {
    /// The day of the year a change happens on.
    enum Day: Sendable, Hashable {
        /// `Jn`: 1–365, February 29 never counted (March 1 is always day 60).
        case julian(Int16)
        /// `n`: 0–365, February 29 counted in leap years.
        case zeroBased(Int16)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1–5, 5 = the last) of month `m`.
        case monthWeekDay(month: Int8, week: Int8, weekday: Int8)
    }

    /// A change: its day, and the local time of that day (in the time in force before the change)
    /// it happens at, in seconds; RFC 8536's extension lets it be negative or past 24 hours.
    struct Change: Sendable, Hashable {
        var day: Day
        var time: Int32
    }

    struct Daylight: Sendable, Hashable {
        var abbreviation: String
        /// Seconds east of Greenwich.
        var offset: Int32
        var start: Change
        var end: Change
    }

    var standardAbbreviation: String
    /// Seconds east of Greenwich (the POSIX string counts them west: `CET-1` is `+3600` here).
    var standardOffset: Int32
    var daylight: Daylight?

    /// Parses a whole rule string; nil if any of it is malformed or something follows it.
    init?(_ text: String) {
        var scanner = RuleScanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardWest = scanner.time(maxHours: 24) else { return nil }
        standardAbbreviation = standardName
        standardOffset = -standardWest
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard let daylightName = scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !scanner.atEnd && !scanner.next(is: UInt8(ascii: ",")) {
            guard let daylightWest = scanner.time(maxHours: 24) else { return nil }
            daylightOffset = -daylightWest
        }
        // No rule given: the United States' rules since 2007, as tzcode assumes.
        var start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
        var end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        if !scanner.atEnd {
            guard scanner.take(UInt8(ascii: ",")), let first = scanner.change(),
                  scanner.take(UInt8(ascii: ",")), let second = scanner.change() else { return nil }
            start = first
            end = second
        }
        guard scanner.atEnd else { return nil }
        daylight = Daylight(abbreviation: daylightName, offset: daylightOffset, start: start, end: end)
    }

    /// The offset east of Greenwich, whether it is daylight time, at `t` seconds from 1970 UTC.
    /// No allocation: at most six day computations.
    func localTime(at t: Int64) -> (offset: Int32, isDaylight: Bool) {
        guard let daylight else { return (standardOffset, false) }
        let year = CivilTime.date(
            daysSince1970: CivilTime.floorDivision(t + Int64(standardOffset), 86_400).quotient
        ).year
        // The latest change at or before `t` among the previous, this and the next year's decides:
        // that copes with southern-hemisphere rules (start after end in the year) and with change
        // times that cross into another year. On a tie the later-listed change wins, so a rule
        // whose daylight time ends exactly when the next year's starts stays in daylight time.
        var latest = Int64.min
        var isDaylight = false
        for candidate in (year - 1)...(year + 1) {
            let start = PosixRule.instant(of: daylight.start, year: candidate, offset: standardOffset)
            if start <= t && start >= latest {
                latest = start
                isDaylight = true
            }
            let end = PosixRule.instant(of: daylight.end, year: candidate, offset: daylight.offset)
            if end <= t && end >= latest {
                latest = end
                isDaylight = false
            }
        }
        return isDaylight ? (daylight.offset, true) : (standardOffset, false)
    }

    func abbreviation(isDaylight: Bool) -> String {
        isDaylight ? (daylight?.abbreviation ?? standardAbbreviation) : standardAbbreviation
    }

    /// The UTC instant of `change` in `year`, its local time counted at `offset`.
    static func instant(of change: Change, year: Int64, offset: Int32) -> Int64 {
        dayCount(of: change.day, year: year) * 86_400 + Int64(change.time) - Int64(offset)
    }

    /// Days from 1970-01-01 to the change's day in `year`.
    static func dayCount(of day: Day, year: Int64) -> Int64 {
        switch day {
        case .julian(let n):
            let january1 = CivilTime.days(year: year, month: 1, day: 1)
            let isLeap = CivilTime.days(year: year, month: 3, day: 1) - CivilTime.days(year: year, month: 2, day: 28) == 2
            return january1 + Int64(n) - 1 + (isLeap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return CivilTime.days(year: year, month: 1, day: 1) + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilTime.days(year: year, month: Int64(month), day: 1)
            let length = CivilTime.days(year: year, month: Int64(month) + 1, day: 1) - first
            let firstWeekday = CivilTime.floorDivision(first + 4, 7).remainder  // 1970-01-01 was a Thursday
            var dayOfMonth = (Int64(weekday) - firstWeekday + 7) % 7 + 7 * (Int64(week) - 1)
            while dayOfMonth >= length { dayOfMonth -= 7 }  // week 5: the last such weekday
            return first + dayOfMonth
        }
    }
}

/// Reads a rule string's parts, byte by byte, never past its end.
private struct RuleScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    func next(is byte: UInt8) -> Bool { !atEnd && bytes[position] == byte }

    mutating func take(_ byte: UInt8) -> Bool {
        guard next(is: byte) else { return false }
        position += 1
        return true
    }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// An abbreviation: three or more letters, or `<…>` around three or more letters, digits,
    /// `+` and `-`.
    mutating func name() -> String? {
        let start = position
        if take(UInt8(ascii: "<")) {
            while !atEnd, RuleScanner.isLetter(bytes[position]) || RuleScanner.isDigit(bytes[position])
                    || bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            let name = bytes[(start + 1)..<position]
            guard name.count >= 3, take(UInt8(ascii: ">")) else { return nil }
            return String(decoding: name, as: UTF8.self)
        }
        while !atEnd, RuleScanner.isLetter(bytes[position]) { position += 1 }
        guard position - start >= 3 else { return nil }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Up to `limit` decimal digits' value; nil if there is none.
    mutating func number(maxDigits limit: Int) -> Int32? {
        var value: Int32 = 0
        var count = 0
        while !atEnd, RuleScanner.isDigit(bytes[position]), count < limit {
            value = value * 10 + Int32(bytes[position] - UInt8(ascii: "0"))
            position += 1
            count += 1
        }
        return count == 0 ? nil : value
    }

    /// `[+|-]hh[:mm[:ss]]` in seconds, hours at most `maxHours`.
    mutating func time(maxHours: Int32) -> Int32? {
        var sign: Int32 = 1
        if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        if take(UInt8(ascii: ":")) {
            guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
            seconds += minutes * 60
            if take(UInt8(ascii: ":")) {
                guard let secs = number(maxDigits: 2), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then optionally `/time` (02:00 if absent).
    mutating func change() -> PosixRule.Change? {
        let day: PosixRule.Day
        if take(UInt8(ascii: "J")) {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julian(Int16(n))
        } else if take(UInt8(ascii: "M")) {
            guard let month = number(maxDigits: 2), (1...12).contains(month), take(UInt8(ascii: ".")),
                  let week = number(maxDigits: 1), (1...5).contains(week), take(UInt8(ascii: ".")),
                  let weekday = number(maxDigits: 1), (0...6).contains(weekday) else { return nil }
            day = .monthWeekDay(month: Int8(month), week: Int8(week), weekday: Int8(weekday))
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBased(Int16(n))
        }
        var time: Int32 = 7200
        if take(UInt8(ascii: "/")) {
            guard let given = self.time(maxHours: 167) else { return nil }
            time = given
        }
        return PosixRule.Change(day: day, time: time)
    }
}
