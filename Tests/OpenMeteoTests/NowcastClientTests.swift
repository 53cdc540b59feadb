import Foundation
import Testing
import HTTPTestSupport
import WeatherHTTP
import WeatherModels
@testable import OpenMeteo

@Suite("NowcastClient against a loopback server")
struct NowcastClientTests {
    /// 2026-11-27 14:30 UTC: the first quarter's end in the documented fixtures.
    static let firstQuarter = 1_795_737_600 + 14 * 3_600 + 30 * 60

    private func nowcasts(status: Int = 200, body: Data, cities: [TopCity] = [.make()]) async throws -> Result<[String: Nowcast], ServiceError> {
        let server = try await LoopbackServer.start(status: status, body: body)
        defer { Task { await server.stop() } }
        do {
            return .success(try await NowcastClient(baseURL: server.baseURL, timeout: 60, transport: liveTransport)
                .nowcasts(for: cities.map(\.airQualityPlace)))
        } catch {
            return .failure(normalized(error, port: server.port) ?? error)
        }
    }

    /// The one-place fixture with its `minutely_15` block edited.
    private func berlin(_ edit: @escaping (inout [String: Any]) -> Void) throws -> Data {
        try Fixture.edited("nowcast-one-documented.json") { json in
            guard var object = json as? [String: Any], var block = object["minutely_15"] as? [String: Any] else { return }
            edit(&block)
            object["minutely_15"] = block
            json = object
        }
    }

