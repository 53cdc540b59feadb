import Testing
@testable import OpenMeteo

@Suite("DewPoint: Magnus formula")
struct DewPointTests {
    // Reference dew points of the psychrometric tables (NOAA's calculator gives the same to 0.1 °C).
    @Test(arguments: [(20.0, 50.0, 9.3), (30.0, 80.0, 26.2), (7.2, 81.0, 4.2), (25.0, 100.0, 25.0)])
    func matchesTheReferenceTable(temperature: Double, humidity: Double, expected: Double) throws {
        let dewPoint = try #require(DewPoint.celsius(temperature: temperature, humidity: humidity))
        #expect(abs(dewPoint - expected) < 0.06)
    }

    @Test func noHumidityOrNoTemperatureHasNoDewPoint() {
        #expect(DewPoint.celsius(temperature: 20, humidity: 0) == nil)
        #expect(DewPoint.celsius(temperature: 20, humidity: nil) == nil)
        #expect(DewPoint.celsius(temperature: nil, humidity: 50) == nil)
        #expect(DewPoint.celsius(temperature: .nan, humidity: 50) == nil)
        #expect(DewPoint.celsius(temperature: 20, humidity: 180) == nil)
    }
}
