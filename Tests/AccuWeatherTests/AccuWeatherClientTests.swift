import Foundation
import WeatherHTTP
import Testing
import HTTPTestSupport
import AccuWeather
import WeatherSource

@Suite("AccuWeatherClient against a loopback server")
struct AccuWeatherClientTests {
    private func client(_ base: URL, timeout: Double = 60) -> AccuWeatherClient {
        AccuWeatherClient(baseURL: base, apiKey: testKey, timeout: timeout)
    }

    private func topCities(status: Int, headers: [String: String] = [:], body: Data, count: Int = 50) async throws -> Result<TopCitiesResponse, ServiceError> {
        let server = try await LoopbackServer.start(status: status, headers: headers, body: body)
        let client = client(server.baseURL)
        let result: Result<TopCitiesResponse, ServiceError>
        do {
            result = .success(try await client.topCities(count: count, language: "en-us"))
        } catch {
            result = .failure(normalized(error, port: server.port) ?? error)
        }
        await server.stop()
        return result
    }

    private func topCitiesError(status: Int, body: String, count: Int = 50) async throws -> ServiceError? {
        try await topCitiesError(status: status, body: Data(body.utf8), count: count)
    }

    private func topCitiesError(status: Int, body: Data, count: Int = 50) async throws -> ServiceError? {
        if case .failure(let error) = try await topCities(status: status, body: body, count: count) { return error }
        return nil
    }

    // MARK: Success

    @Test func decodesTheRealTopCitiesSampleAndSendsTheExactRequest() async throws {
        let server = try await LoopbackServer.start(status: 200, headers: ["RateLimit-Remaining": "42"], body: try Fixture.topCities)
        defer { Task { await server.stop() } }
        let response = try await client(server.baseURL).topCities(count: 50, language: "en-us")
        #expect(response.cities.count == 50)
        #expect(response.cities.first?.key == "28143")
        #expect(response.cities.first?.englishName == "Dhaka")
        #expect(response.rateLimitRemaining == 42)
        #expect(server.requests.all == ["/currentconditions/v1/topcities/50?language=en-us&details=true"])
        #expect(server.requests.authorizations == ["Bearer \(testKey)"])
    }

    @Test func decodesTheDetailsSampleWrappedInAnArray() async throws {
        let result = try await topCities(status: 200, body: try Fixture.detailsInArray, count: 1)
        let cities = try result.get().cities
        #expect(cities.count == 1)
        #expect(cities.first?.key == "28143")
        #expect(cities.first?.weatherText == "Cloudy")
        #expect(cities.first?.wind?.speed != nil)
        #expect(cities.first?.pressureTendency?.code != nil)
    }

    @Test func decodesTheRealForecastSampleAndSendsTheExactRequest() async throws {
        let server = try await LoopbackServer.start(status: 200, headers: ["ratelimit-remaining": " 7 "], body: try Fixture.forecast)
        defer { Task { await server.stop() } }
        let response = try await client(server.baseURL).dailyForecast(cityKey: "28143", language: "fr-fr")
        #expect(response.forecast.dailyForecasts.count == 5)
        #expect(response.rateLimitRemaining == 7)
        #expect(server.requests.all == ["/forecasts/v1/daily/5day/28143?language=fr-fr&details=true&metric=true"])
        #expect(server.requests.authorizations == ["Bearer \(testKey)"])
    }

