import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP
@testable import OpenMeteo

/// Open-Meteo never redirects: a 3xx is an unexpected response, whatever its `Location`, for the
/// forecast and the place search alike.
@Suite("OpenMeteoClient and redirects")
struct OpenMeteoRedirectTests {
    @Test(arguments: ["http://127.0.0.1:99999/", "http://127.0.0.1:65536/v1/forecast", "no URL: at all"])
    func everyRequestRefusesARedirect(_ location: String) async throws {
        let server = try await LoopbackServer.start(status: 301, headers: ["Location": location], body: Data("moved".utf8))
        defer { Task { await server.stop() } }
        let client = OpenMeteoClient(baseURL: server.baseURL, geocodingURL: server.baseURL, timeout: 60, transport: liveTransport)
        let expected = ServiceError.unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTTP 301: redirects are not followed")
        #expect(normalized(await capture { try await client.conditions(for: [.make()], language: "en-us") }, port: server.port) == expected)
        #expect(normalized(await capture { try await client.searchPlaces("Paris", language: "en-us") }, port: server.port) == expected)
        #expect(server.requests.all.count == 2)
    }
}
