import Foundation
import Testing
import WeatherHTTP
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// The gates' changes on their own: each reads and writes only `Limits`, the clock given.
@Suite struct LimitsTests {
    @Test func aLimitHeardHoldsItsSourceAndALostNetworkDoesNot() {
        var limits = Limits()
        limits.heard(.network(.unreachable(host: "example.com")), from: .openMeteo, at: Make.t0)
        #expect(limits.gates.isEmpty, "a gate nothing changed is not stored")
        limits.heard(.network(.rateLimited(reason: "slow down", status: 429, until: Make.t0 + 600)), from: .openMeteo, at: Make.t0)
        #expect(limits.gates[.openMeteo]?.hold?.until == Make.t0 + 600)
    }

    @Test func aHoldReadFromTheFileReplacesOnlyAnEarlierOne() {
        var limits = Limits()
        limits.held([.openMeteo: SourceGate.Hold(until: Make.t0 + 600, reason: "mine")])
        limits.held([.openMeteo: SourceGate.Hold(until: Make.t0 + 60, reason: "older")])
        #expect(limits.gates[.openMeteo]?.hold?.reason == "mine")
        limits.spent([.openMeteo: 12])
        #expect(limits.gates[.openMeteo]?.spentToday == 12)
    }
}
