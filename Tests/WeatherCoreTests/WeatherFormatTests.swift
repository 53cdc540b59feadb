import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

@Suite struct WeatherFormatTests {
    let both = MetricImperial(metric: UnitValue(value: 7.24, unit: "C"), imperial: UnitValue(value: 45, unit: "F"))

    @Test func temperaturesInEitherUnitAndConvertedWhenOnlyOneWasSent() {
        #expect(WeatherFormat.temperature(both, units: .metric) == "7.2°C")
        #expect(WeatherFormat.temperature(both, units: .imperial) == "45°F")
        let metricOnly = MetricImperial(metric: UnitValue(value: 100, unit: "C"), imperial: nil)
        #expect(WeatherFormat.temperature(metricOnly, units: .imperial) == "212°F")
        #expect(WeatherFormat.temperature(nil, units: .metric) == "–")
    }

    static let ages: [(Double, String)] = [(0, "just now"), (59, "just now"), (300, "5 min ago"), (10805, "3 h ago"),
                                           (169_200, "47 h ago"), (172_810, "2 days ago"), (-60, "just now"),
                                           (-61, "ahead of the clock"), (-400 * 86_400, "ahead of the clock"), (.nan, "at no known time")]

    @Test(arguments: ages)
    func relativeAges(seconds: Double, text: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(WeatherFormat.age(of: now - seconds, now: now) == text)
    }

