#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import EssentialsSupport
import WeatherModels

/// Every number, time and glyph a person reads, formatted in one place.
public enum WeatherFormat {
    /// `7.2°C` or `45°F`; `–` when AccuWeather sent no value in those units; never "-0.0".
    ///
    /// By integer arithmetic, not printf's `%.1f` (`Double.fixed`): it is called for every row of
    /// the list and of `--once`, and formatting through C's `vsnprintf` is slower. Tested against it.
    public static func temperature(_ value: MetricImperial?, units: TemperatureUnit) -> String {
        guard let v = temperatureValue(value, units: units) else { return "–" }
        return units == .metric ? "\(oneDecimal(v))°C" : "\(whole(v))°F"
    }

    /// `-12.5`, `0.0` (never `-0.0`): one decimal, rounded half to even on the tenths, by
    /// arithmetic below `arithmeticLimit`. Numbers no weather has (a server may still send 1e300)
    /// go to printf's `%.1f` (`Double.fixed`): converting them to `Int` would trap.
    public static func oneDecimal(_ x: Double) -> String {
        guard abs(x) < arithmeticLimit else { return x.fixed(1) }
        let tenths = Int((x * 10).rounded(.toNearestOrEven))
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// The numeric temperature in the chosen units, converting when only the other unit was sent.
    public static func temperatureValue(_ value: MetricImperial?, units: TemperatureUnit) -> Double? {
        switch units {
        case .metric:
            if let c = value?.metric?.value { return c }
            return value?.imperial.map { TemperatureUnit.imperial.celsius(degrees: $0.value) }
        case .imperial:
            if let f = value?.imperial?.value { return f }
            return value?.metric.map { TemperatureUnit.imperial.degrees(celsius: $0.value) }
        }
    }

    /// A single-unit forecast value (Celsius, as requested with `metric=true`) in the chosen units:
    /// `18°` / `64°`, never `-0°`.
    public static func forecastDegrees(_ value: UnitValue?, units: TemperatureUnit) -> String {
        guard let value else { return "–" }
        return whole(units.degrees(celsius: value.celsius)) + "°"
    }

    /// "just now", "5 min ago", "3 h ago", "2 days ago"; "long ago" past a million days; "ahead of
    /// the clock" for a time saved before the clock was set back (`FeedPolicy.age`).
    public static func age(of date: Date, now: Date, in language: Language = .english) -> String {
        guard let seconds = FeedPolicy.age(of: date, now: now) else {
            return language.text(now.timeIntervalSince(date).isNaN ? "age.unknown" : "age.ahead")
        }
        switch seconds {
        case ..<60: return language.text("age.justNow")
        case ..<3600: return language.text("age.minutes", ("n", String(Int(seconds / 60))))
        case ..<(48 * 3600): return language.text("age.hours", ("n", String(Int(seconds / 3600))))
        case ..<(1e6 * 86400): return language.counted("age.days", Int(seconds / 86400))
        default:
            return language.text("age.long")  // a damaged archive's date; never converted to Int, which would trap
        }
    }

    /// `14:29` for a time of the last day, else with its date (a time alone would read as today's),
    /// also for a time ahead of the clock.
    public static func when(_ date: Date, now: Date, timeZone: ZoneInfo, style: ClockStyle = .twentyFourHour) -> String {
        FeedPolicy.age(of: date, now: now).map { $0 < 86_400 } == true
            ? clock(date, timeZone: timeZone, style: style) : dateTime(date, timeZone: timeZone, style: style)
    }

    /// Whether an offset from UTC, in hours, could be a place's: real ones run from -12 to +14;
    /// anything within a day is drawn as sent, anything past it is not an offset.
    public static func isPlausibleOffset(_ hours: Double) -> Bool {
        CityTimeZone.isPlausible(offsetHours: hours)
    }

    /// `UTC+9`, `UTC+5:30`, `UTC-3:30`, `UTC`; `UTC?` for an offset no place has.
    public static func utcOffset(hours: Double) -> String {
        guard isPlausibleOffset(hours) else { return "UTC?" }
        let minutes = Int((hours * 60).rounded())
        if minutes == 0 { return "UTC" }
        let sign = minutes < 0 ? "-" : "+"
        let h = abs(minutes) / 60, m = abs(minutes) % 60
        return m == 0 ? "UTC\(sign)\(h)" : "UTC\(sign)\(h):" + CivilTime.padded(Int64(m))
    }

    /// The city's wall-clock time: `14:50 local (JST, UTC+9)`. `sourceTime` is when the source
    /// gave the zone's offset (seconds since 1970): a summer time change since then moves the
    /// clock and its label (a saved feed shown days later).
    public static func localTime(_ zone: CityTimeZone?, at now: Date, sourceTime: Int, style: ClockStyle = .twentyFourHour,
                                 in language: Language = .english) -> String? {
        guard let zone, let hours = offsetHours(zone, at: now, sourceTime: sourceTime) else { return nil }
        let label = [zone.code(at: Int(ZoneInfo.seconds(of: now)), sourceTime: sourceTime), utcOffset(hours: hours)].compactMap { $0 }.joined(separator: ", ")
        return language.text("time.local", ("time", wallClock(now, offsetHours: hours, style: style)), ("zone", label))
    }

    /// `14:50` on the city's clock at `date`, its offset given at `sourceTime` (as `localTime`);
    /// nil when its zone is unknown or its offset broken.
    public static func localClock(_ zone: CityTimeZone?, at date: Date, sourceTime: Int, style: ClockStyle = .twentyFourHour) -> String? {
        guard let zone, let hours = offsetHours(zone, at: date, sourceTime: sourceTime) else { return nil }
        return wallClock(date, offsetHours: hours, style: style)
    }

    private static func offsetHours(_ zone: CityTimeZone, at date: Date, sourceTime: Int) -> Double? {
        guard isPlausibleOffset(zone.gmtOffset) else { return nil }
        let hours = Double(zone.offsetSeconds(at: Int(ZoneInfo.seconds(of: date)), sourceTime: sourceTime)) / 3600
        return isPlausibleOffset(hours) ? hours : nil
    }


    /// `12:04` in the given zone (the user's own by default): the zone's offset at that moment,
    /// then arithmetic. (A `Calendar` here brought ICU's calendar into the browser's first frame,
    /// which shows this clock in its header.)
    public static func clock(_ date: Date, timeZone: ZoneInfo = .local, style: ClockStyle = .twentyFourHour) -> String {
        wallClock(date, offsetHours: Double(timeZone.secondsFromGMT(at: date)) / 3600, style: style)
    }

    /// `14:50` at a fixed offset from UTC, by arithmetic: the wide list asks for it on every row of
    /// every frame. A broken offset counts as UTC.
    public static func wallClock(_ date: Date, offsetHours: Double, style: ClockStyle = .twentyFourHour) -> String {
        let (_, minuteOfDay) = localMinutes(date, offsetHours: offsetHours)
        return timeOfDay(minuteOfDay, style: style)
    }

    /// The minute of a day as `style` writes it: `14:05`, or `2:05 PM` (midnight `12:00 AM`,
    /// noon `12:00 PM`, as en_US writes them).
    static func timeOfDay(_ minuteOfDay: Int64, style: ClockStyle) -> String {
        let hour = minuteOfDay / 60, minute = CivilTime.padded(minuteOfDay % 60)
        switch style {
        case .twentyFourHour: return CivilTime.padded(hour) + ":" + minute
        case .twelveHour: return "\((hour + 11) % 12 + 1):\(minute) \(hour < 12 ? "AM" : "PM")"
        }
    }

    /// `2026-11-22 09:14` in the given zone.
    public static func dateTime(_ date: Date, timeZone: ZoneInfo = .local, style: ClockStyle = .twentyFourHour) -> String {
        let (day, minuteOfDay) = localMinutes(date, offsetHours: Double(timeZone.secondsFromGMT(at: date)) / 3600)
        let (year, month, dayOfMonth) = CivilTime.date(daysSince1970: day)
        return CivilTime.padded(year, width: 4) + "-" + CivilTime.padded(month) + "-" + CivilTime.padded(dayOfMonth) + " "
            + timeOfDay(minuteOfDay, style: style)
    }

    /// The day (from 1970-01-01) and the minute of that day at `offsetHours` from UTC; the date in
    /// UTC when the offset is broken, day 0 at midnight when the date itself is.
    private static func localMinutes(_ date: Date, offsetHours: Double) -> (day: Int64, minute: Int64) {
        var seconds = date.timeIntervalSince1970 + offsetHours * 3600
        if !(seconds.isFinite && abs(seconds) < 1e15) { seconds = date.timeIntervalSince1970 }
        guard seconds.isFinite, abs(seconds) < 1e15 else { return (0, 0) }
        let (day, minute) = CivilTime.floorDivision(Int64((seconds / 60).rounded(.down)), 1440)
        return (day, minute)
    }

    /// Short weekday name of a forecast day (`Mon`), read from its ISO date in its own offset
    /// (the first ten characters, `2023-05-15` of `2023-05-15T07:00:00+02:00`), else from its
    /// instant in UTC. By arithmetic: the detail pane asks for it on each forecast row of a frame.
    public static func weekday(ofForecastDate iso: String, epoch: Int, in language: Language = .english) -> String {
        let days = day(ofForecastDate: iso, epoch: epoch)
        return language.text(weekdayKeys[Int(CivilTime.floorDivision(days + 4, 7).remainder)])  // 1970-01-01 was a Thursday
    }

    /// The catalogue's keys of the weekdays' short names, Sunday first.
    static let weekdayKeys = ["day.sun", "day.mon", "day.tue", "day.wed", "day.thu", "day.fri", "day.sat"]

    /// A forecast day's label, `Fri 27 Nov` (`Fri 27` without `month`): its weekday and date in
    /// the place's own calendar, read as `weekday` reads it. A date no calendar reaches (a damaged
    /// file's) is its weekday alone.
    public static func dayLabel(ofForecastDate iso: String, epoch: Int, month: Bool = true, in language: Language = .english) -> String {
        let days = day(ofForecastDate: iso, epoch: epoch)
        let weekday = weekday(ofForecastDate: iso, epoch: epoch, in: language)
        guard abs(days) < 100_000_000 else { return weekday }
        let date = CivilTime.date(daysSince1970: days)
        // The day of the month padded to two columns, so the rows' labels line up.
        let day = "\(date.day < 10 ? " " : "")\(date.day)"
        guard month else { return language.text("date.day", ("weekday", weekday), ("day", day)) }
        return language.text("date.dayMonth", ("weekday", weekday), ("day", day), ("month", language.text("month.\(date.month)")))
    }

    /// The day (from 1970-01-01) a forecast day is for, read as `weekday` reads it.
    static func day(ofForecastDate iso: String, epoch: Int) -> Int64 {
        let parts = iso.prefix(10).split(separator: "-").compactMap { Int64($0) }
        return parts.count == 3
            ? CivilTime.days(year: parts[0], month: parts[1], day: parts[2])
            : CivilTime.floorDivision(Int64(epoch), 86_400).quotient
    }

    /// The forecast's days from the city's local today on (docs/spec.md §5): the days of a
    /// forecast saved days ago and opened offline that have gone by are no forecast any more.
    /// A city without a zone counts its days in UTC.
    public static func daysFromToday(_ days: [DailyForecast], city: CityWeather, now: Date) -> [DailyForecast] {
        let today = localToday(of: city, now: now)
        return days.filter { day(ofForecastDate: $0.date, epoch: $0.epochDate) >= today }
    }

    /// The city's local date at `now` (days since 1970), by its source's offset moved by its
    /// zone's changes since; UTC's when its zone is unknown.
    static func localToday(of city: CityWeather, now: Date) -> Int64 {
        localMinutes(now, offsetHours: Double(localOffsetSeconds(of: city, now: now)) / 3600).day
    }

    /// Seconds east of UTC on the city's clock at `now`; 0 when its zone is unknown.
    static func localOffsetSeconds(of city: CityWeather, now: Date) -> Int {
        city.timeZone.map { $0.offsetSeconds(at: Int(ZoneInfo.seconds(of: now)), sourceTime: city.zoneGivenAt(now: now)) } ?? 0
    }

    /// `E 16 km/h` or `E 10 mph`.
    public static func wind(_ wind: Wind?, units: TemperatureUnit, in language: Language = .english) -> String? {
        guard let speed = speed(wind?.speed, units: units) else { return nil }
        var direction = wind?.direction?.localized ?? wind?.direction?.english
        // A point of the compass is ours to word, whichever language the source wrote it in.
        if language != .english, let english = wind?.direction?.english, Catalogue.english.entries["compass.\(english)"] != nil {
            direction = language.text("compass.\(english)")
        }
        return [direction, speed].compactMap { $0 }.joined(separator: " ")
    }

    /// A dual-unit speed in the chosen units: `16 km/h` or `10 mph` (whole, half to even).
    /// By arithmetic, as `temperature`: the wide list's wind column asks on every row.
    public static func speed(_ value: MetricImperial?, units: TemperatureUnit) -> String? {
        switch units {
        case .metric:
            guard let v = value?.metric?.value else { return nil }
            return "\(wholeHalfToEven(v)) km/h"
        case .imperial:
            guard let v = value?.imperial?.value else { return nil }
            return "\(wholeHalfToEven(v)) mph"
        }
    }

    /// A dual-unit speed in km/h, from miles per hour when only those were sent (for sorting by wind).
    public static func kilometresPerHour(_ value: MetricImperial?) -> Double? {
        value?.metric?.value ?? value?.imperial.map { $0.value * kilometresPerMile }
    }

    /// A dual-unit speed in the chosen units' number: km/h, or mph (from km/h when only those were sent).
    public static func speedValue(_ value: MetricImperial?, units: TemperatureUnit) -> Double? {
        guard units == .imperial else { return kilometresPerHour(value) }
        return value?.imperial?.value ?? value?.metric.map { $0.value / kilometresPerMile }
    }

    /// The international mile in kilometres.
    public static let kilometresPerMile = 1.609344

    /// `%.0f`'s rounding (half to even) by arithmetic below `arithmeticLimit`, else printf's `%.0f` (`Double.fixed`).
    static func wholeHalfToEven(_ x: Double) -> String {
        guard abs(x) < arithmeticLimit else { return x.fixed(0) }
        let n = Int(x.rounded(.toNearestOrEven))
        return n == 0 && x.sign == .minus ? "-0" : "\(n)"
    }

    /// Any dual-unit measure in the chosen units (else the other system's value) with its own unit
    /// label and a fixed number of decimals: `16.1 km`, `1013 mb`.
    public static func measure(_ value: MetricImperial?, units: TemperatureUnit, decimals: Int = 0) -> String? {
        guard let v = units == .metric ? (value?.metric ?? value?.imperial) : (value?.imperial ?? value?.metric) else { return nil }
        let number = decimals == 0 ? whole(v.value) : rounded(v.value, decimals: decimals).fixed(decimals)
        return "\(number) \(v.unit)"
    }

    /// `16`, `-3` (never `-0`): rounded half away from zero, by arithmetic below `arithmeticLimit`,
    /// else (and for infinity and NaN) through printf's `%.0f` (`Double.fixed`).
    public static func whole(_ x: Double) -> String {
        guard abs(x) < arithmeticLimit else { return x.fixed(0) }
        return "\(Int(x.rounded()))"
    }

    /// Below this magnitude numbers are formatted by integer arithmetic (fast, no CoreFoundation,
    /// tested against the format strings); no weather value comes near it. NaN is not below it.
    static let arithmeticLimit = 1e6

    /// Rounded to `decimals` places, and never negative zero ("-0.0").
    static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded(.toNearestOrEven) / scale + 0.0
    }

