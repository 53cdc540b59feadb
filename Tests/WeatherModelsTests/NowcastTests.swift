import Foundation
import Testing
import WeatherModels

@Suite("Nowcast: when the rain comes, how long, how heavy")
struct NowcastTests {
    static let t0 = 1_795_789_800  // a quarter's end

    /// Quarters ending at t0, t0+15 min, … with these millimetres.
    static func make(_ mm: [Double?], native: Bool = true) -> Nowcast {
        Nowcast(quarters: mm.enumerated().map { NowcastQuarter(epochTime: t0 + $0.offset * 900, precipitation: $0.element) }, native: native)
    }

    static func at(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(t0 + seconds)) }

    @Test func rainStartsAtItsFirstWetQuarterAndEndsAfterItsLast() {
        let nowcast = Self.make([0, 0, 0.2, 0.8, 0.3, 0, 0, 0, 0, 0, 0, 0])
        #expect(nowcast.rain(after: Self.at(-300)) == RainSpell(starts: Self.at(900), ends: Self.at(3_600), intensity: .moderate))
    }

    @Test func aTraceIsNoRain() {
        #expect(Self.make([0.05, 0.09, 0, 0, 0, 0, 0, 0, 0, 0]).rain(after: Self.at(-300)) == nil)
    }

    @Test func rainAlreadyFallingStartsNow() {
        let now = Self.at(-300)
        #expect(Self.make([0.3, 0.3, 0, 0, 0, 0, 0, 0, 0, 0]).rain(after: now)?.starts == now)
    }

    @Test func rainPastTheLastQuarterHasNoKnownEnd() {
        let spell = Self.make([0, 0, 0, 0, 0, 0, 0, 0.1, 0.1]).rain(after: Self.at(-300))
        #expect(spell?.starts == Self.at(6 * 900))
        #expect(spell?.ends == nil)
    }

    @Test func rainBeyondTwoHoursIsNotDue() {
        #expect(Self.make(Array(repeating: 0, count: 10) + [3]).rain(after: Self.at(-900)) == nil)
    }

    @Test func intensityFollowsTheRateNamedByMeteorologists() {
        #expect(RainIntensity(millimetresPerQuarter: 0.6) == .light)
        #expect(RainIntensity(millimetresPerQuarter: 0.7) == .moderate)
        #expect(RainIntensity(millimetresPerQuarter: 1.9) == .heavy)
    }

    @Test func coverageNeedsTheWholeHorizon() {
        let nowcast = Self.make(Array(repeating: 0, count: 16))
        #expect(nowcast.covers(Self.at(-600)))
        #expect(!nowcast.covers(Self.at(3 * 3_600)))
        #expect(!nowcast.covers(Self.at(-1_200)), "before the first quarter began")
        #expect(!Nowcast(quarters: [], native: true).covers(Self.at(0)))
    }
}
