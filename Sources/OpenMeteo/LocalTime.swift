/// ISO-8601 local times with their offset (`2026-11-22T15:40:00+06:00`), as AccuWeather writes
/// them, from an instant and the UTC offset Open-Meteo resolved; by calendar arithmetic, so no
/// formatter or time zone database is needed.
enum LocalTime {
    static func iso8601(epoch: Int, utcOffsetSeconds: Int) -> String {
        let local = epoch + utcOffsetSeconds
        let days = floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civil(daysSince1970: days)
        let offset = abs(utcOffsetSeconds)
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(secondOfDay / 3600)):\(pad(secondOfDay % 3600 / 60)):\(pad(secondOfDay % 60))"
            + "\(sign)\(pad(offset / 3600)):\(pad(offset % 3600 / 60))"
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Year, month, day of a day number (Howard Hinnant's `civil_from_days`).
    private static func civil(daysSince1970: Int) -> (Int, Int, Int) {
        let z = daysSince1970 + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
