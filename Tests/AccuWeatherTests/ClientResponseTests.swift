import Foundation
import WeatherHTTP
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import HTTPTestSupport
import AccuWeather

/// A transport that fails at once with a given error, for failures a loopback server cannot make.
private struct FailingTransport: HTTPTransport {
    let error: any Error & Sendable

    func send(_ request: URLRequest, maxBodyBytes: Int) async throws -> HTTPTransportResponse {
        throw error
    }
}

/// A transport that answers with a fixed response and remembers nothing.
private struct FixedTransport: HTTPTransport {
    let response: HTTPTransportResponse

    func send(_ request: URLRequest, maxBodyBytes: Int) async throws -> HTTPTransportResponse {
        response
    }
}

@Suite struct TransportErrorMappingTests {
    private func error(for transportError: any Error & Sendable) async -> ServiceError? {
        let client = AccuWeatherClient(apiKey: testKey, timeout: 5, transport: FailingTransport(error: transportError))
        return await capture { try await client.topCities(count: 50, language: "en-us") }
    }

    @Test(arguments: [URLError.Code.cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .networkConnectionLost, .dnsLookupFailed, .secureConnectionFailed])
    func networkFailuresAreUnreachable(code: URLError.Code) async {
        #expect(await error(for: URLError(code)) == .unreachable(host: "dataservice.accuweather.com"))
    }

    @Test func urlSessionIdleTimeoutIsTheDeadline() async {
        #expect(await error(for: URLError(.timedOut)) == .timedOut(host: "dataservice.accuweather.com", seconds: 5))
    }

    @Test func transportCancellationIsCancelled() async {
        #expect(await error(for: URLError(.cancelled)) == .cancelled)
    }

    @Test func bodyCapIsAnUnexpectedResponse() async {
        #expect(await error(for: HTTPTransportError.bodyTooLarge(limit: HTTPRequester.maxBodyBytes)) == .unexpectedResponse(host: "dataservice.accuweather.com", detail: "body larger than 8 MiB"))
    }

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
