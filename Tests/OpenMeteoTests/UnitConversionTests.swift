import Testing
import WeatherModels
@testable import OpenMeteo
import EssentialsSupport

@Suite("Units, compass, UV words and local times derived from Open-Meteo's metric values")
struct UnitConversionTests {
    @Test func temperatures() {
        #expect(UnitConversion.temperature(celsius: 0)?.imperial?.value == 32)
        #expect(UnitConversion.temperature(celsius: 100)?.imperial?.value == 212)
        #expect(UnitConversion.temperature(celsius: -40)?.imperial?.value == -40)
        #expect(UnitConversion.temperature(celsius: 21.66)?.metric?.value == 21.7)
        #expect(UnitConversion.temperature(celsius: nil) == nil)
        #expect(UnitConversion.temperature(celsius: .nan) == nil)
    }

    @Test func noNegativeZeroFromRounding() {
        for celsius in [-0.04, -0.0, -0.049] {
            let value = UnitConversion.temperature(celsius: celsius)?.metric?.value
            #expect(value == 0)
            #expect(value?.sign == .plus, "\(celsius)")
        }
        // -17.8 °C is -0.04 °F.
        let fahrenheit = UnitConversion.temperature(celsius: -17.8)?.imperial?.value
        #expect(fahrenheit == 0)
        #expect(fahrenheit?.sign == .plus)
        #expect(UnitConversion.forecastCelsius(-0.01)?.value.sign == .plus)
        #expect(UnitConversion.rounded(-0.4, places: 0).sign == .plus)
    }

    @Test func speedsDistancesPressuresAmounts() {
        #expect(UnitConversion.speed(kilometresPerHour: 100)?.imperial == UnitValue(value: 62.1, unit: "mi/h", unitType: 9))
        #expect(UnitConversion.visibility(metres: 16_093.44)?.metric?.value == 16.1)
        #expect(UnitConversion.visibility(metres: 16_093.44)?.imperial?.value == 10)
        #expect(UnitConversion.pressure(hectopascals: 1013.25)?.imperial?.value == 29.92)
        #expect(UnitConversion.pressure(hectopascals: 1013.25)?.metric?.value == 1013)
        #expect(UnitConversion.precipitation(millimetres: 25.4)?.imperial == UnitValue(value: 1, unit: "in", unitType: 1))
        #expect(UnitConversion.elevation(metres: 100)?.imperial?.value == 328)
    }

    @Test func compassPoints() {
        #expect(CompassPoint.name(degrees: 0) == "N")
        #expect(CompassPoint.name(degrees: 11.24) == "N")
        #expect(CompassPoint.name(degrees: 11.26) == "NNE")
        #expect(CompassPoint.name(degrees: 90) == "E")
        #expect(CompassPoint.name(degrees: 202.5) == "SSW")
        #expect(CompassPoint.name(degrees: 359) == "N")
        #expect(CompassPoint.name(degrees: 360) == "N")
        #expect(CompassPoint.name(degrees: -90) == "W")
        #expect(CompassPoint.name(degrees: .infinity) == nil)
    }

    @Test func uvWords() {
        #expect(UVIndexCategory.text(0) == "Low")
        #expect(UVIndexCategory.text(2.4) == "Low")
        #expect(UVIndexCategory.text(2.5) == "Moderate")
        #expect(UVIndexCategory.text(6) == "High")
        #expect(UVIndexCategory.text(8) == "Very High")
        #expect(UVIndexCategory.text(10.4) == "Very High")
        #expect(UVIndexCategory.text(11) == "Extreme")
        #expect(UVIndexCategory.text(-1) == nil)
    }

    @Test func localTimesWithTheirOffset() {
        #expect(CivilTime.iso8601(epoch: 0, utcOffsetSeconds: 0) == "1970-01-01T00:00:00+00:00")
        #expect(CivilTime.iso8601(epoch: 0, utcOffsetSeconds: -3600) == "1969-12-31T23:00:00-01:00")
        #expect(CivilTime.iso8601(epoch: 1_795_340_400, utcOffsetSeconds: 20_700) == "2026-11-22T15:25:00+05:45")
        #expect(CivilTime.iso8601(epoch: 1_709_208_000, utcOffsetSeconds: 0) == "2024-02-29T12:00:00+00:00")
        #expect(CivilTime.iso8601(epoch: 1_795_340_400, utcOffsetSeconds: -34_200) == "2026-11-22T00:10:00-09:30")
        // Instants and offsets no clock has: far-off dates, no trap.
        #expect(!CivilTime.iso8601(epoch: .max, utcOffsetSeconds: .max).isEmpty)
        #expect(!CivilTime.iso8601(epoch: .min, utcOffsetSeconds: .min).isEmpty)
        #expect(CivilTime.iso8601(epoch: .max, utcOffsetSeconds: 0).hasSuffix("+00:00"))
    }
}
