import WeatherModels

/// ISO-8601 local times with their offset (`2026-11-22T15:40:00+06:00`), as AccuWeather writes
/// them, from an instant and the UTC offset Open-Meteo resolved; by calendar arithmetic, so no
/// formatter or time zone database is needed.
enum LocalTime {
    static func iso8601(epoch: Int, utcOffsetSeconds: Int) -> String {
        let (days, secondOfDay) = CivilTime.floorDivision(Int64(epoch + utcOffsetSeconds), 86_400)
        let (year, month, day) = CivilTime.date(daysSince1970: days)
        let offset = Int64(abs(utcOffsetSeconds))
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        func pad(_ value: Int64) -> String { CivilTime.padded(value) }
        return "\(CivilTime.padded(year, width: 4))-\(pad(month))-\(pad(day))T\(pad(secondOfDay / 3600)):\(pad(secondOfDay % 3600 / 60)):\(pad(secondOfDay % 60))"
            + "\(sign)\(pad(offset / 3600)):\(pad(offset % 3600 / 60))"
    }
}
