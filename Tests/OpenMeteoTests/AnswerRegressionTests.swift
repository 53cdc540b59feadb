import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP
import WeatherModels
@testable import OpenMeteo

/// Replays the Open-Meteo answers kept in `Tests/Fixtures/fuzz-answer-regressions/` through the
/// request their name starts with, as Fuzz/FuzzAnswers.swift does: each must be read or refused
/// in words, and a `-crash-` input, hostile by construction, must be refused.
@Suite struct OpenMeteoAnswerRegressionTests {
    /// True when the answer was read.
    static func read(_ target: String, _ body: Data) async -> Bool {
        let base = URL(string: "http://127.0.0.1:9/")!
        let client = OpenMeteoClient(baseURL: base, geocodingURL: base, timeout: 60, transport: FixedBodyTransport(body: body))
        // One city for a bare object, three for a list, as the fuzz targets ask.
        let cities = OpenMeteoTopCities.first(BodySniffer.firstSignificantByte(body) == UInt8(ascii: "{") ? 1 : 3)
        switch target {
        case "om-forecast":
            return await capture { _ = OpenMeteoService.forecasts(of: try await client.conditions(for: cities, language: "en-us", withForecasts: true)) } == nil
        case "om-geocoding": return await capture { try await client.searchPlaces("Paris", language: "en-us") } == nil
        case "om-airquality":
            let air = AirQualityClient(baseURL: base, timeout: 60, transport: FixedBodyTransport(body: body))
            return await capture { try await air.airQuality(for: cities.map(\.airQualityPlace)) } == nil
        case "om-nowcast":
            let nowcast = NowcastClient(baseURL: base, timeout: 60, transport: FixedBodyTransport(body: body))
            return await capture {
                for value in try await nowcast.nowcasts(for: cities.map(\.airQualityPlace)).values {
                    for quarter in value.quarters.prefix(3) { _ = value.rain(after: quarter.start) }
                }
            } == nil
        default:
            Issue.record("no request named \(target)")
            return false
        }
    }

    @Test func everyKeptAnswerIsReadOrRefusedWithoutACrash() async throws {
        let inputs = try AnswerRegressions.inputs(prefix: "om-")
        #expect(!inputs.isEmpty, "the hostile answers are kept here")
        for input in inputs {
            let read = await Self.read(input.target, input.body)
            if input.name.contains("-crash-") { #expect(!read, "\(input.name) was read") }
        }
    }
}