    @Test func sendsOneRequestForEveryPlaceAskingOnlyTheQuarterHours() async throws {
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("nowcast-three-documented.json"))
        defer { Task { await server.stop() } }
        _ = try await NowcastClient(baseURL: server.baseURL, timeout: 60, transport: liveTransport)
            .nowcasts(for: TopCity.threeDocumented.map(\.airQualityPlace))
        #expect(server.requests.all.count == 1)
        let components = try #require(server.requests.all.first.flatMap { URLComponents(string: $0) })
        #expect(components.path == "/v1/forecast")
        #expect((components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" } == [
            "latitude=35.683,-33.4464,64.1374",
            "longitude=139.809,-70.659,-21.9025",
            "minutely_15=precipitation",
            "forecast_minutely_15=16",
            "timeformat=unixtime",
        ])
        #expect(NowcastClient.variables.count <= 10)
    }

    @Test func aPlaceCostsOneCall() {
        #expect(NowcastClient.cost(places: 5) == 5)
        #expect(NowcastClient.cost(places: 0) == 0)
    }

    /// The ledger hears what an answered request cost, and nothing for a refused one.
    @Test func anAnsweredRequestIsCountedOneCallAPlaceAndARefusedOneNot() async throws {
        let heard = AirQualityClientTests.Heard()
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("nowcast-three-documented.json"))
        defer { Task { await server.stop() } }
        _ = try await NowcastClient(baseURL: server.baseURL, timeout: 60, transport: liveTransport, recordCalls: { heard.add($0) })
            .nowcasts(for: TopCity.threeDocumented.map(\.airQualityPlace))
        #expect(heard.all == [3])
        let refused = try await LoopbackServer.start(status: 400, body: try Fixture.openMeteo("error-400-documented.json"))
        defer { Task { await refused.stop() } }
        _ = try? await NowcastClient(baseURL: refused.baseURL, timeout: 60, transport: liveTransport, recordCalls: { heard.add($0) })
            .nowcasts(for: TopCity.threeDocumented.map(\.airQualityPlace))
        #expect(heard.all == [3])
    }

    @Test func decodesTheDocumentedAnswerForOnePlace() async throws {
        let result = try await nowcasts(body: try Fixture.openMeteo("nowcast-one-documented.json")).get()
        let berlin = try #require(result["178087"])
        #expect(berlin.native, "Berlin is inside central Europe's 15-minute models")
        #expect(berlin.quarters.count == 16)
        #expect(berlin.quarters.first == NowcastQuarter(epochTime: Self.firstQuarter, precipitation: 0))
        let now = Date(timeIntervalSince1970: TimeInterval(Self.firstQuarter - 600))
        let spell = try #require(berlin.rain(after: now))
        #expect(spell.starts == Date(timeIntervalSince1970: TimeInterval(Self.firstQuarter + 900)))
        #expect(spell.ends == Date(timeIntervalSince1970: TimeInterval(Self.firstQuarter + 7 * 900)), "0.1 mm is wet")
        #expect(spell.intensity == .heavy, "2.1 mm in a quarter is 8.4 mm/h")
    }

    @Test func decodesThreePlacesInOrderAndSaysWhichAreInterpolated() async throws {
        let result = try await nowcasts(body: try Fixture.openMeteo("nowcast-three-documented.json"), cities: TopCity.threeDocumented).get()
        #expect(result.keys.sorted() == ["190390", "226396", "60449"])
        #expect(result.values.allSatisfy { !$0.native }, "Tokyo, Santiago and Reykjavík are outside the native regions")
        let now = Date(timeIntervalSince1970: TimeInterval(Self.firstQuarter - 900))
        #expect(result["226396"]?.rain(after: now) == nil)
        #expect(result["190390"]?.rain(after: now)?.starts == now)
        #expect(result["190390"]?.quarters.last?.precipitation == nil, "null stays unknown")
    }

    @Test func theNativeRegionsAreCentralEuropeAndNorthAmerica() {
        #expect(NowcastCoverage.isNative(latitude: 48.14, longitude: 11.58))  // Munich
        #expect(NowcastCoverage.isNative(latitude: 40.71, longitude: -74.01))  // New York
        #expect(NowcastCoverage.isNative(latitude: 43.65, longitude: -79.38))  // Toronto
        #expect(!NowcastCoverage.isNative(latitude: 64.14, longitude: -21.9))  // Reykjavík
        #expect(!NowcastCoverage.isNative(latitude: 35.68, longitude: 139.8))  // Tokyo
        #expect(!NowcastCoverage.isNative(latitude: -33.87, longitude: 151.21))  // Sydney
    }

    // MARK: Hostile answers

    @Test func aMissingBlockOrArrayLeavesThePlaceWithout() async throws {
        let noBlock = try Fixture.edited("nowcast-one-documented.json") { json in
            guard var object = json as? [String: Any] else { return }
            object["minutely_15"] = nil
            json = object
        }
        #expect(try await nowcasts(body: noBlock).get().isEmpty)
        #expect(try await nowcasts(body: try berlin { $0["precipitation"] = nil }).get().isEmpty)
        #expect(try await nowcasts(body: try berlin { $0["time"] = nil }).get().isEmpty)
        #expect(try await nowcasts(body: try berlin { $0["time"] = [Int]() }).get().isEmpty)
    }

    @Test func arraysOfDifferentLengthsLeaveThePlaceWithout() async throws {
        let short = try berlin { $0["precipitation"] = [0.5, 0.5] }
        #expect(try await nowcasts(body: short).get().isEmpty)
    }

    @Test func valuesNoRainCanHaveAreUnknown() async throws {
        let body = try berlin { $0["precipitation"] = [-1, 1e300, 600, 0.5] + Array(repeating: 0, count: 12) }
        let quarters = try #require(try await nowcasts(body: body).get()["178087"]).quarters
        #expect(quarters.prefix(4).map(\.precipitation) == [nil, nil, nil, 0.5])
    }

    /// JSON carries no NaN or infinity, but a decoder that let one through must not make it rain.
    @Test func notANumberOrInfinityIsUnknown() throws {
        let t = Self.firstQuarter
        let answer = OpenMeteoNowcast(minutely15: .init(time: [t, t + 900, t + 1_800], precipitation: [.nan, .infinity, 0.4]))
        let nowcast = try #require(answer.nowcast(latitude: 52.5, longitude: 13.4))
        #expect(nowcast.quarters.map(\.precipitation) == [nil, nil, 0.4])
        #expect(nowcast.rain(after: Date(timeIntervalSince1970: TimeInterval(t - 900)))?.starts == Date(timeIntervalSince1970: TimeInterval(t + 900)))
    }

    @Test func timesStopWhereTheyAreNotAQuarterApart() async throws {
        let t = Self.firstQuarter
        let body = try berlin { block in
            block["time"] = [t, t + 900, t + 1_000, t + 1_900] + (4..<16).map { t + $0 * 900 }
        }
        #expect(try await nowcasts(body: body).get()["178087"]?.quarters.count == 2)
        let overflow = try berlin { $0["time"] = [Int.max, Int.min] + (2..<16).map { t + $0 * 900 } }
        #expect(try await nowcasts(body: overflow).get()["178087"]?.quarters.count == 1)
    }

    @Test func aHugeAnswerIsCutToFourDays() async throws {
        let t = Self.firstQuarter, n = 5_000
        let body = try berlin { block in
            block["time"] = (0..<n).map { t + $0 * 900 }
            block["precipitation"] = Array(repeating: 0.2, count: n)
        }
        #expect(try await nowcasts(body: body).get()["178087"]?.quarters.count == OpenMeteoNowcast.mostQuarters)
    }

    @Test func wrongTypesAndWrongCountsAreRefusedNamingThePlace() async throws {
        let wrongType = try berlin { $0["precipitation"] = "wet" }
        guard case .failure(let error) = try await nowcasts(body: wrongType) else {
            Issue.record("a string for an array was taken")
            return
        }
        #expect(error.errorDescription?.contains("city 1 (Berlin)") == true)
        guard case .failure(let count) = try await nowcasts(body: try Fixture.openMeteo("nowcast-three-documented.json")) else {
            Issue.record("three answers for one place were taken")
            return
        }
        #expect(count.errorDescription?.contains("3 locations for 1 asked") == true)
    }

    @Test func anErrorStatusIsTheServersReason() async throws {
        guard case .failure(let error) = try await nowcasts(status: 400, body: try Fixture.openMeteo("error-400-documented.json")) else {
            Issue.record("a 400 was taken")
            return
        }
        if case .rejected = error {} else { Issue.record("expected rejected, got \(error)") }
    }
}