    /// The header's and the messages' times: the clock within the last day, else with the date, so
    /// that neither yesterday's nor a time ahead of the clock (saved before it was set back) reads
    /// as today's.
    @Test func timesOfTheLastDayAloneOthersWithTheirDate() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
        #expect(WeatherFormat.when(now - 3600, now: now, timeZone: .utc) == "07:00")
        #expect(WeatherFormat.when(now - 30, now: now, timeZone: .utc) == "07:59")
        #expect(WeatherFormat.when(now - 86_400, now: now, timeZone: .utc) == "2027-01-14 08:00")
        #expect(WeatherFormat.when(now + 3 * 3600, now: now, timeZone: .utc) == "2027-01-15 11:00")
    }

    /// Numbers no weather has, as a server or a damaged archive may still hold them: printed or
    /// left out, never converted to `Int` (which traps and would take the terminal down with it).
    @Test func absurdNumbersArePrintedNotTrappedOn() {
        #expect(WeatherFormat.oneDecimal(1e300).hasPrefix("1000000000000000052504760") && WeatherFormat.oneDecimal(1e300).hasSuffix(".0"))
        #expect(WeatherFormat.oneDecimal(-1e14) == "-100000000000000.0")
        #expect(WeatherFormat.oneDecimal(.infinity) == "inf" && WeatherFormat.oneDecimal(.nan) == "nan")
        #expect(WeatherFormat.whole(-9.3e18) == "-9300000000000000000" && WeatherFormat.whole(-0.4) == "0")
        #expect(WeatherFormat.measure(MetricImperial(metric: UnitValue(value: 1e300, unit: "km/h"), imperial: nil), units: .metric)?.hasSuffix(" km/h") == true)
        #expect(WeatherFormat.utcOffset(hours: 1e300) == "UTC?" && WeatherFormat.utcOffset(hours: 14) == "UTC+14")
        #expect(WeatherFormat.localTime(CityTimeZone(code: "X", name: nil, gmtOffset: -1e300), at: Date(), sourceTime: 0) == nil)
        let berlin = CityTimeZone(code: "CET", name: "Europe/Berlin", gmtOffset: 1)
        #expect(WeatherFormat.localClock(berlin, at: Date(timeIntervalSince1970: 9.3e18), sourceTime: .max) != nil, "no trap on a date no Int holds")
        #expect(WeatherFormat.localClock(berlin, at: Date(timeIntervalSince1970: -.infinity), sourceTime: .min) != nil)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(WeatherFormat.age(of: Date(timeIntervalSinceReferenceDate: -1e300), now: now) == "long ago")
        #expect(WeatherFormat.age(of: now - 999_999 * 86400, now: now) == "999999 days ago")
        #expect(WeatherFormat.temperature(MetricImperial(metric: nil, imperial: UnitValue(value: -1e300, unit: "F")), units: .imperial).hasSuffix("°F"))
    }

    @Test func aSavedZoneShownAfterItsSummerTimeEndedMovesItsClockAndLabel() {
        // Observed 2026-10-24 18:00 UTC in Berlin (CEST, +2); shown on 2026-10-26 12:00 UTC.
        let berlin = CityTimeZone(code: "CEST", name: "Europe/Berlin", gmtOffset: 2)
        let observed = 1_792_864_800, later = Date(timeIntervalSince1970: 1_793_016_000)
        #expect(WeatherFormat.localTime(berlin, at: later, sourceTime: observed) == "13:00 local (CET, UTC+1)")
        #expect(WeatherFormat.localTime(berlin, at: later, sourceTime: observed + 2 * 86400) == "14:00 local (CEST, UTC+2)",
                "given after the change, the source's offset is taken as it is")
        #expect(WeatherFormat.localClock(berlin, at: Date(timeIntervalSince1970: TimeInterval(observed)), sourceTime: observed) == "20:00")
        // No zone name: the source's offset and code, whenever shown.
        let unnamed = CityTimeZone(code: "CEST", name: nil, gmtOffset: 2)
        #expect(WeatherFormat.localTime(unnamed, at: later, sourceTime: observed) == "14:00 local (CEST, UTC+2)")
    }

    @Test func localTimeWithFractionalOffsets() {
        let noonUTC = Date(timeIntervalSince1970: 1_795_348_800)  // 2026-11-22T12:00:00Z
        #expect(WeatherFormat.localTime(CityTimeZone(code: "JST", name: nil, gmtOffset: 9), at: noonUTC, sourceTime: 0) == "21:00 local (JST, UTC+9)")
        #expect(WeatherFormat.localTime(CityTimeZone(code: "IST", name: nil, gmtOffset: 5.5), at: noonUTC, sourceTime: 0) == "17:30 local (IST, UTC+5:30)")
        #expect(WeatherFormat.localTime(CityTimeZone(code: "NST", name: nil, gmtOffset: -3.5), at: noonUTC, sourceTime: 0) == "08:30 local (NST, UTC-3:30)")
        #expect(WeatherFormat.utcOffset(hours: 5.75) == "UTC+5:45")
        #expect(WeatherFormat.utcOffset(hours: 0) == "UTC")
    }

    @Test func everyIconCodeHasAGlyphAndUnknownOnesAFallback() {
        for code in 1...44 where ![9, 10, 27, 28].contains(code) {
            #expect(WeatherFormat.glyph(icon: code) != "·", "icon \(code)")
        }
        #expect(WeatherFormat.glyph(icon: 99) == "·")
        #expect(WeatherFormat.glyph(icon: nil) == "·")
    }

    @Test func windInTheChosenUnits() {
        let wind = Wind(direction: WindDirection(degrees: 90, localized: "E", english: "E"),
                        speed: MetricImperial(metric: UnitValue(value: 15.8, unit: "km/h"), imperial: UnitValue(value: 9.8, unit: "mi/h")))
        #expect(WeatherFormat.wind(wind, units: .metric) == "E 16 km/h")
        #expect(WeatherFormat.wind(wind, units: .imperial) == "E 10 mph")
        #expect(WeatherFormat.wind(nil, units: .metric) == nil)
    }

    @Test func clockAndDateInAGivenZone() {
        let date = Date(timeIntervalSince1970: 1_795_340_400)  // 2026-11-22T09:40:00Z
        #expect(WeatherFormat.clock(date, timeZone: .utc) == "09:40")
        #expect(WeatherFormat.dateTime(date, timeZone: .utc) == "2026-11-22 09:40")
        #expect(WeatherFormat.weekday(ofForecastDate: "2026-11-22T07:00:00+09:00", epoch: 0) == "Sun")
    }

    /// The forecast's weekday by arithmetic names the day the calendar names: every day of four
    /// centuries' worth of dates spread from 1901 to 2100, leap days, days and months past their
    /// end (a lenient calendar carries them over), and the instant when the date cannot be read.
    @Test func weekdayAgreesWithTheCalendar() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        func expected(_ y: Int, _ m: Int, _ d: Int) -> String {
            let date = utc.date(from: DateComponents(year: y, month: m, day: d))!
            return names[utc.component(.weekday, from: date) - 1]
        }
        var dates = [(2000, 2, 29), (1900, 3, 1), (2100, 2, 28), (2026, 2, 31), (2026, 13, 1), (2026, 0, 15), (2026, 1, 0), (1970, 1, 1)]
        for i in 0..<3000 { dates.append((1901 + i * 7 % 200, 1 + i % 12, 1 + i * 13 % 28)) }
        for (y, m, d) in dates {
            let iso = String(format: "%04d-%02d-%02dT07:00:00+09:00", y, m, d)
            #expect(WeatherFormat.weekday(ofForecastDate: iso, epoch: 0) == expected(y, m, d), "\(iso)")
        }
        for epoch in [0, -1, 1_795_340_400, -2_208_988_800, 4_107_542_400] {
            let date = Date(timeIntervalSince1970: TimeInterval(epoch))
            #expect(WeatherFormat.weekday(ofForecastDate: "", epoch: epoch) == names[utc.component(.weekday, from: date) - 1], "\(epoch)")
        }
    }

    /// The clock and the date by arithmetic on the zone's offset at that moment print what the
    /// calendar prints: summer time both sides of the change, half- and quarter-hour zones, the
    /// date line, leap days, before 1970.
    @Test(arguments: ["UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu",
                      "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns", "Asia/Tokyo"])
    func clockAndDateAgreeWithTheCalendar(zone: String) throws {
        let timeZone = try #require(ZoneInfo.named(zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        var dates = [0, -1, 951_782_399, 951_868_800, 1_774_746_000, 1_774_749_599, 1_774_749_600, 1_792_890_000, 1_792_893_600, 1_795_340_400]
            .map { Date(timeIntervalSince1970: TimeInterval($0)) }
        // 2,000 instants from 1901 to 2100; the odd step lands on every time of day.
        for i in 0..<2000 { dates.append(Date(timeIntervalSince1970: -2_200_000_000 + Double(i) * 3_155_695.7)) }
        for date in dates {
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            #expect(WeatherFormat.clock(date, timeZone: timeZone) == String(format: "%02d:%02d", c.hour!, c.minute!), "\(zone) \(date.timeIntervalSince1970)")
            #expect(WeatherFormat.dateTime(date, timeZone: timeZone) == String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!),
                    "\(zone) \(date.timeIntervalSince1970)")
        }
    }
}

