import Testing
import WeatherModels

/// A city's offset for the hours ahead: the source's, moved by the named zone's changes.
@Suite struct CityTimeZoneOffsetTests {
    /// 2026-10-24 18:00 UTC, 20:00 in Berlin (CEST, +2); summer time ends at 01:00 UTC on the 25th.
    static let evening = 1_792_864_800
    static let summerTimeEnds = 1_792_890_000
    let berlin = CityTimeZone(code: "CEST", name: "Europe/Berlin", gmtOffset: 2)

    @Test func anHourPastTheChangeIsInTheNewTime() {
        #expect(berlin.offsetSeconds(at: Self.evening, sourceTime: Self.evening) == 7200)
        #expect(berlin.offsetSeconds(at: Self.summerTimeEnds - 3600, sourceTime: Self.evening) == 7200)
        #expect(berlin.offsetSeconds(at: Self.summerTimeEnds, sourceTime: Self.evening) == 3600)
        // Spring: 2026-03-29 01:00 UTC, from CET (+1) to CEST (+2).
        let winter = CityTimeZone(code: "CET", name: "Europe/Berlin", gmtOffset: 1)
        #expect(winter.offsetSeconds(at: 1_774_746_000, sourceTime: 1_774_746_000 - 7200) == 7200)
    }

    @Test func theSourcesOffsetStaysTheBase() {
        // Without a name, or with one the system lacks, the source's offset holds for every hour.
        let unnamed = CityTimeZone(code: "CEST", name: nil, gmtOffset: 2)
        #expect(unnamed.offsetSeconds(at: Self.summerTimeEnds, sourceTime: Self.evening) == 7200)
        let unknown = CityTimeZone(code: "XST", name: "Nowhere/Atlantis", gmtOffset: 5.5)
        #expect(unknown.offsetSeconds(at: Self.summerTimeEnds, sourceTime: Self.evening) == 19_800)
        // A name whose offset differs from the source's (a source a step behind the tz data): the
        // change is applied to the source's offset, not replaced by the zone's.
        let odd = CityTimeZone(code: nil, name: "Europe/Berlin", gmtOffset: 3)
        #expect(odd.offsetSeconds(at: Self.summerTimeEnds, sourceTime: Self.evening) == 7200)
    }
}
