import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP
import AccuWeather

/// AccuWeather never redirects: a 3xx from anything in the way (a captive portal, a proxy) is an
/// unexpected response, whatever its `Location`, for every request the client makes.
@Suite("AccuWeatherClient and redirects")
struct AccuWeatherRedirectTests {
    @Test(arguments: ["http://127.0.0.1:99999/", "http://127.0.0.1:4294967297/", "no URL: at all"])
    func everyRequestRefusesARedirect(_ location: String) async throws {
        let server = try await LoopbackServer.start(status: 302, headers: ["Location": location], body: Data())
        defer { Task { await server.stop() } }
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, timeout: 60)
        let expected = ServiceError.unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTTP 302: redirects are not followed")
        #expect(normalized(await capture { try await client.topCities(count: 50, language: "en-us") }, port: server.port) == expected)
        #expect(normalized(await capture { try await client.dailyForecast(cityKey: "28143", language: "en-us") }, port: server.port) == expected)
        #expect(normalized(await capture { try await client.hourlyForecast(cityKey: "28143", language: "en-us") }, port: server.port) == expected)
        #expect(normalized(await capture { try await client.searchPlaces("Paris", language: "en-us") }, port: server.port) == expected)
        #expect(server.requests.all.count == 4)
    }
}
