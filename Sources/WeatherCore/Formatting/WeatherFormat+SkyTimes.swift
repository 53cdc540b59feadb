#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sky
import WeatherModels

/// The sun and the moon of the detail's lines as values, for `--once --forecast`'s JSON and CSV:
/// the same arithmetic, so the words and the numbers agree.
extension WeatherFormat {
    /// The sun on a place's local date: its rising and setting to the nearest minute, or a pole's season.
    public enum SunToday: Equatable, Sendable {
        case upAllDay, downAllDay
        case risesAndSets(sunrise: Date, sunset: Date)
    }

    /// The sun at the place on its own date at `now`, as `sunLine` words it; nil for a place
    /// without coordinates or a zone.
    public static func sunToday(_ city: CityWeather, now: Date) -> SunToday? {
        guard let geo = city.geoPosition, city.timeZone != nil else { return nil }
        switch SkyMemo.sunDay(latitude: geo.latitude, longitude: geo.longitude, localDayStart: localDayStart(of: city, now: now)) {
        case .upAllDay: return .upAllDay
        case .downAllDay: return .downAllDay
        case let .risesAndSets(sunrise, sunset):
            return .risesAndSets(sunrise: Date(timeIntervalSince1970: TimeInterval(nearestMinute(sunrise))),
                                 sunset: Date(timeIntervalSince1970: TimeInterval(nearestMinute(sunset))))
        }
    }

    /// The moon at `now`, as `moonLine` words it: its phase's name and the whole percent lit.
    public static func moonToday(now: Date) -> (phase: String, litPercent: Int) {
        let moon = SkyMemo.moon(at: Int(ZoneInfo.seconds(of: now)))
        return (moon.phase.name, Int(whole(moon.illuminated * 100)) ?? 0)
    }

    /// An hour's start on the place's clock (`14:00`), as the detail's chart labels it.
    public static func hourClock(_ epoch: Int, city: CityWeather, now: Date) -> String {
        let offset = Double(localOffsetSeconds(of: city, now: now)) / 3600
        return wallClock(Date(timeIntervalSince1970: TimeInterval(epoch)), offsetHours: offset)
    }
}