    /// A one-column glyph for an AccuWeather icon code (1–44); `·` for codes it does not know.
    /// Only symbols from the Basic Multilingual Plane: pictographs such as 🌧 are one column to
    /// wcwidth but two in tmux and many terminals, which would shift the rest of the row.
    public static func glyph(icon: Int?) -> String {
        switch icon ?? 0 {
        case 1, 2: return "☀"
        case 3, 4, 5: return "☼"
        case 6, 7, 8, 35, 36, 38: return "☁"
        case 11: return "≡"
        case 12, 13, 14, 18, 39, 40: return "☂"
        case 15, 16, 17, 41, 42: return "⛈"
        case 19, 20, 21, 22, 23, 24, 25, 26, 29, 31, 43, 44: return "❄"
        case 30: return "♨"
        case 32: return "≈"
        case 33, 34, 37: return "☾"
        default: return "·"
        }
    }

    /// A temperature grade for colour: 0 freezing … 5 hot.
    public static func temperatureGrade(celsius: Double?) -> Int? {
        guard let c = celsius else { return nil }
        return temperatureGradeBounds.firstIndex { c < $0 } ?? temperatureGradeBounds.count
    }

    /// Where each grade after the first begins, in °C (the map's legend names them).
    public static let temperatureGradeBounds: [Double] = [0, 10, 18, 25, 32]
}