@Suite struct MeasureFormatTests {
    @Test func measuresInTheChosenSystemFallingBackToTheOther() {
        let visibility = MetricImperial(metric: UnitValue(value: 16.09, unit: "km"), imperial: UnitValue(value: 10, unit: "mi"))
        #expect(WeatherFormat.measure(visibility, units: .metric, decimals: 1) == "16.1 km")
        #expect(WeatherFormat.measure(visibility, units: .imperial) == "10 mi")
        let metricOnly = MetricImperial(metric: UnitValue(value: 1013.4, unit: "mb"), imperial: nil)
        #expect(WeatherFormat.measure(metricOnly, units: .imperial) == "1013 mb")
        #expect(WeatherFormat.measure(MetricImperial(metric: UnitValue(value: -0.04, unit: "C"), imperial: nil), units: .metric, decimals: 1) == "0.0 C")
        #expect(WeatherFormat.measure(nil, units: .metric) == nil)
    }
}

@Suite struct TemperatureTextTests {
    /// The arithmetic formatter prints what `String(format:)` printed before it, rounding first to
    /// tenths half-to-even (so -0.04 is "0.0", never "-0.0"), whole degrees Fahrenheit.
    @Test func matchesTheFormatStringItReplaced() {
        var values: [Double] = [0, -0.0, -0.04, 0.04, 7.2, -12.5, 20, 13.4, -2.8, 99.9, -40, 104, 45.5, 44.5, 0.5, -0.5,
                                0.05, 0.15, 0.25, -0.05, -0.25, 2.675, 1e5 + 0.06, -99_999.95, .infinity, -.infinity, .nan, 2e6]
        for hundredth in -6000...6000 { values.append(Double(hundredth) / 100) }
        for v in values {
            let celsius = MetricImperial(metric: UnitValue(value: v, unit: "C"), imperial: nil)
            let fahrenheit = MetricImperial(metric: nil, imperial: UnitValue(value: v, unit: "F"))
            let tenths = (v * 10).rounded(.toNearestOrEven) / 10 + 0.0
            let metric = v.isFinite && abs(v) < 1e6 ? String(format: "%.1f°C", tenths) : String(format: "%.1f°C", v)
            #expect(WeatherFormat.temperature(celsius, units: .metric) == metric, "\(v)")
            #expect(WeatherFormat.temperature(fahrenheit, units: .imperial) == String(format: "%.0f°F", v.rounded() + 0.0), "\(v)")
        }
        #expect(WeatherFormat.temperature(nil, units: .metric) == "–")
    }
}

