import Testing
import WeatherModels

@Suite struct AirQualityCategoryTests {
    @Test(arguments: [
        (0, "good"), (20, "good"), (21, "fair"), (40, "fair"), (41, "moderate"), (60, "moderate"),
        (61, "poor"), (80, "poor"), (81, "very poor"), (100, "very poor"), (101, "extremely poor"), (9_999, "extremely poor"),
    ])
    func europeanBandsAreTheEEAs(_ index: Int, _ name: String) {
        #expect(AirQualityScale.european.category(index)?.name == name)
    }

    @Test(arguments: [
        (0, "good"), (50, "good"), (51, "moderate"), (100, "moderate"), (101, "unhealthy for sensitive groups"),
        (150, "unhealthy for sensitive groups"), (151, "unhealthy"), (200, "unhealthy"), (201, "very unhealthy"),
        (300, "very unhealthy"), (301, "hazardous"), (500, "hazardous"), (731, "hazardous"),
    ])
    func usBandsAreTheEPAs(_ index: Int, _ name: String) {
        #expect(AirQualityScale.us.category(index)?.name == name)
    }

    @Test func eachCategoryHasItsAgencysColourAndRankInOrder() {
        #expect(AirQualityScale.european.categories.map(\.rgb) == [0x50F0E6, 0x50CCAA, 0xF0E641, 0xFF5050, 0x960032, 0x7D2181])
        #expect(AirQualityScale.us.categories.map(\.rgb) == [0x00E400, 0xFFFF00, 0xFF7E00, 0xFF0000, 0x8F3F97, 0x7E0023])
        for scale in AirQualityScale.allCases {
            #expect(scale.categories.map(\.rank) == Array(scale.categories.indices))
            #expect(scale.categories.last?.highest == nil, "the worst band is open")
        }
    }

    @Test func aNegativeIndexHasNoCategory() {
        #expect(AirQualityScale.european.category(-1) == nil)
        #expect(AirQualityScale.us.category(Int.min) == nil)
    }

    @Test func theIndexFollowsTheUnitsAndAPlaceGivesEither() {
        #expect(AirQualityScale.following(.metric) == .european)
        #expect(AirQualityScale.following(.imperial) == .us)
        let air = AirQuality(epochTime: 0, europeanAQI: 34, usAQI: 160)
        #expect(air.category(on: .european)?.name == "fair")
        #expect(air.category(on: .us)?.name == "unhealthy")
        #expect(AirQuality(epochTime: 0).category(on: .us) == nil)
    }
}
