import Testing
@testable import OpenMeteo

@Suite("WMO weather codes")
struct WMOCodeTests {
    /// Every code Open-Meteo's documentation lists.
    static let documented = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]

    @Test func everyDocumentedCodeHasWordsAndIcons() {
        #expect(WMOCode.all.map(\.code) == Self.documented)
        for code in Self.documented {
            let entry = WMOCode.lookUp(code)
            #expect(entry?.text.isEmpty == false, "code \(code)")
            // AccuWeather's icon codes run 1–44; 9, 10, 27 and 28 do not exist.
            for icon in [entry?.dayIcon, entry?.nightIcon] {
                #expect(icon.map { (1...44).contains($0) && ![9, 10, 27, 28].contains($0) } == true, "code \(code)")
            }
        }
    }

    @Test func dayAndNightDifferWhereTheSkyShows() {
        #expect(WMOCode.lookUp(0)?.icon(isDay: true) == 1)
        #expect(WMOCode.lookUp(0)?.icon(isDay: false) == 33)
        #expect(WMOCode.lookUp(2)?.icon(isDay: false) == 35)
        #expect(WMOCode.lookUp(3)?.icon(isDay: false) == 7)
    }

    @Test func precipitationKinds() {
        #expect(WMOCode.lookUp(0)?.precipitation == nil)
        #expect(WMOCode.lookUp(45)?.precipitation == nil)
        #expect(WMOCode.lookUp(63)?.precipitation == .rain)
        #expect(WMOCode.lookUp(57)?.precipitation == .ice)
        #expect(WMOCode.lookUp(86)?.precipitation == .snow)
    }

    @Test func unknownCodesHaveNoEntryButStillWords() {
        #expect(WMOCode.lookUp(4) == nil)
        #expect(WMOCode.lookUp(100) == nil)
        #expect(WMOCode.unknownText(4) == "Weather code 4")
    }
}