@Suite struct ISO8601FormatTests {
    /// The hand-made formatter prints what Foundation's `.iso8601` style prints, to the character.
    @Test func matchesFoundationAcrossTheCalendar() {
        var dates: [Date] = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: -0.25),
            Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
            Date(timeIntervalSince1970: 4_107_542_400),  // 2100-03-01 (2100 is not a leap year)
            Date(timeIntervalSince1970: 1_795_340_400.999), Date(timeIntervalSince1970: -2_208_988_800),  // 1900-01-01
        ]
        // 3,000 instants from 1600 to 2400; the odd step lands on every time of day and fraction.
        for i in 0..<3000 {
            dates.append(Date(timeIntervalSince1970: -11_676_000_000 + Double(i) * 8_414_999.737))
        }
        for date in dates {
            #expect(WeatherFormat.iso8601(date) == date.formatted(.iso8601), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func knownInstants() {
        #expect(WeatherFormat.iso8601(Date(timeIntervalSince1970: 1_795_340_400)) == "2026-11-22T09:40:00Z")
        #expect(WeatherFormat.iso8601(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        #expect(WeatherFormat.iso8601(Date(timeIntervalSince1970: 951_868_799)) == "2000-02-29T23:59:59Z")
    }

    @Test func forecastDegreesNeverShowMinusZero() {
        #expect(WeatherFormat.forecastDegrees(UnitValue(value: -0.3, unit: "C"), units: .metric) == "0°")
        #expect(WeatherFormat.forecastDegrees(UnitValue(value: -0.6, unit: "C"), units: .metric) == "-1°")
        #expect(WeatherFormat.forecastDegrees(UnitValue(value: 17.8, unit: "C"), units: .imperial) == "64°")
    }

    /// Days before the place's local today are dropped: by its own date, in its own zone.
    @Test func forecastDaysFromThePlacesToday() {
        func day(_ date: String) -> DailyForecast {
            DailyForecast(date: date + "T07:00:00+09:00", epochDate: 0,
                          temperature: ValueRange(minimum: UnitValue(value: 1, unit: "C"), maximum: UnitValue(value: 2, unit: "C")))
        }
        let days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"].map(day)
        var tokyo = Make.city("1", "Tokyo")
        tokyo.timeZone = CityTimeZone(code: "JST", name: "Asia/Tokyo", gmtOffset: 9)
        tokyo.epochTime = nil
        // 2026-11-21 20:00 UTC is already the 22nd in Tokyo, still the 21st in UTC.
        let now = Date(timeIntervalSince1970: 1_795_291_200)
        #expect(WeatherFormat.daysFromToday(days, city: tokyo, now: now).map { String($0.date.prefix(10)) } == ["2026-11-22", "2026-11-23"])
        #expect(WeatherFormat.daysFromToday(days, city: Make.city("2", "London"), now: now).count == 3)
        #expect(WeatherFormat.daysFromToday(days, city: tokyo, now: now.addingTimeInterval(3 * 86400)).isEmpty)
    }
}
