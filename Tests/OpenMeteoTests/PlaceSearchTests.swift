import Foundation
import Testing
import HTTPTestSupport
import WeatherHTTP
import WeatherModels
@testable import OpenMeteo

@Suite("OpenMeteoClient's place search against a loopback server")
struct PlaceSearchTests {
    private func search(_ text: String = "Paris", language: String = "fr-fr", status: Int = 200, body: Data) async throws -> (Result<[PlaceMatch], ServiceError>, [String]) {
        let server = try await LoopbackServer.start(status: status, body: body)
        defer { Task { await server.stop() } }
        let client = OpenMeteoClient(baseURL: URL(string: "http://127.0.0.1:9")!, geocodingURL: server.baseURL, timeout: 60, transport: liveTransport)
        do {
            return (.success(try await client.searchPlaces(text, language: language)), server.requests.all)
        } catch {
            return (.failure(normalized(error, port: server.port) ?? error), server.requests.all)
        }
    }

    @Test func decodesHitsAndSendsTheExactRequest() async throws {
        let (result, requests) = try await search(body: try Fixture.openMeteo("geocoding-hits-documented.json"))
        let places = try result.get()
        #expect(requests == ["/v1/search?name=Paris&count=10&language=fr"])
        #expect(places.count == 3)
        #expect(places[0] == PlaceMatch(
            id: "om:2988507", name: "Paris", region: "Île-de-France", country: "France", countryCode: "FR",
            latitude: 48.85341, longitude: 2.3488, timeZone: "Europe/Paris", elevation: 42
        ))
        #expect(places[1].id == "om:4717560")
        #expect(places[1].region == "Texas")
        #expect(places[1].countryCode == "US")
        // Empty fields are left out by the API: no region, no elevation.
        #expect(places[2].region == nil)
        #expect(places[2].elevation == nil)
    }

    @Test func noHitsIsAnEmptyList() async throws {
        let (result, _) = try await search("Xyzzyq", body: try Fixture.openMeteo("geocoding-none-documented.json"))
        #expect(try result.get() == [])
    }

    @Test func aBlankTextSendsNothing() async throws {
        let (result, requests) = try await search("   ", body: Data("<html>".utf8))
        #expect(try result.get() == [])
        #expect(requests.isEmpty)
    }

    @Test func theTextIsTrimmedAndPercentEncoded() async throws {
        let (_, requests) = try await search(" Reykjavík & co ", language: "IS_is", body: try Fixture.openMeteo("geocoding-none-documented.json"))
        #expect(requests == ["/v1/search?name=Reykjav%C3%ADk%20%26%20co&count=10&language=is"])
    }

    @Test func languageIsTheLowercasedPrimaryTag() {
        #expect(OpenMeteoClient.geocodingLanguage("en-us") == "en")
        #expect(OpenMeteoClient.geocodingLanguage("ZH-hans-cn") == "zh")
        #expect(OpenMeteoClient.geocodingLanguage("") == "en")
    }

    @Test func errorBodyIsTheReason() async throws {
        let (result, _) = try await search(status: 400, body: Data(#"{"error":true,"reason":"Parameter count must be between 1 and 100."}"#.utf8))
        #expect(throws: ServiceError.rejected(reason: "Parameter count must be between 1 and 100.", status: 400)) { try result.get() }
    }

    @Test func tooManyRequestsIsTheRequestLimit() async throws {
        let (result, _) = try await search(status: 429, body: Data())
        guard case .failure(let error) = result else {
            Issue.record("a 429 was read as places")
            return
        }
        #expect(error.localizedDescription == "request limit reached, try again later (429)")
        #expect(error.holdUntil != nil)
    }

    @Test func aBadPlaceNamesItsPosition() async throws {
        let body = Data(#"{"results":[{"id":1,"name":"A","latitude":1,"longitude":2},{"id":2,"name":"B","longitude":2}]}"#.utf8)
        let (result, _) = try await search(body: body)
        #expect(throws: ServiceError.unexpectedResponse(host: "127.0.0.1:PORT", detail: "place 2: latitude missing")) { try result.get() }
    }

    @Test func htmlInsteadOfJSON() async throws {
        let (result, _) = try await search(body: Data("<html><body>portal</body></html>".utf8))
        #expect(throws: ServiceError.unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTML page instead of JSON")) { try result.get() }
    }
}
