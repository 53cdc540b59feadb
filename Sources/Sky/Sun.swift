#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The sun as seen from a place, by NOAA's solar calculator equations (themselves Meeus's
/// *Astronomical Algorithms*, chapters 25 and 28): its position, and when it rises and sets.
/// Pure arithmetic on instants (seconds since 1970 UTC) and degrees; it knows no calendar, no
/// time zone and no weather.
public enum Sun {
    /// The altitude of the sun's centre at sunrise and sunset, in degrees: its upper limb on the
    /// horizon (16′ of semidiameter) lifted by 34′ of refraction, as almanacs define the moment.
    public static let riseAltitude = -0.833

    /// What the sun does on one local day.
    public enum Day: Equatable, Sendable {
        /// It rises and sets: both instants (seconds since 1970 UTC).
        case risesAndSets(sunrise: Int, sunset: Int)
        /// Polar day: it never goes below the horizon.
        case upAllDay
        /// Polar night: it never comes above the horizon.
        case downAllDay

        /// Seconds between sunrise and sunset; all the day's or none of it at the poles' seasons.
        public var daylightSeconds: Int {
            switch self {
            case let .risesAndSets(sunrise, sunset): max(0, sunset - sunrise)
            case .upAllDay: 86_400
            case .downAllDay: 0
            }
        }
    }

    /// The day that begins at `localDayStart` (the instant of local midnight) at a place: its
    /// solar noon is the one that falls in the 24 hours from then, its sunrise and sunset the
    /// ones either side of that noon.
    public static func day(latitude: Double, longitude: Double, localDayStart: Int) -> Day {
        let latitude = clampedLatitude(latitude)
        let noon = crossing(longitude: longitude, from: Double(localDayStart) + 43_200) { _ in 0 }
        let cosine = riseHourAngleCosine(latitude: latitude, declination: position(at: noon).declination)
        guard let halfDay = riseHourAngle(cosine: cosine) else { return cosine < -1 ? .upAllDay : .downAllDay }
        // The declination moves between noon and the horizon: each event is found again with it there.
        func event(_ sign: Double) -> Int {
            let estimate = noon + sign * halfDay * secondsPerDegree
            let at = crossing(longitude: longitude, from: estimate) { t in
                sign * (riseHourAngle(latitude: latitude, declination: position(at: t).declination) ?? halfDay)
            }
            return Int(at.rounded())
        }
        return .risesAndSets(sunrise: event(-1), sunset: event(1))
    }

    /// Whether the sun is up (above `riseAltitude`) at `epoch` at a place.
    public static func isUp(latitude: Double, longitude: Double, at epoch: Int) -> Bool {
        altitude(latitude: latitude, longitude: longitude, at: Double(epoch)) > riseAltitude
    }

    /// The altitude of the sun's centre above the horizon, in degrees, without refraction.
    public static func altitude(latitude: Double, longitude: Double, at t: Double) -> Double {
        let p = position(at: t)
        let h = hourAngle(longitude: longitude, at: t, equationOfTime: p.equationOfTime) * radians
        let lat = latitude * radians, dec = p.declination * radians
        return asin(sin(lat) * sin(dec) + cos(lat) * cos(dec) * cos(h)) / radians
    }

    /// Where the sun is at `t` (seconds since 1970 UTC, taken as terrestrial time: the minute
    /// between them moves a sunrise by well under a second): its declination in degrees, its
    /// ecliptic longitude before nutation and aberration, and the equation of time in minutes.
    public static func position(at t: Double) -> (declination: Double, trueLongitude: Double, equationOfTime: Double) {
        let c = julianCenturies(at: t)
        let meanLongitude = normalized(280.46646 + c * (36_000.76983 + c * 0.0003032))
        let meanAnomaly = 357.52911 + c * (35_999.05029 - 0.0001537 * c)
        let eccentricity = 0.016708634 - c * (0.000042037 + 0.0000001267 * c)
        let m = meanAnomaly * radians
        let centre = sin(m) * (1.914602 - c * (0.004817 + 0.000014 * c)) + sin(2 * m) * (0.019993 - 0.000101 * c) + sin(3 * m) * 0.000289
        let trueLongitude = meanLongitude + centre
        let node = (125.04 - 1934.136 * c) * radians
        let apparent = trueLongitude - 0.00569 - 0.00478 * sin(node)
        let meanObliquity = 23 + (26 + (21.448 - c * (46.815 + c * (0.00059 - c * 0.001813))) / 60) / 60
        let obliquity = (meanObliquity + 0.00256 * cos(node)) * radians
        let declination = asin(sin(obliquity) * sin(apparent * radians)) / radians
        let y = pow(tan(obliquity / 2), 2)
        let l0 = meanLongitude * radians
        let e = eccentricity
        let equation = y * sin(2 * l0) - 2 * e * sin(m) + 4 * e * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * e * e * sin(2 * m)
        return (declination, normalized(trueLongitude), 4 * equation / radians)
    }

    /// Julian centuries from J2000.0 (2000-01-01 12:00) at `t`.
    static func julianCenturies(at t: Double) -> Double {
        (t / 86_400 + 2_440_587.5 - 2_451_545) / 36_525
    }

    /// The hour angle, in degrees, at which the sun's centre stands at `riseAltitude` on a day of
    /// `declination`; nil when it stays above or below it all day.
    static func riseHourAngle(latitude: Double, declination: Double) -> Double? {
        riseHourAngle(cosine: riseHourAngleCosine(latitude: latitude, declination: declination))
    }

    /// The cosine of that hour angle: below -1 the sun stays up, above 1 it stays down.
    static func riseHourAngleCosine(latitude: Double, declination: Double) -> Double {
        let lat = latitude * radians, dec = declination * radians
        return (sin(riseAltitude * radians) - sin(lat) * sin(dec)) / (cos(lat) * cos(dec))
    }

    static func riseHourAngle(cosine: Double) -> Double? {
        guard cosine.isFinite, abs(cosine) <= 1 else { return nil }
        return acos(cosine) / radians
    }

    /// The sun's hour angle at a place at `t`, in degrees from -180 to 180 (0 at solar noon).
    static func hourAngle(longitude: Double, at t: Double, equationOfTime: Double) -> Double {
        let minutesOfDay = (t / 60).truncatingRemainder(dividingBy: 1440)
        return wrapped((minutesOfDay + equationOfTime + 4 * longitude) / 4 - 180)
    }

    /// The instant nearest `start` at which the hour angle is `target(t)`, by a few steps of
    /// the sun's mean motion, stopping within a thousandth of a degree (a quarter of a second).
    static func crossing(longitude: Double, from start: Double, target: (Double) -> Double) -> Double {
        var t = start
        for _ in 0..<5 {
            let p = position(at: t)
            let miss = wrapped(target(t) - hourAngle(longitude: longitude, at: t, equationOfTime: p.equationOfTime))
            t += miss * secondsPerDegree
            if abs(miss) < 0.001 { break }
        }
        return t
    }

    /// A latitude a hair short of the poles, where the horizon's formula has no answer.
    static func clampedLatitude(_ latitude: Double) -> Double {
        min(89.999, max(-89.999, latitude.isFinite ? latitude : 0))
    }

    /// Seconds the sun's hour angle takes to move one degree.
    static let secondsPerDegree = 240.0
    static let radians = Double.pi / 180

    /// `degrees` in 0..<360.
    static func normalized(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    /// `degrees` in -180..<180.
    static func wrapped(_ degrees: Double) -> Double {
        normalized(degrees + 180) - 180
    }
}
