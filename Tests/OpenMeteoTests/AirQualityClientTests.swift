import Foundation
import Testing
import HTTPTestSupport
import WeatherHTTP
import WeatherModels
@testable import OpenMeteo

@Suite("AirQualityClient against a loopback server")
struct AirQualityClientTests {
    /// 2026-11-27 14:30:20 UTC, when every answer comes.
    static let answered = Date(timeIntervalSince1970: 1_795_737_600 + 14 * 3_600 + 30 * 60 + 20)

    private func client(_ base: URL, timeout: Double = 60) -> AirQualityClient {
        AirQualityClient(baseURL: base, timeout: timeout, transport: liveTransport, now: { Self.answered })
    }

    /// Serves `body` with `status` once, asks for `cities`, and gives the air or the error with the port normalized.
    private func air(status: Int = 200, body: Data, cities: [TopCity] = [.make()]) async throws -> Result<[String: AirQuality], ServiceError> {
        let server = try await LoopbackServer.start(status: status, body: body)
        defer { Task { await server.stop() } }
        do {
            return .success(try await client(server.baseURL).airQuality(for: cities.map(\.airQualityPlace)))
        } catch {
            return .failure(normalized(error, port: server.port) ?? error)
        }
    }

    private func airError(status: Int = 200, body: String, cities: [TopCity] = [.make()]) async throws -> ServiceError? {
        try await airError(status: status, body: Data(body.utf8), cities: cities)
    }

    private func airError(status: Int = 200, body: Data, cities: [TopCity] = [.make()]) async throws -> ServiceError? {
        if case .failure(let error) = try await air(status: status, body: body, cities: cities) { return error }
        return nil
    }

    /// The one-place fixture with `current[name]` set to `value` (nil: `null`).
    private func berlin(_ name: String, _ value: Double?) throws -> Data {
        try Fixture.edited("air-quality-one-documented.json") { json in
            guard var object = json as? [String: Any], var current = object["current"] as? [String: Any] else { return }
            current[name] = value.map { $0 as Any } ?? NSNull()
            object["current"] = current
            json = object
        }
    }

    // MARK: The request

