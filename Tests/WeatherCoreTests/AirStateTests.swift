import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

/// The air's reducer on its own: the words are all it needs of the rest.
@Suite struct AirStateTests {
    static func air(at date: Date, _ keys: [String]) -> StoredAirQuality {
        StoredAirQuality(fetchedAt: date, byCityKey: Dictionary(uniqueKeysWithValues: keys.map { ($0, AirQuality(epochTime: 0, europeanAQI: 20)) }))
    }

    @Test func placesAskedForAloneJoinTheKeptAirWhichKeepsItsTime() {
        var air = AirState()
        air.stored = Self.air(at: Make.t0, ["1"])
        air.asked(due: false)
        let outcome = air.reduce(.airQualityLoaded(.success(Self.air(at: Make.t0 + 600, ["9"]))), language: .english)
        #expect(outcome == .loaded(Self.air(at: Make.t0, ["1", "9"])))
        #expect(!air.inFlight && !air.askedAlone)
    }

    @Test func anOlderSavedAirDoesNotReplaceTheAirKept() {
        var air = AirState()
        air.stored = Self.air(at: Make.t0, ["1"])
        #expect(air.reduce(.airQualityRestored(Self.air(at: Make.t0 - 60, ["2"])), language: .english) == .restored(changed: false))
        #expect(air.restored && air.stored == Self.air(at: Make.t0, ["1"]))
    }
}
