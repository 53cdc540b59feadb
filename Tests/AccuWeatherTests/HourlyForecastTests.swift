import Foundation
import Testing
import HTTPTestSupport
import WeatherHTTP
import WeatherModels
import WeatherSource
import AccuWeather

/// `GET /forecasts/v1/hourly/12hour/{key}` against a loopback server, with the payload shaped as
/// AccuWeather documents it (`details=true&metric=true`).
@Suite struct HourlyForecastTests {
    static var documented: Data {
        get throws { try Fixture.data("forecast-hourly-12hour-documented.json") }
    }

    private func hourly(status: Int = 200, headers: [String: String] = [:], body: Data) async throws
        -> (Result<HourlyResponse?, ServiceError>, [String]) {
        let server = try await LoopbackServer.start(status: status, headers: headers, body: body)
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, timeout: 60)
        let result: Result<HourlyResponse?, ServiceError>
        do { result = .success(try await client.hourlyForecast(cityKey: "328328", language: "en-gb")) } catch { result = .failure(error) }
        let requests = server.requests.all
        await server.stop()
        return (result, requests)
    }

    @Test func decodesTheDocumentedPayloadAndSendsTheExactRequest() async throws {
        let (result, requests) = try await hourly(headers: ["RateLimit-Remaining": "31"], body: try Self.documented)
        let answer = try #require(try result.get())
        #expect(requests == ["/forecasts/v1/hourly/12hour/328328?language=en-gb&details=true&metric=true"])
        #expect(answer.rateLimitRemaining == 31)
        let hours = answer.hourly.hours
        #expect(hours.count == 12)
        #expect(hours.first == HourlyForecast(epochTime: 1_795_345_200, temperatureCelsius: 8.3, precipitationProbability: 12,
                                               weatherIcon: 6, weatherText: "Mostly cloudy", isDaylight: true))
        #expect(zip(hours, hours.dropFirst()).allSatisfy { $1.epochTime - $0.epochTime == 3600 })
    }

    @Test func fahrenheitIsReadAsSentAndStoredAsCelsius() async throws {
        let body = Data(#"[{"EpochDateTime": 1795345200, "Temperature": {"Value": 50.0, "Unit": "F", "UnitType": 18}}]"#.utf8)
        let (result, _) = try await hourly(body: body)
        #expect(try result.get()?.hourly.hours.first?.temperatureCelsius == 10)
    }

    @Test func everyFieldButTheHourMayBeMissingOrNull() async throws {
        let body = Data(#"[{"EpochDateTime": 1795348800, "Temperature": null, "PrecipitationProbability": null}, {"EpochDateTime": 1795345200}]"#.utf8)
        let (result, _) = try await hourly(body: body)
        let hours = try #require(try result.get()).hourly.hours
        #expect(hours.map(\.epochTime) == [1_795_345_200, 1_795_348_800])  // earliest first, whatever the order sent
        #expect(hours.allSatisfy { $0.temperatureCelsius == nil && $0.precipitationProbability == nil })
    }

    @Test func aBadHourSaysWhichHour() async throws {
        let body = Data(#"[{"EpochDateTime": 1795345200}, {"EpochDateTime": "soon"}]"#.utf8)
        let (result, _) = try await hourly(body: body)
        guard case .failure(.unexpectedResponse(_, let detail)) = result else {
            Issue.record("expected an unexpected response, got \(result)")
            return
        }
        #expect(detail.contains("hour 2"), "\(detail)")
    }

    @Test func moreHoursThanAskedForAreRefused() async throws {
        let hours = (0..<13).map { #"{"EpochDateTime": \#(1_795_345_200 + $0 * 3600)}"# }.joined(separator: ",")
        let (result, _) = try await hourly(body: Data("[\(hours)]".utf8))
        guard case .failure(.unexpectedResponse) = result else {
            Issue.record("13 hours for 12 asked must be refused, got \(result)")
            return
        }
    }

    @Test func theLimitReachedIsSaidAsForEveryOtherCall() async throws {
        let (result, _) = try await hourly(status: 503, body: Data(#"{"Code":"ServiceUnavailable","Message":"The allowed number of requests has been exceeded."}"#.utf8))
        guard case .failure(.quotaExceeded) = result else {
            Issue.record("expected the daily limit, got \(result)")
            return
        }
    }
}
