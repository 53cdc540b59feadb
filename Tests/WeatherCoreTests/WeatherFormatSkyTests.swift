import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// The detail's sun and moon lines. The expected times are PyEphem's (libastro: upper limb,
/// 34′ of refraction, as the Sky module's), rounded to the minute; see `Tests/SkyTests`.
@Suite struct WeatherFormatSkyTests {
    static func place(_ name: String, lat: Double, lon: Double, zone: String, offsetHours: Double) -> CityWeather {
        var city = Make.city(name, name, lat: lat, lon: lon)
        city.timeZone = CityTimeZone(code: nil, name: zone, gmtOffset: offsetHours)
        city.epochTime = nil
        return city
    }

    static let paris = place("Paris", lat: 48.8566, lon: 2.3522, zone: "Europe/Paris", offsetHours: 1)

    @Test("Sunrise, sunset and daylight in the place's local time, the length from the minutes shown")
    func sunInLocalTime() {
        // 2026-11-22 12:00 UTC. PyEphem: 08:10:04 and 17:02:55 CET.
        let now = Date(timeIntervalSince1970: 1_795_348_800)
        #expect(WeatherFormat.sunLine(Self.paris, now: now) == "Sunrise 08:10 · Sunset 17:03 · 8 h 53 min of daylight")
    }

    @Test("The place's own date, not the user's or UTC's: late on the 21st in UTC is the 22nd in Seoul")
    func placesOwnDate() {
        // 2026-11-21 20:00 UTC is 2026-11-22 05:00 KST. PyEphem, Seoul on the 22nd: 07:18:40 and 17:17:13
        // (on the 21st: 07:17:38 and 17:17:44).
        let seoul = Self.place("Seoul", lat: 37.5665, lon: 126.978, zone: "Asia/Seoul", offsetHours: 9)
        let now = Date(timeIntervalSince1970: 1_795_291_200)
        #expect(WeatherFormat.sunLine(seoul, now: now) == "Sunrise 07:19 · Sunset 17:17 · 9 h 58 min of daylight")
    }

    @Test("Polar day and night in words")
    func polar() {
        let tromso = Self.place("Tromsø", lat: 69.6492, lon: 18.9553, zone: "Europe/Oslo", offsetHours: 1)
        #expect(WeatherFormat.sunLine(tromso, now: Date(timeIntervalSince1970: 1_797_854_400)) == "No sunrise today")  // 2026-12-21 12:00 UTC
        #expect(WeatherFormat.sunLine(tromso, now: Date(timeIntervalSince1970: 1_782_043_200)) == "Sun up all day")  // 2026-06-21 12:00 UTC
    }

    @Test("No line for a place without coordinates or a zone")
    func unknownPlace() {
        var nowhere = Self.paris
        nowhere.geoPosition = nil
        #expect(WeatherFormat.sunLine(nowhere, now: Date(timeIntervalSince1970: 1_795_348_800)) == nil)
        nowhere = Self.paris
        nowhere.timeZone = nil
        #expect(WeatherFormat.sunLine(nowhere, now: Date(timeIntervalSince1970: 1_795_348_800)) == nil)
    }

    @Test("The moon's phase and lit share: PyEphem has 2026-11-24 14:53 UTC full, 93.6 % lit on the 22nd at noon")
    func moon() {
        #expect(WeatherFormat.moonLine(now: Date(timeIntervalSince1970: 1_795_348_800)) == "Moon: waxing gibbous, 94 % lit")
        #expect(WeatherFormat.moonLine(now: Date(timeIntervalSince1970: 1_795_532_009)) == "Moon: full moon, 100 % lit")
    }
}
