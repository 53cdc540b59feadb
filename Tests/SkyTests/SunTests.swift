import Testing
@testable import Sky

/// The Sky module's sun against PyEphem (libastro), an independent ephemeris: the table in
/// `SkyReference.swift` is its output for the same sunrise definition (upper limb, 34′ of
/// refraction: -0.833° for the sun's centre), written by `scripts/make-sky-reference`.
struct SunTests {
    /// The issue's goal: within a minute of the reference.
    static let tolerance = 60

    @Test("30 places from 60° S to 65° N, 24 dates of 2026: sunrise and sunset within a minute of PyEphem")
    func risesAndSetsAsTheReference() {
        #expect(SkyReference.days.count == 720)
        var worst = 0
        for (name, latitude, longitude, start, kind, sunrise, sunset) in SkyReference.days {
            #expect(kind == "rises", "\(name): the reference has no sunrise")
            let day = Sun.day(latitude: latitude, longitude: longitude, localDayStart: start)
            guard case let .risesAndSets(rise, set) = day else {
                Issue.record("\(name): \(day), the reference rises at \(sunrise)")
                continue
            }
            #expect(abs(rise - sunrise) <= Self.tolerance, "\(name): sunrise \(rise - sunrise) s from the reference")
            #expect(abs(set - sunset) <= Self.tolerance, "\(name): sunset \(set - sunset) s from the reference")
            worst = max(worst, abs(rise - sunrise), abs(set - sunset))
        }
        #expect(worst > 0)  // the table was read
    }

    @Test("Tromsø has polar day and night at the solstices; Ushuaia a sunrise and a sunset at both, as PyEphem says")
    func polarDayAndNight() {
        #expect(SkyReference.solstices.count == 4)
        for (name, latitude, longitude, start, kind, sunrise, sunset) in SkyReference.solstices {
            let day = Sun.day(latitude: latitude, longitude: longitude, localDayStart: start)
            switch kind {
            case "up": #expect(day == .upAllDay, "\(name)")
            case "down": #expect(day == .downAllDay, "\(name)")
            default:
                guard case let .risesAndSets(rise, set) = day else {
                    Issue.record("\(name): \(day)")
                    continue
                }
                #expect(abs(rise - sunrise) <= Self.tolerance, "\(name)")
                #expect(abs(set - sunset) <= Self.tolerance, "\(name)")
            }
        }
        #expect(Sun.Day.upAllDay.daylightSeconds == 86_400)
        #expect(Sun.Day.downAllDay.daylightSeconds == 0)
    }

    @Test("The day is the place's local day: a place east of the date line (UTC+14) gets its own date's noon")
    func localDayAcrossTheDateLine() {
        // Kiritimati, 1.87° N 157.4° W, UTC+14: local midnight of 2026-03-01 is 2026-02-28 10:00 UTC.
        let start = 1_772_272_800
        guard case let .risesAndSets(rise, set) = Sun.day(latitude: 1.87, longitude: -157.4, localDayStart: start) else {
            Issue.record("no sunrise on the equator")
            return
        }
        #expect(rise > start && set < start + 86_400)
        #expect((set - rise) / 3600 == 12)
    }

    @Test("Up by day, down by night, and no trap at the poles or on nonsense")
    func upAndDown() {
        // Paris, 2026-06-15: noon at 11:58 UTC is day, 00:00 UTC is night.
        #expect(Sun.isUp(latitude: 48.86, longitude: 2.35, at: 1_781_524_800))
        #expect(!Sun.isUp(latitude: 48.86, longitude: 2.35, at: 1_781_481_600))
        #expect(Sun.day(latitude: 90, longitude: 0, localDayStart: 1_781_481_600) == .upAllDay)
        #expect(Sun.day(latitude: -90, longitude: 0, localDayStart: 1_781_481_600) == .downAllDay)
        _ = Sun.day(latitude: .nan, longitude: .infinity, localDayStart: 0)
    }
}
