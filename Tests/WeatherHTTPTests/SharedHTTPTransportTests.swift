import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP

/// The clients' default transport: the process's live one, made at its first request.
@Suite struct SharedHTTPTransportTests {
    @Test func sendsThroughTheProcessTransport() async throws {
        TestEnvironment.prepare()
        let server = try RawSocketServer(.answer(response: rawResponse(status: "200 OK", headers: ["X-Thing: b"], body: Array("yes".utf8))))
        defer { server.stop() }
        let response = try await fetch(server.baseURL, transport: SharedHTTPTransport()).get()
        #expect(response.statusCode == 200)
        #expect(response.header("x-thing") == "b")
        #expect(response.body == Data("yes".utf8))
        #expect(server.requestHeads.count == 1)
    }
}
