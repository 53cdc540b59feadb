import Foundation
import Testing
import HTTPTestSupport
import AccuWeather
import WeatherHTTP
import WeatherModels
import WeatherSource

@Suite("AccuWeather's alerts against a loopback server")
struct AccuWeatherAlertsClientTests {
    private static let alertsBody = Data(#"[{"Description":{"Localized":"Wind warning"},"Source":"Météo-France","Area":[{"EndTime":"2026-11-29T00:00:00+01:00","Summary":"Wind warning in effect"}]}]"#.utf8)

    @Test func sendsTheDocumentedRequestWithTheKeyAndCountsOneCall() async throws {
        let server = try await LoopbackServer.start(status: 200, headers: ["Cache-Control": "max-age=1200"], body: Self.alertsBody)
        defer { Task { await server.stop() } }
        let counted = CallCount()
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, timeout: 60,
                                       recordCalls: { counted.add($0) }, now: { now })
        let answer = try await client.alerts(locationKey: "623", language: "fr-fr")
        #expect(answer.alerts.map(\.event) == ["Wind warning"])
        #expect(answer.alerts.first?.sender == "Météo-France")
        #expect(answer.alerts.first?.source == .accuWeather)
        #expect(answer.freshUntil == now.addingTimeInterval(1200))
        #expect(server.requests.all == ["/alerts/v1/623?language=fr-fr&details=true"])
        #expect(server.requests.authorizations == ["Bearer \(testKey)"])
        #expect(counted.value == 1)
    }

    @Test func aSpentDayIsQuotaExceededAndStillACall() async throws {
        let server = try await LoopbackServer.start(status: 503, body: Data(#"{"Code":"ServiceUnavailable","Message":"The allowed number of requests has been exceeded."}"#.utf8))
        defer { Task { await server.stop() } }
        let counted = CallCount()
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, timeout: 60, recordCalls: { counted.add($0) })
        await #expect(throws: ServiceError.quotaExceeded) { try await client.alerts(locationKey: "623", language: "en-us") }
        #expect(counted.value == 1)
    }

    @Test func anAnswerThatIsNotAnArrayIsRefusedWithoutTheKey() async throws {
        let server = try await LoopbackServer.start(status: 200, body: Data(#"{"Message":"\#(testKey)"}"#.utf8))
        defer { Task { await server.stop() } }
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, timeout: 60)
        do {
            _ = try await client.alerts(locationKey: "623", language: "en-us")
            Issue.record("an object was taken for the alerts array")
        } catch {
            #expect(!(error.errorDescription ?? "").contains(testKey))
            guard case .unexpectedResponse = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func nothingIsSentWithoutAPassThroughItsGatedTransport() async throws {
        let server = try await LoopbackServer.start(status: 200, body: Self.alertsBody)
        defer { Task { await server.stop() } }
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, timeout: 60,
                                       transport: GatedTransport(.accuWeather, over: AsyncHTTPTransport.shared))
        await #expect(throws: ServiceError.self) { try await client.alerts(locationKey: "623", language: "en-us") }
        #expect(server.requests.all.isEmpty)
    }
}

/// Calls a client recorded, from its task.
private final class CallCount: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0.0
    func add(_ value: Double) { lock.withLock { calls += value } }
    var value: Double { lock.withLock { calls } }
}
