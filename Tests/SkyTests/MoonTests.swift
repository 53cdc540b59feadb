import Testing
@testable import Sky

/// The moon's phase against PyEphem's new and full moons of 2026 (its `next_new_moon` and
/// `next_full_moon`, in `SkyReference.swift`, written by `scripts/make-sky-reference`); they agree
/// with the published table of the U.S. Naval Observatory to the minute (2026-01-18 19:52 UTC new,
/// 2026-01-03 10:03 UTC full).
struct MoonTests {
    /// The goal: each moment within 6 hours.
    static let window = 6 * 3600

    @Test("Each new moon of 2026 falls within 6 hours of PyEphem's, and is named so")
    func newMoons() {
        #expect(SkyReference.newMoons.count == 12)
        for moment in SkyReference.newMoons {
            // The elongation passes 0° between 6 h before and 6 h after.
            #expect(Moon.at(moment - Self.window).elongation > 180, "\(moment)")
            #expect(Moon.at(moment + Self.window).elongation < 180, "\(moment)")
            #expect(Moon.at(moment).phase == .new)
            #expect(Moon.at(moment).illuminated < 0.01)
        }
    }

    @Test("Each full moon of 2026 falls within 6 hours of PyEphem's, and is named so")
    func fullMoons() {
        #expect(SkyReference.fullMoons.count == 13)
        for moment in SkyReference.fullMoons {
            #expect(Moon.at(moment - Self.window).elongation < 180, "\(moment)")
            #expect(Moon.at(moment + Self.window).elongation > 180, "\(moment)")
            #expect(Moon.at(moment).phase == .full)
            #expect(Moon.at(moment).illuminated > 0.99)
        }
    }

    @Test("The lit share within 1 % of PyEphem's moon_phase at 24 instants of 2026")
    func litShare() {
        #expect(SkyReference.litShares.count == 24)
        for (moment, share) in SkyReference.litShares {
            #expect(abs(Moon.at(moment).illuminated - share) < 0.01, "\(moment): \(Moon.at(moment).illuminated) against \(share)")
        }
    }

    @Test("Eight phases, each an eighth of the month centred on its moment", arguments: [
        (0.0, Moon.Phase.new), (22.4, .new), (22.6, .waxingCrescent), (90, .firstQuarter), (135, .waxingGibbous),
        (180, .full), (225, .waningGibbous), (270, .lastQuarter), (315, .waningCrescent), (337.6, .new), (359.9, .new),
    ])
    func phases(elongation: Double, phase: Moon.Phase) {
        #expect(Moon.Phase(elongation: elongation) == phase)
    }

    @Test func names() {
        #expect(Moon.Phase.allCases.map(\.name) == [
            "new moon", "waxing crescent", "first quarter", "waxing gibbous",
            "full moon", "waning gibbous", "last quarter", "waning crescent",
        ])
    }
}