    @Test func sendsOneRequestWithEveryCoordinateInOrderAndTenVariablesAtMost() async throws {
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("air-quality-three-documented.json"))
        defer { Task { await server.stop() } }
        _ = try await client(server.baseURL).airQuality(for: TopCity.threeDocumented.map(\.airQualityPlace))
        let targets = server.requests.all
        #expect(targets.count == 1)
        let components = try #require(targets.first.flatMap { URLComponents(string: $0) })
        #expect(components.path == "/v1/air-quality")
        let items = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        #expect(items == [
            "latitude=35.683,-33.4464,64.1374",
            "longitude=139.809,-70.659,-21.9025",
            "current=european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,alder_pollen,birch_pollen,grass_pollen,ragweed_pollen",
            "timeformat=unixtime",
        ])
        // Open-Meteo counts a request of more than 10 variables as more than one call a place.
        #expect(AirQualityClient.currentVariables.count <= 10)
        #expect(server.requests.authorizations == [nil])
    }

    /// What each answered request cost, as the ledger hears it.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [Double] = []
        func add(_ value: Double) { lock.withLock { calls.append(value) } }
        var all: [Double] { lock.withLock { calls } }
    }

    @Test func anAnsweredRequestIsCountedOneCallAPlaceAndARefusedOneNot() async throws {
        let heard = Heard()
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("air-quality-three-documented.json"))
        defer { Task { await server.stop() } }
        let counted = AirQualityClient(baseURL: server.baseURL, timeout: 60, transport: liveTransport, recordCalls: { heard.add($0) })
        _ = try await counted.airQuality(for: TopCity.threeDocumented.map(\.airQualityPlace))
        #expect(heard.all == [3], "ten variables: one call for each of the three places")
        #expect(AirQualityClient.cost(places: 150) == 150)
        let refused = try await LoopbackServer.start(status: 400, body: try Fixture.openMeteo("error-400-air-quality-documented.json"))
        defer { Task { await refused.stop() } }
        let failing = AirQualityClient(baseURL: refused.baseURL, timeout: 60, transport: liveTransport, recordCalls: { heard.add($0) })
        _ = try? await failing.airQuality(for: TopCity.threeDocumented.map(\.airQualityPlace))
        #expect(heard.all == [3])
    }

    @Test func keepsTheBaseURLPathPrefix() async throws {
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("air-quality-one-documented.json"))
        defer { Task { await server.stop() } }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)/mirror/aq/"))
        _ = try await AirQualityClient(baseURL: base, timeout: 60, transport: liveTransport).airQuality(for: [TopCity.make().airQualityPlace])
        #expect(server.requests.all.first?.hasPrefix("/mirror/aq/v1/air-quality?latitude=52.5177&longitude=13.4055&") == true)
    }

    @Test func anEmptyListSendsNothing() async throws {
        let server = try await LoopbackServer.start(status: 500, body: Data())
        defer { Task { await server.stop() } }
        #expect(try await client(server.baseURL).airQuality(for: []) == [:])
        #expect(server.requests.all.isEmpty)
    }

    @Test func theDefaultHostIsOpenMeteosAirQualityAPI() {
        #expect(AirQualityClient(transport: liveTransport).host == "air-quality-api.open-meteo.com")
    }

    // MARK: Decoding documented payloads

    @Test func oneCoordinateIsABareObject() async throws {
        let air = try await air(body: try Fixture.openMeteo("air-quality-one-documented.json")).get()
        #expect(air == ["178087": AirQuality(
            epochTime: 1_795_338_000, europeanAQI: 34, usAQI: 48, pm2_5: 11.6, pm10: 16.2, ozone: 41, nitrogenDioxide: 24.3,
            alderPollen: 0, birchPollen: 0, grassPollen: 0.2, ragweedPollen: 0
        )])
    }

    @Test func threeCoordinatesAreAListInRequestOrderAndPollenIsAbsentOutsideEurope() async throws {
        let air = try await air(body: try Fixture.openMeteo("air-quality-three-documented.json"), cities: TopCity.threeDocumented).get()
        #expect(air.count == 3)
        let tokyo = try #require(air["226396"])
        #expect(tokyo.europeanAQI == 52 && tokyo.usAQI == 71 && tokyo.pm2_5 == 21.8)
        #expect(tokyo.grassPollen == nil && tokyo.birchPollen == nil)
        #expect(air["60449"]?.usAQI == 158)
        #expect(air["60449"]?.category(on: .us)?.name == "unhealthy")
        #expect(air["190390"]?.europeanAQI == 9)
        #expect(air["190390"]?.grassPollen == 0)
    }

    // MARK: Hostile values

    @Test(arguments: [nil, -3.0, 1.7e308, -1.7e308, 1e15] as [Double?])
    func anIndexThatNoPlaceHasIsAbsent(_ value: Double?) async throws {
        let name = "european_aqi"
        let air = try await air(body: try berlin(name, value)).get()
        #expect(air["178087"]?.europeanAQI == nil)
        #expect(air["178087"]?.usAQI == 48, "the other values stay")
    }

    @Test(arguments: [nil, -0.5, 1.7e308, -1.7e308, 1e300] as [Double?])
    func aConcentrationThatNoPlaceHasIsAbsent(_ value: Double?) async throws {
        for name in ["pm2_5", "pm10", "ozone", "nitrogen_dioxide", "alder_pollen", "birch_pollen", "grass_pollen", "ragweed_pollen"] {
            let air = try await air(body: try berlin(name, value)).get()
            let values = try #require(air["178087"])
            let all = [values.pm2_5, values.pm10, values.ozone, values.nitrogenDioxide,
                       values.alderPollen, values.birchPollen, values.grassPollen, values.ragweedPollen]
            #expect(all.filter { $0 == nil }.count == 1, "\(name) alone is absent")
        }
    }

    @Test func aMissingVariableIsAbsentButAMissingTimeIsRefused() async throws {
        let withoutOzone = try Fixture.edited("air-quality-one-documented.json") { json in
            guard var object = json as? [String: Any], var current = object["current"] as? [String: Any] else { return }
            current.removeValue(forKey: "ozone")
            object["current"] = current
            json = object
        }
        #expect(try await air(body: withoutOzone).get()["178087"]?.ozone == nil)
        let withoutTime = try Fixture.edited("air-quality-one-documented.json") { json in
            guard var object = json as? [String: Any], var current = object["current"] as? [String: Any] else { return }
            current.removeValue(forKey: "time")
            object["current"] = current
            json = object
        }
        #expect(try await airError(body: withoutTime) == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "city 1 (Berlin): current.time missing"))
    }

    @Test func notANumberIsMalformedJSON() async throws {
        let text = try #require(String(data: try Fixture.openMeteo("air-quality-one-documented.json"), encoding: .utf8))
        let body = text.replacingOccurrences(of: "\"pm10\": 16.2", with: "\"pm10\": NaN")
        #expect(body != text)
        #expect(try await airError(body: body) == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "malformed JSON"))
    }

    @Test func aWrongTypeNamesTheCityAndVariable() async throws {
        let body = try Fixture.edited("air-quality-three-documented.json") { json in
            guard var list = json as? [[String: Any]], var current = list[1]["current"] as? [String: Any] else { return }
            current["pm10"] = "high"
            list[1]["current"] = current
            json = list
        }
        #expect(try await airError(body: body, cities: TopCity.threeDocumented)
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "city 2 (Santiago): current.pm10 has the wrong type"))
    }

    @Test func anotherNumberOfLocationsThanAskedIsRefused() async throws {
        #expect(try await airError(body: try Fixture.openMeteo("air-quality-one-documented.json"), cities: TopCity.threeDocumented)
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "1 location for 3 asked"))
    }

    // MARK: Error statuses and cut bodies

    @Test func documentedErrorBodyIsTheReasonAndStatus() async throws {
        let error = try await airError(status: 400, body: try Fixture.openMeteo("error-400-air-quality-documented.json"))
        #expect(error == .rejected(reason: "Cannot initialize AirQualityVariable from invalid String value pm25 for key current", status: 400))
    }

    @Test func tooManyRequestsIsTheRequestLimitInTheServersWordsUntilItClears() async throws {
        // The hourly limit clears at the next whole UTC hour, as the forecast's does.
        #expect(try await airError(status: 429, body: #"{"error":true,"reason":"Hourly API request limit exceeded. Please try again in the next hour."}"#)
            == .rateLimited(reason: "Hourly API request limit exceeded. Please try again in the next hour.", status: 429,
                            until: Date(timeIntervalSince1970: 1_795_737_600 + 15 * 3_600)))
        #expect(try await airError(status: 429, body: "")
            == .rateLimited(reason: "request limit reached, try again later", status: 429, until: Self.answered.addingTimeInterval(60)))
    }

    @Test func serviceUnavailableWithAnHTMLPage() async throws {
        #expect(try await airError(status: 503, body: "<html><body>503 Service Temporarily Unavailable</body></html>")
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTTP 503 with an HTML page"))
    }

    @Test func aCutBodyIsTruncatedJSON() async throws {
        let full = try Fixture.openMeteo("air-quality-three-documented.json")
        #expect(try await airError(body: full.prefix(full.count / 2), cities: TopCity.threeDocumented)
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "truncated JSON"))
    }
}
