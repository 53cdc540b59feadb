#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The moon's phase at an instant: how far it stands from the sun along the ecliptic, and how
/// much of its disc is lit. Its longitude comes from the leading terms of its theory as
/// Montenbruck and Pfleger give them (*Astronomy on the Personal Computer*, "MiniMoon"), good to
/// a few minutes of arc: the phases' moments to some minutes.
public enum Moon {
    /// The eight phases, each the eighth of the month centred on its moment (a new moon from
    /// 22.5° before the sun to 22.5° past it).
    public enum Phase: Int, CaseIterable, Sendable {
        case new, waxingCrescent, firstQuarter, waxingGibbous, full, waningGibbous, lastQuarter, waningCrescent

        /// The phase's usual name in English, in lower case: "waxing gibbous", "full moon".
        public var name: String {
            switch self {
            case .new: "new moon"
            case .waxingCrescent: "waxing crescent"
            case .firstQuarter: "first quarter"
            case .waxingGibbous: "waxing gibbous"
            case .full: "full moon"
            case .waningGibbous: "waning gibbous"
            case .lastQuarter: "last quarter"
            case .waningCrescent: "waning crescent"
            }
        }

        /// The phase at an elongation east of the sun, in degrees.
        public init(elongation: Double) {
            let sector = Int(Sun.normalized(elongation + 22.5) / 45) % 8
            self = Phase(rawValue: sector) ?? .new
        }
    }

    /// The moon at one instant.
    public struct Sky: Equatable, Sendable {
        /// Its longitude less the sun's, in degrees from 0 (new) through 180 (full) to 360.
        public var elongation: Double
        /// The lit share of its disc, 0 to 1.
        public var illuminated: Double

        public var phase: Phase { Phase(elongation: elongation) }
    }

    /// The moon at `epoch` (seconds since 1970 UTC).
    public static func at(_ epoch: Int) -> Sky {
        at(Double(epoch))
    }

    static func at(_ t: Double) -> Sky {
        // Both longitudes from the mean equinox of the date, the sun's with aberration.
        let sun = Sun.position(at: t).trueLongitude - 0.00569
        let elongation = Sun.normalized(longitude(at: t) - sun)
        return Sky(elongation: elongation, illuminated: (1 - cos(elongation * Sun.radians)) / 2)
    }

    /// The moon's geocentric ecliptic longitude at `t`, in degrees.
    static func longitude(at t: Double) -> Double {
        let c = Sun.julianCenturies(at: t)
        func angle(_ a: Double, _ b: Double) -> Double {
            let revolutions = a + b * c
            return 2 * Double.pi * (revolutions - revolutions.rounded(.down))
        }
        let meanLongitude = 0.606433 + 1336.855225 * c
        let l = angle(0.374897, 1325.552410)  // the moon's mean anomaly
        let ls = angle(0.993133, 99.997361)  // the sun's mean anomaly
        let d = angle(0.827361, 1236.853086)  // the mean elongation
        let f = angle(0.259086, 1342.227825)  // the mean distance from the node
        let arcseconds = 22_640 * sin(l) - 4_586 * sin(l - 2 * d) + 2_370 * sin(2 * d) + 769 * sin(2 * l)
            - 668 * sin(ls) - 412 * sin(2 * f) - 212 * sin(2 * l - 2 * d) - 206 * sin(l + ls - 2 * d)
            + 192 * sin(l + 2 * d) - 165 * sin(ls - 2 * d) - 125 * sin(d) - 110 * sin(l + ls)
            + 148 * sin(l - ls) - 55 * sin(2 * f - 2 * d)
        return Sun.normalized(360 * (meanLongitude + arcseconds / 1_296_000))
    }
}
