import Foundation

extension WeatherFormat {
    /// `2026-11-22T09:14:00Z`: exactly what `Date.formatted(.iso8601)` prints, by arithmetic.
    ///
    /// Why not the format style: on Linux it builds a `Calendar`, which looks up the current time
    /// zone through ICU and maps its data: 2.3 MB of the 30 MB `--once` may use (scripts/bench).
    /// Dates outside the years 1–9999 go to Foundation.
    public static func iso8601(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        // 0001-01-01 and 10000-01-01 in seconds since 1970.
        guard interval >= -62_135_596_800, interval < 253_402_300_800 else { return date.formatted(.iso8601) }
        let seconds = Int64(interval.rounded(.down))
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        // Twenty bytes in place: `--once` prints one per city, and a string built piece by piece
        // cost as much as the rest of a row (scripts/bench, start-up).
        return String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int64, digits: Int, at offset: Int) {
                var rest = value
                for place in stride(from: offset + digits - 1, through: offset, by: -1) {
                    buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, digits: 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, digits: 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, digits: 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, digits: 2, at: 17)
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// Proleptic Gregorian year, month and day of a day count from 1970-01-01 (H. Hinnant's
    /// `civil_from_days`).
    static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

}
