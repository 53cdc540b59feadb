/// Calendar arithmetic on instants counted in seconds from 1970-01-01 UTC, at a fixed offset:
/// no time zone database, no ICU. Written once for the formats built from it (`--once`'s ISO 8601
/// times, Open-Meteo's local times, the browser's clock and dates, XML plists' dates, the time
/// zones' rules).
public enum CivilTime {
    /// `a ÷ b` rounded down, and the remainder in `0..<b` (`b > 0`).
    public static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// Proleptic Gregorian year, month and day of a day count from 1970-01-01 (H. Hinnant's
    /// `civil_from_days`).
    public static func date(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivision(z, 146_097).quotient
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day count from 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
    /// `days_from_civil`); a month outside 1–12 or a day past the month's end carries over, as a
    /// lenient calendar does.
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let (carry, monthIndex) = floorDivision(month - 1, 12)
        let y = year + carry - (monthIndex < 2 ? 1 : 0)
        let era = floorDivision(y, 400).quotient
        let yearOfEra = y - era * 400
        let shiftedMonth = (monthIndex + 10) % 12  // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `value` in decimal, zero-padded to `width` digits (`07`, `0042`).
    public static func padded(_ value: Int64, width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// `2026-11-22T15:40:00+06:00`: the instant `epoch` as the local time at `utcOffsetSeconds`,
    /// with that offset, as AccuWeather writes local times (Open-Meteo's and the demo's are made so).
    /// An instant and offset no clock has (a server's `Int.max`) write a date far off, never a trap.
    public static func iso8601(epoch: Int, utcOffsetSeconds: Int) -> String {
        let (local, overflow) = Int64(epoch).addingReportingOverflow(Int64(utcOffsetSeconds))
        let (days, secondOfDay) = floorDivision(overflow ? Int64(epoch) : local, 86_400)
        let (year, month, day) = date(daysSince1970: days)
        let offset = Int64(utcOffsetSeconds).magnitude
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        return "\(padded(year, width: 4))-\(padded(month))-\(padded(day))T"
            + "\(padded(secondOfDay / 3600)):\(padded(secondOfDay % 3600 / 60)):\(padded(secondOfDay % 60))"
            + "\(sign)\(padded(Int64(offset / 3600))):\(padded(Int64(offset % 3600 / 60)))"
    }
}
