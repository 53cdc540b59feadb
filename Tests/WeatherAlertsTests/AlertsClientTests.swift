import Foundation
import Testing
import FlyingFox
import HTTPTestSupport
import WeatherHTTP
import WeatherModels
import WeatherSource
@testable import WeatherAlerts

@Suite("AlertsClient against a loopback server")
struct AlertsClientTests {
    /// 2026-11-27 14:30:20 UTC, when every answer comes.
    static let answered = Date(timeIntervalSince1970: 1_795_737_600 + 14 * 3_600 + 30 * 60 + 20)
    static let userAgent = AlertsClient.userAgent(version: "0.1.0", contact: "alerts-test@example.org")

    /// What the server saw of each request: its target and the headers the sources look at.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [(target: String, userAgent: String?, accept: String?)] = []
        func add(_ request: HTTPRequest) {
            lock.withLock {
                requests.append((request.target.rawValue, request.headers[HTTPHeader("User-Agent")], request.headers[HTTPHeader("Accept")]))
            }
        }
        var all: [(target: String, userAgent: String?, accept: String?)] { lock.withLock { requests } }
    }

    private func client(_ source: AlertSource, _ base: URL, timeout: Double = 60) -> AlertsClient {
        AlertsClient(source: source, baseURL: base, userAgent: Self.userAgent, timeout: timeout, transport: liveTransport, now: { Self.answered })
    }

    /// Serves `body` with `status` and `headers`, asks `source` about Denver, and gives what came back.
    private func ask(
        _ source: AlertSource, status: Int = 200, headers: [String: String] = [:], body: Data, timeout: Double = 60,
        delay: Duration = .zero, seen: Seen = Seen()
    ) async throws -> Result<AlertsAnswer, ServiceError> {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields[HTTPHeader(name)] = value }
        let fixed = fields
        let server = try await LoopbackServer.start { request in
            seen.add(request)
            if delay > .zero { try await Task.sleep(for: delay) }
            return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Status \(status)"), headers: fixed, body: body)
        }
        defer { Task { await server.stop() } }
        do {
            return .success(try await client(source, server.baseURL, timeout: timeout).alerts(latitude: 39.74561234, longitude: -104.9994))
        } catch {
            return .failure(normalized(error, port: server.port) ?? error)
        }
    }

    @Test func eachSourceIsAskedAtItsDocumentedPathWithTheUserAgent() async throws {
        let cases: [(AlertSource, String, String, String?)] = [
            (.nws, "nws-active-documented.json", "/alerts/active?point=39.7456,-104.9994", "application/geo+json"),
            (.metNorway, "met-norway-current-documented.json", "/weatherapi/metalerts/2.0/current.json?lat=39.7456&lon=-104.9994&lang=en", "application/json"),
            (.brightSky, "bright-sky-alerts-documented.json", "/alerts?lat=39.7456&lon=-104.9994", "application/json"),
        ]
        for (source, fixture, target, accept) in cases {
            let seen = Seen()
            let answer = try await ask(source, body: try Fixture.alerts(fixture), seen: seen).get()
            #expect(!answer.alerts.isEmpty)
            #expect(seen.all.map(\.target) == [target])
            #expect(seen.all.map(\.userAgent) == ["weather-tui/0.1.0 (alerts-test@example.org)"])
            #expect(seen.all.map(\.accept) == [accept])
        }
    }

    @Test func anAnswerHoldsTenMinutesAtLeastAndLongerWhenTheSourceSays() async throws {
        let body = try Fixture.alerts("nws-none-documented.json")
        let plain = try await ask(.nws, body: body).get()
        #expect(plain.freshUntil == Self.answered.addingTimeInterval(600))
        let maxAge = try await ask(.nws, headers: ["Cache-Control": "public, max-age=1800"], body: body).get()
        #expect(maxAge.freshUntil == Self.answered.addingTimeInterval(1_800))
        let short = try await ask(.nws, headers: ["Cache-Control": "max-age=30"], body: body).get()
        #expect(short.freshUntil == Self.answered.addingTimeInterval(600))
        let expires = try await ask(.metNorway, headers: ["Expires": "Fri, 27 Nov 2026 15:10:20 GMT"],
                                    body: try Fixture.alerts("met-norway-current-documented.json")).get()
        #expect(expires.freshUntil == Self.answered.addingTimeInterval(2_400))
        let huge = try await ask(.nws, headers: ["Cache-Control": "max-age=999999"], body: body).get()
        #expect(huge.freshUntil == Self.answered.addingTimeInterval(3_600))
    }

    @Test func a429HoldsTheSourceUntilItsRetryAfter() async throws {
        let result = try await ask(.brightSky, status: 429, headers: ["Retry-After": "120"], body: Data())
        #expect(result.failure?.holdUntil == Self.answered.addingTimeInterval(120))
    }

    @Test func a403SaysWhatTheSourceAsksFor() async throws {
        let bare = try await ask(.metNorway, status: 403, body: Data("Forbidden".utf8))
        #expect(bare.failure == .rejected(reason: "refused: the source asks for a User-Agent naming the program and a contact", status: 403))
        let problem = Data(#"{"title": "Forbidden", "detail": "A User-Agent header is required", "status": 403}"#.utf8)
        let worded = try await ask(.nws, status: 403, body: problem)
        #expect(worded.failure == .rejected(reason: "A User-Agent header is required", status: 403))
    }

    @Test func aServerErrorOrGarbageIsAFailureNeverNoAlerts() async throws {
        let down = try await ask(.nws, status: 503, body: Data("<html>down</html>".utf8))
        #expect(down.failure?.errorDescription?.hasPrefix("unexpected response from 127.0.0.1:PORT (HTTP 503") == true)
        let garbage = try await ask(.brightSky, body: Data([0xFF, 0x00, 0x1B, 0x5B]))
        #expect(garbage.failure != nil)
    }

    @Test func aSlowSourceTimesOut() async throws {
        let result = try await ask(.nws, body: try Fixture.alerts("nws-none-documented.json"), timeout: 0.3, delay: .seconds(3))
        #expect(result.failure == .timedOut(host: "127.0.0.1:PORT", seconds: 0.3))
    }

    @Test func coordinatesHaveFourDecimalsAtMost() {
        #expect(AlertsClient.coordinate(52.51767) == "52.5177")
        #expect(AlertsClient.coordinate(-70.659) == "-70.659")
        #expect(AlertsClient.coordinate(10) == "10")
        #expect(AlertsClient.coordinate(-0.00001) == "0")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
