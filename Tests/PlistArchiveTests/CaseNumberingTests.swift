import Foundation
import Testing
import WeatherModels
@testable import PlistArchive

/// A value with one field: its keys' enum has one case, stored in no bytes at all, so it cannot
/// be numbered by its storage.
private struct OneField: Codable, Equatable {
    var only: Double
    enum CodingKeys: String, CodingKey, CaseIterable { case only = "Only" }
}

/// Raw values other than the declaration order, and more cases than a small type.
private enum Spaced: Int, CaseIterable, CodingKey {
    case ten = 10, three = 3, hundred = 100, zero = 0
}

@Suite struct CaseNumberingTests {
    /// The archived types' keys are stored as their declaration-order numbers, which the direct
    /// coders read off them.
    @Test func everyArchivedKeyTypeIsNumberedInDeclarationOrder() {
        func check<Key: CodingKey & CaseIterable>(_ type: Key.Type) where Key.AllCases == [Key] {
            #expect(CaseNumbering.isNumbered(type.allCases), "\(type)")
            for (i, key) in type.allCases.enumerated() { #expect(CaseNumbering.number(of: key) == i, "\(key)") }
        }
        check(WeatherFeedSummary.CodingKeys.self)
        check(FeedRequest.CodingKeys.self)
        check(CityWeather.CodingKeys.self)
        check(Country.CodingKeys.self)
        check(CityTimeZone.CodingKeys.self)
        check(GeoPosition.CodingKeys.self)
        check(MetricImperial.CodingKeys.self)
        check(UnitValue.CodingKeys.self)
        check(Wind.CodingKeys.self)
        check(WindDirection.CodingKeys.self)
        check(PressureTendency.CodingKeys.self)
        check(PrecipitationSummary.CodingKeys.self)
        check(TemperatureSummary.CodingKeys.self)
        check(MetricImperialRange.CodingKeys.self)
        check(LocalSource.CodingKeys.self)
        check(Spaced.self)
    }

    @Test func aOneCaseTypeIsNotNumbered() {
        #expect(!CaseNumbering.isNumbered(OneField.CodingKeys.allCases))
    }

    /// The walk leaves a key type that is not numbered to `Decodable`.
    @Test func theWalkLeavesKeysNotNumberedToDecodable() throws {
        let value = OneField(only: 21.5)
        let payload = try BinaryPlistEncoder().encode(value)
        #expect(try BinaryPlistDecoder().decode(OneField.self, from: payload) == value)
        let walked = BinaryPlistWalk.read(payload) { walk, top in walk.fields(top, OneField.CodingKeys.self).map { _ in true } }
        #expect(walked == nil)
    }
}
