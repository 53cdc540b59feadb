import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP
import WeatherModels
import WeatherSource
@testable import WeatherAlerts

/// Replays the alerts answers kept in `Tests/Fixtures/fuzz-answer-regressions/` through the source
/// their name starts with, as Fuzz/FuzzAnswers.swift does: each must be read or refused in words,
/// and a `-crash-` input, hostile by construction, must be refused.
@Suite struct AlertsAnswerRegressionTests {
    /// The alerts read, or nil when the answer was refused.
    static func read(_ target: String, _ body: Data) async -> AlertsAnswer? {
        let source: AlertSource
        switch target {
        case "al-nws": source = .nws
        case "al-met": source = .metNorway
        case "al-brightsky": source = .brightSky
        default:
            Issue.record("no source named \(target)")
            return nil
        }
        let client = AlertsClient(source: source, baseURL: URL(string: "http://127.0.0.1:9/")!, userAgent: "weather-tui/test (test@example.org)",
                                  timeout: 5, transport: FixedBodyTransport(body: body))
        return try? await client.alerts(latitude: 1, longitude: 2)
    }

    @Test func everyKeptAnswerIsReadOrRefusedWithoutACrash() async throws {
        let inputs = try AnswerRegressions.inputs(prefix: "al-")
        #expect(!inputs.isEmpty, "the hostile answers are kept here")
        for input in inputs {
            let answer = await Self.read(input.target, input.body)
            if input.name.contains("-crash-") { #expect(answer == nil, "\(input.name) was read") }
        }
    }

    @Test func extremeValuesAreCappedAndAnImpossibleDateSkipsItsAlert() async throws {
        let input = try #require(try AnswerRegressions.inputs(prefix: "al-nws-extreme").first)
        let answer = try #require(await Self.read(input.target, input.body))
        #expect(answer.alerts.count == 1)
        #expect(answer.alerts.first?.event.count == AlertText.shortLimit)
        #expect(answer.alerts.first?.description?.count == AlertText.longLimit)
        #expect(answer.notices == ["alert skipped: alert 2: properties.onset is invalid"])
    }
}
