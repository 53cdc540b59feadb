import Foundation
import Testing
import HTTPTestSupport
import WeatherHTTP
import WeatherModels
@testable import OpenMeteo

@Suite("OpenMeteoClient: a 429 says until when")
struct OpenMeteoRateLimitTests {
    /// 2026-11-27 14:30:20 UTC.
    static let answered = Date(timeIntervalSince1970: 1_795_737_600 + 14 * 3_600 + 30 * 60 + 20)

    private func error(headers: [String: String] = [:], body: Data, search: Bool = false) async throws -> ServiceError? {
        let server = try await LoopbackServer.start(status: 429, headers: headers, body: body)
        defer { Task { await server.stop() } }
        let client = OpenMeteoClient(baseURL: server.baseURL, geocodingURL: server.baseURL, timeout: 60, transport: liveTransport) { Self.answered }
        if search { return await capture { try await client.searchPlaces("Paris", language: "en-us") } }
        return await capture { try await client.conditions(for: [.make()], language: "en-us") }
    }

    @Test func retryAfterIsObeyed() async throws {
        let error = try await error(headers: ["Retry-After": "120"], body: try Fixture.openMeteo("error-429-minutely-documented.json"))
        #expect(error == .rateLimited(
            reason: "Minutely API request limit exceeded. Please try again in one minute.", status: 429,
            until: Self.answered.addingTimeInterval(120)
        ))
        #expect(error?.holdUntil == Self.answered.addingTimeInterval(120))
        #expect(error?.localizedDescription == "Minutely API request limit exceeded. Please try again in one minute. (429)")
    }

    @Test func theDocumentedReasonsHoldUntilTheirLimitResets() async throws {
        let start = Date(timeIntervalSince1970: 1_795_737_600)
        let minute = try await error(body: try Fixture.openMeteo("error-429-minutely-documented.json"))
        #expect(minute?.holdUntil == start.addingTimeInterval(14 * 3_600 + 31 * 60))
        let hour = try await error(body: try Fixture.openMeteo("error-429-hourly-documented.json"))
        #expect(hour?.holdUntil == start.addingTimeInterval(15 * 3_600))
        let day = try await error(body: try Fixture.openMeteo("error-429-daily-documented.json"), search: true)
        #expect(day?.holdUntil == start.addingTimeInterval(86_400))
    }

    @Test func noWordsHoldAMinute() async throws {
        let error = try await error(body: Data(), search: true)
        #expect(error == .rateLimited(reason: "request limit reached, try again later", status: 429, until: Self.answered.addingTimeInterval(60)))
    }
}