    @Test func keepsTheBaseURLPathPrefixAndPercentEncodes() async throws {
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.forecast)
        defer { Task { await server.stop() } }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)/proxy/accu/"))
        let client = AccuWeatherClient(baseURL: base, apiKey: "k y&z=1", timeout: 60)
        _ = try await client.dailyForecast(cityKey: "a/b c", language: "zh-hans cn")
        #expect(server.requests.all == ["/proxy/accu/forecasts/v1/daily/5day/a%2Fb%20c?language=zh-hans%20cn&details=true&metric=true"])
    }

    @Test func acceptsAnEmptyList() async throws {
        let response = try await topCities(status: 200, body: Data("[]".utf8)).get()
        #expect(response.cities.isEmpty)
        #expect(response.rateLimitRemaining == nil)
    }

    @Test func ignoresARateLimitThatIsNotANumber() async throws {
        let response = try await topCities(status: 200, headers: ["RateLimit-Remaining": "many"], body: Data("[]".utf8)).get()
        #expect(response.rateLimitRemaining == nil)
    }

    // MARK: Error statuses

    /// The message of a rejected key names where the key came from (a flag, a variable, a file).
    @Test func aRejectedKeyIsReportedWithItsSource() async throws {
        let server = try await LoopbackServer.start(status: 401, headers: [:], body: Data(#"{"Code":"Unauthorized"}"#.utf8))
        defer { Task { await server.stop() } }
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, keySource: "the key given with --api-key", timeout: 60)
        do {
            _ = try await client.topCities(count: 50, language: "en-us")
            Issue.record("a 401 was taken")
        } catch {
            #expect(error == .unauthorized(status: 401, keySource: "the key given with --api-key"))
            #expect(error.errorDescription == "API key rejected (401): check the key given with --api-key")
        }
    }

    @Test func unauthorizedWithAReferenceEchoingTheKey() async throws {
        let body = #"{"Code":"Unauthorized","Message":"Api Authorization failed","Reference":"/currentconditions/v1/topcities/50?apikey=\#(testKey)&language=en-us"}"#
        #expect(try await topCitiesError(status: 401, body: body) == .unauthorized(status: 401))
    }

    @Test func forbidden() async throws {
        #expect(try await topCitiesError(status: 403, body: #"{"Code":"Forbidden","Message":"no"}"#) == .unauthorized(status: 403))
    }

    @Test func serviceUnavailableIsTheDailyQuota() async throws {
        let body = #"{"Code":"ServiceUnavailable","Message":"The allowed number of requests has been exceeded.","Reference":"/currentconditions/v1/topcities/50?apikey=\#(testKey)"}"#
        #expect(try await topCitiesError(status: 503, body: body) == .quotaExceeded)
    }

    @Test func tooManyRequestsIsTheDailyQuota() async throws {
        #expect(try await topCitiesError(status: 429, body: "") == .quotaExceeded)
    }

    @Test func tooManyRequestsWithRetryAfterHoldsUntilThen() async throws {
        let answered = Date(timeIntervalSince1970: 1_795_790_000)
        let server = try await LoopbackServer.start(status: 429, headers: ["Retry-After": "120"], body: Data())
        defer { Task { await server.stop() } }
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, timeout: 60, now: { answered })
        let error = await capture { try await client.topCities(count: 50, language: "en-us") }
        #expect(error == .rateLimited(reason: "request limit reached", status: 429, until: answered.addingTimeInterval(120)))
        #expect(error?.errorDescription == "request limit reached (429)")
    }

    @Test func otherStatusWithAnAccuWeatherBodyIsAServerErrorWithTheKeyRedacted() async throws {
        let body = #"{"Code":"BadRequest","Message":"Invalid apikey=\#(testKey) for \#(testKey)","Reference":"x"}"#
        #expect(try await topCitiesError(status: 400, body: body) == .server(code: "BadRequest", message: "Invalid apikey=••• for •••", status: 400))
    }

    @Test func aServerMessageCannotDriveTheTerminal() async throws {
        let body = #"{"Code":"Bad\u001b[2J","Message":"line one\nline\ttwo\u001b]0;owned\u0007\u009b1m","Reference":"x"}"#
        #expect(try await topCitiesError(status: 400, body: body)
            == .server(code: "Bad\u{FFFD}[2J", message: "line one line two\u{FFFD}]0;owned\u{FFFD}\u{FFFD}1m", status: 400))
    }

    @Test func internalErrorWithAnHTMLPage() async throws {
        let error = try await topCitiesError(status: 500, body: "<!DOCTYPE html><html><body>Internal Server Error</body></html>")
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTTP 500 with an HTML page"))
    }

    // MARK: Bodies that are not the expected JSON

    @Test func htmlInsteadOfJSON() async throws {
        let error = try await topCitiesError(status: 200, body: "\n<html><body>captive portal</body></html>")
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTML page instead of JSON"))
    }

    @Test func garbage() async throws {
        let error = try await topCitiesError(status: 200, body: "\u{1}\u{2}garbage\u{ff}")
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "not JSON"))
    }

    @Test func truncatedJSON() async throws {
        let full = try Fixture.topCities
        let error = try await topCitiesError(status: 200, body: full.prefix(full.count / 2))
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "truncated JSON"))
    }

    @Test func emptyBody() async throws {
        #expect(try await topCitiesError(status: 200, body: "") == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "empty body"))
    }

    @Test func wrongTypeNamesTheCityAndField() async throws {
        let body = try Fixture.topCities(city: 2, field: "Temperature", value: "hot")
        #expect(try await topCitiesError(status: 200, body: body) == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "city 3: Temperature has the wrong type"))
    }

    @Test func missingFieldNamesTheCityAndField() async throws {
        let body = try Fixture.topCities(city: 2, field: "Temperature", value: nil)
        #expect(try await topCitiesError(status: 200, body: body) == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "city 3: Temperature missing"))
    }

    @Test func anObjectWhereAListWasExpected() async throws {
        let error = try await topCitiesError(status: 200, body: #"{"Code":"Odd"}"#)
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "unexpected JSON shape: an object where a list was expected"))
    }

    @Test func moreCitiesThanAsked() async throws {
        let error = try await topCitiesError(status: 200, body: try Fixture.topCities, count: 10)
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "50 cities for 10 asked"))
    }

    // MARK: Network failures

    // The transport's own failures (deadline, cap, closed port, cancellation) are tested in
    // WeatherHTTPTests; here, only that the client's errors name its host.
    @Test func serverThatNeverAnswersTimesOutNamingTheHost() async throws {
        let server = try RawSocketServer(.neverAnswer)
        defer { server.stop() }
        let error = normalized(await capture { try await client(server.baseURL, timeout: 0.5).topCities(count: 50, language: "en-us") }, port: server.port)
        #expect(error == .timedOut(host: "127.0.0.1:PORT", seconds: 0.5))
    }

    @Test func hostIsTheBaseURLsHostWithItsPortWhenGiven() {
        #expect(AccuWeatherClient(baseURL: URL(string: "https://dataservice.accuweather.com")!, apiKey: testKey).host == "dataservice.accuweather.com")
        #expect(AccuWeatherClient(baseURL: URL(string: "http://127.0.0.1:9/prefix")!, apiKey: testKey).host == "127.0.0.1:9")
    }
}
