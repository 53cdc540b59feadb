import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP
import WeatherModels
@testable import AccuWeather

/// Replays the AccuWeather answers kept in `Tests/Fixtures/fuzz-answer-regressions/` through the
/// request their name starts with, as Fuzz/FuzzAnswers.swift does: each must be read or refused
/// in words, and a `-crash-` input, hostile by construction, must be refused.
@Suite struct AccuWeatherAnswerRegressionTests {
    static let paris = PlaceMatch(id: "623", name: "Paris", countryCode: "FR", latitude: 48.857, longitude: 2.354)

    /// True when the answer was read.
    static func read(_ target: String, _ body: Data) async -> Bool {
        let client = AccuWeatherClient(baseURL: URL(string: "http://127.0.0.1:9/")!, apiKey: "k", timeout: 60, transport: FixedBodyTransport(body: body))
        switch target {
        case "aw-topcities": return await capture { try await client.topCities(count: 150, language: "en-us") } == nil
        case "aw-current": return await capture { try await client.currentConditions(of: paris, language: "en-us") } == nil
        case "aw-daily": return await capture { try await client.dailyForecast(cityKey: "623", language: "en-us") } == nil
        case "aw-hourly": return await capture { try await client.hourlyForecast(cityKey: "623", language: "en-us") } == nil
        case "aw-search": return await capture { try await client.searchPlaces("Paris", language: "en-us") } == nil
        case "aw-alerts": return await capture { try await client.alerts(locationKey: "623", language: "en-us") } == nil
        default:
            Issue.record("no request named \(target)")
            return false
        }
    }

    @Test func everyKeptAnswerIsReadOrRefusedWithoutACrash() async throws {
        let inputs = try AnswerRegressions.inputs(prefix: "aw-")
        #expect(!inputs.isEmpty, "the hostile answers are kept here")
        for input in inputs {
            let read = await Self.read(input.target, input.body)
            if input.name.contains("-crash-") { #expect(!read, "\(input.name) was read") }
        }
    }
}
