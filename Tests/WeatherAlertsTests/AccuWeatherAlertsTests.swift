import Foundation
import Testing
import WeatherHTTP
import WeatherModels
@testable import WeatherAlerts

@Suite("AccuWeather's alerts answer decoded")
struct AccuWeatherAlertsTests {
    private func decode(_ body: Data) throws(ServiceError) -> DecodedAlerts {
        try AlertsClient.decode(body, source: .accuWeather, by: decodingRequester)
    }

    private func decode(_ text: String) throws(ServiceError) -> DecodedAlerts { try decode(Data(text.utf8)) }

    @Test func theDocumentedAnswerGivesTheAgencyItsWordsAndTheAreasPeriod() throws {
        let decoded = try decode(try Fixture.alerts("accuweather-alerts-documented.json"))
        #expect(decoded.notices.isEmpty)
        // The second alert's area was cancelled: not shown.
        #expect(decoded.alerts == [WeatherAlert(
            event: "Wind warning", severity: .unknown,
            headline: "Wind warning in effect until Sat 12:00 AM CET. Source: Météo-France",
            description: "Gusts of 90 to 100 km/h are expected over the whole department.", instruction: nil,
            onset: date("2026-11-28T05:00:00Z"), expires: date("2026-11-28T23:00:00Z"),
            sender: "Météo-France", source: .accuWeather)])
    }

    @Test func anEmptyArrayIsCheckedAndNone() throws {
        #expect(try decode("[]") == DecodedAlerts(alerts: []))
    }

    @Test func aCAPWordAsLevelIsItsSeverity() throws {
        let decoded = try decode(#"[{"Description":{"English":"Storm"},"Level":"Severe","Area":[]}]"#)
        #expect(decoded.alerts.map(\.severity) == [.severe])
        #expect(decoded.alerts.first?.sender == "AccuWeather")
    }

    @Test(arguments: ["{}", #"{"alerts":[]}"#, "null", "not json", #""text""#])
    func aBodyThatIsNotAnArrayIsRefused(_ body: String) {
        #expect(throws: ServiceError.self) { try decode(body) }
    }

    @Test func aWrongTypeSkipsThatAlertAlone() throws {
        let decoded = try decode(#"[{"Description":{"English":"Fog"},"Area":[{"StartTime":5}]},{"Description":{"English":"Snow"}}]"#)
        #expect(decoded.alerts.map(\.event) == ["Snow"])
        #expect(decoded.notices.count == 1)
    }

    @Test func aDateThatIsNotISO8601SkipsThatAlert() throws {
        let decoded = try decode(#"[{"Description":{"English":"Fog"},"Area":[{"EndTime":"tomorrow"}]}]"#)
        #expect(decoded.alerts.isEmpty)
        #expect(decoded.notices.count == 1)
    }

    @Test func hostileTextIsCapped() throws {
        let long = String(repeating: "x", count: 10_000)
        let decoded = try decode(#"[{"Description":{"Localized":"\#(long)"},"Source":"\#(long)","Area":[{"Text":"\#(long)"}]}]"#)
        let alert = try #require(decoded.alerts.first)
        #expect(alert.event.count <= AlertText.shortLimit)
        #expect(alert.sender.count <= AlertText.shortLimit)
        #expect((alert.description?.count ?? 0) <= AlertText.longLimit)
    }
}
