import Foundation
import WeatherHTTP
import Testing
import HTTPTestSupport
import AccuWeather

/// A transport that answers with a fixed response and remembers nothing.
private struct FixedTransport: HTTPTransport {
    let response: HTTPTransportResponse

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        response
    }
}

/// How the client reads a response; what transport failures become is tested in WeatherHTTPTests.
@Suite struct ClientResponseTests {
    @Test func unusableTimeoutsFallBackToTheDefault() {
        #expect(AccuWeatherClient(apiKey: testKey, timeout: 0).timeout == 15)
        #expect(AccuWeatherClient(apiKey: testKey, timeout: -1).timeout == 15)
        #expect(AccuWeatherClient(apiKey: testKey, timeout: .nan).timeout == 15)
        #expect(AccuWeatherClient(apiKey: testKey, timeout: .infinity).timeout == 15)
        #expect(AccuWeatherClient(apiKey: testKey, timeout: 1e300).timeout == 86_400)
    }

    @Test func headersAreFoundWhateverTheirCase() async throws {
        let response = HTTPTransportResponse(statusCode: 200, headers: ["RATELIMIT-REMAINING": "3"], body: Data("[]".utf8))
        let client = AccuWeatherClient(apiKey: testKey, transport: FixedTransport(response: response))
        #expect(try await client.topCities(count: 50, language: "en-us").rateLimitRemaining == 3)
    }

    @Test func forecastThatIsNotAForecastNamesTheField() async {
        let response = HTTPTransportResponse(statusCode: 200, headers: [:], body: Data(#"{"Headline":null,"DailyForecasts":[{"Date":1}]}"#.utf8))
        let client = AccuWeatherClient(apiKey: testKey, transport: FixedTransport(response: response))
        let error = await capture { try await client.dailyForecast(cityKey: "1", language: "en-us") }
        guard case .unexpectedResponse(let host, let detail)? = error else {
            Issue.record("expected unexpectedResponse, got \(String(describing: error))")
            return
        }
        #expect(host == "dataservice.accuweather.com")
        #expect(detail.hasPrefix("DailyForecasts[0]."))
    }
}
