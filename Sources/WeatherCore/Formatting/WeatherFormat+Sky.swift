#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import Sky
import WeatherModels

/// The sun and the moon as the detail words them (docs/spec.md §5): for a person and a script.
extension WeatherFormat {
    /// `Sunrise 07:42 · Sunset 16:03 · 8 h 21 min of daylight` on the place's clock, for its own
    /// local date at `now`; `Sun up all day` and `No sunrise today` at the poles' seasons. Nil for a
    /// place without coordinates or a zone.
    public static func sunLine(_ city: CityWeather, now: Date, style: ClockStyle = .twentyFourHour, in language: Language = .english) -> String? {
        guard let geo = city.geoPosition, let zone = city.timeZone else { return nil }
        let day = SkyMemo.sunDay(latitude: geo.latitude, longitude: geo.longitude, localDayStart: localDayStart(of: city, now: now))
        switch day {
        case .upAllDay: return language.text("sun.upAllDay")
        case .downAllDay: return language.text("sun.downAllDay")
        case let .risesAndSets(sunrise, sunset):
            // Both to the nearest minute, and the length from the minutes shown, so the three agree.
            let rise = nearestMinute(sunrise), set = nearestMinute(sunset)
            let given = city.zoneGivenAt(now: now)
            guard let riseText = localClock(zone, at: Date(timeIntervalSince1970: TimeInterval(rise)), sourceTime: given, style: style),
                  let setText = localClock(zone, at: Date(timeIntervalSince1970: TimeInterval(set)), sourceTime: given, style: style) else { return nil }
            let minutes = max(0, set - rise) / 60
            return language.text("sun.line", ("rise", riseText), ("set", setText), ("hours", String(minutes / 60)), ("minutes", String(minutes % 60)))
        }
    }

    /// `Moon: waxing gibbous, 78 % lit` at `now`.
    public static func moonLine(now: Date, in language: Language = .english) -> String {
        let moon = SkyMemo.moon(at: Int(ZoneInfo.seconds(of: now)))
        return language.text("detail.moon", ("phase", language.text("moon.\(moon.phase)")), ("lit", whole(moon.illuminated * 100)))
    }

    /// The instant the place's local date at `now` began (its midnight by the offset of `now`).
    static func localDayStart(of city: CityWeather, now: Date) -> Int {
        Int(localToday(of: city, now: now)) * 86_400 - localOffsetSeconds(of: city, now: now)
    }

    static func nearestMinute(_ epoch: Int) -> Int {
        Int(CivilTime.floorDivision(Int64(epoch) + 30, 60).quotient) * 60
    }
}
