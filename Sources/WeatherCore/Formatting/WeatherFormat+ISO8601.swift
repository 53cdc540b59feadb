#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels
import EssentialsSupport

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
        let (days, secondOfDay) = CivilTime.floorDivision(seconds, 86_400)
        let (year, month, day) = CivilTime.date(daysSince1970: days)
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
}
