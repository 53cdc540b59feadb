import FlyingFox
import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP
import WeatherModels
import WeatherSource
@testable import AccuWeather

/// The place search and own cities' current conditions against a loopback server.
@Suite("AccuWeatherClient: place search and own cities")
struct OwnCitiesTests {
    /// A server answering each path with its own status and body; unknown paths 404.
    func server(_ routes: [String: (Int, Data)]) async throws -> LoopbackServer {
        try await LoopbackServer.start { request in
            let (status, body) = routes[request.path] ?? (404, Data(#"{"Code":"ResourceNotFound","Message":"no"}"#.utf8))
            var headers = HTTPHeaders()
            headers[HTTPHeader("RateLimit-Remaining")] = "\(40 - request.path.count % 7)"
            return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Status"), headers: headers, body: body)
        }
    }

    func client(_ server: LoopbackServer) -> AccuWeatherClient {
        AccuWeatherClient(baseURL: server.baseURL, apiKey: testKey, timeout: 60)
    }

    @Test func searchDecodesTheDocumentedAnswerAndSendsTheExactRequest() async throws {
        let server = try await server(["/locations/v1/cities/search": (200, try Fixture.data("cities-search-documented.json"))])
        defer { Task { await server.stop() } }
        let places = try await client(server).searchPlaces(" Paris ", language: "fr-fr")
        #expect(server.requests.all == ["/locations/v1/cities/search?q=Paris&language=fr-fr"])
        #expect(server.requests.authorizations == ["Bearer \(testKey)"])
        #expect(places.count == 2)
        #expect(places[0] == PlaceMatch(id: "623", name: "Paris", region: "Paris", country: "France", countryCode: "FR",
                                        latitude: 48.857, longitude: 2.351, timeZone: "Europe/Paris", elevation: 35))
        #expect(places[1].id == "351196" && places[1].region == "Texas" && places[1].countryCode == "US")
    }

    @Test func noMatchIsAnEmptyListAndBlankTextAsksNothing() async throws {
        let server = try await server(["/locations/v1/cities/search": (200, Data("[]".utf8))])
        defer { Task { await server.stop() } }
        #expect(try await client(server).searchPlaces("Xyzzyq", language: "en-us") == [])
        #expect(try await client(server).searchPlaces("  ", language: "en-us") == [])
        #expect(server.requests.all.count == 1)
    }

    @Test func searchErrorsAreTyped() async throws {
        for (status, body, expected) in [
            (401, #"{"Code":"Unauthorized","Message":"Api Authorization failed"}"#, ServiceError.unauthorized(status: 401)),
            (503, #"{"Code":"ServiceUnavailable","Message":"The allowed number of requests has been exceeded."}"#, .quotaExceeded),
        ] {
            let server = try await server(["/locations/v1/cities/search": (status, Data(body.utf8))])
            await #expect(throws: expected) { try await client(server).searchPlaces("Paris", language: "en-us") }
            await server.stop()
        }
        let garbage = try await server(["/locations/v1/cities/search": (200, Data(#"[{"Key":"1"}]"#.utf8))])
        defer { Task { await garbage.stop() } }
        do {
            _ = try await client(garbage).searchPlaces("Paris", language: "en-us")
            Issue.record("a place without a name was accepted")
        } catch {
            #expect(error.errorDescription?.contains("place 1: LocalizedName missing") == true)
        }
    }

    /// The Top Cities sample, then one conditions call per own city not already listed.
    @Test func aRefreshAddsOneConditionsCallPerOwnCity() async throws {
        let details = try JSONSerialization.jsonObject(with: Fixture.data("currentconditions-details.json"))
        let conditions = try JSONSerialization.data(withJSONObject: [details])
        let server = try await server([
            "/currentconditions/v1/topcities/50": (200, try Fixture.topCities),
            "/currentconditions/v1/351196": (200, conditions),
        ])
        defer { Task { await server.stop() } }
        let paris = PlaceMatch(id: "351196", name: "Paris", region: "Texas", country: "United States", countryCode: "US",
                               latitude: 33.661, longitude: -95.556, timeZone: "America/Chicago")
        let dhaka = PlaceMatch(id: "28143", name: "Dhaka", latitude: 23.7, longitude: 90.4)  // a top city already
        let response = try await client(server).topCities(count: 50, language: "en-us",
                                                          own: [PinnedCity(place: paris), PinnedCity(place: dhaka)])
        #expect(server.requests.all == ["/currentconditions/v1/topcities/50?language=en-us&details=true",
                                        "/currentconditions/v1/351196?language=en-us&details=true"])
        #expect(response.cities.count == 50)
        let own = try #require(response.ownCities.first)
        #expect(response.ownCities.count == 1)
        #expect(own.key == "351196" && own.englishName == "Paris" && own.country.id == "US")
        #expect(own.geoPosition?.latitude == 33.661)
        #expect(own.timeZone?.name == "America/Chicago" && [-6.0, -5.0].contains(own.timeZone?.gmtOffset))
        #expect(own.temperature.metric != nil && own.realFeelTemperature != nil)
        #expect(response.rateLimitRemaining == 40 - "/currentconditions/v1/351196".count % 7)
    }

    /// A failed own-city call leaves the refresh standing: the top cities and the other own
    /// cities come, the failed one is named with its reason.
    @Test func aFailedOwnCityCallIsNamedAndTheRestStands() async throws {
        let details = try JSONSerialization.jsonObject(with: Fixture.data("currentconditions-details.json"))
        let server = try await server([
            "/currentconditions/v1/topcities/50": (200, try Fixture.topCities),
            "/currentconditions/v1/351196": (200, try JSONSerialization.data(withJSONObject: [details])),
            "/currentconditions/v1/999": (500, Data(#"{"Code":"ServerError","Message":"no data for this location"}"#.utf8)),
        ])
        defer { Task { await server.stop() } }
        let gone = PinnedCity(place: PlaceMatch(id: "999", name: "Gone", latitude: 0, longitude: 0))
        let paris = PinnedCity(place: PlaceMatch(id: "351196", name: "Paris", latitude: 33.661, longitude: -95.556))
        let response = try await client(server).topCities(count: 50, language: "en-us", own: [gone, paris])
        // A server's answer about one place says nothing of the next: Paris is still asked.
        #expect(server.requests.all.count == 3)
        #expect(response.cities.count == 50)
        #expect(response.ownCities.map(\.key) == ["351196"])
        #expect(response.unrefreshed == UnrefreshedCities(cities: [gone],
                                                          error: .server(code: "ServerError", message: "no data for this location", status: 500)))
    }

    /// After the day's limit (or the key, or the network) fails one own city's call, the others
    /// are not asked: each would fail the same way. The limit left is then none.
    @Test func afterTheLimitIsSpentTheOtherOwnCitiesAreNotAsked() async throws {
        let spent = Data(#"{"Code":"ServiceUnavailable","Message":"The allowed number of requests has been exceeded."}"#.utf8)
        let server = try await server([
            "/currentconditions/v1/topcities/50": (200, try Fixture.topCities),
            "/currentconditions/v1/351196": (503, spent),
        ])
        defer { Task { await server.stop() } }
        let paris = PinnedCity(place: PlaceMatch(id: "351196", name: "Paris", latitude: 33.661, longitude: -95.556))
        let oslo = PinnedCity(place: PlaceMatch(id: "254946", name: "Oslo", latitude: 59.9, longitude: 10.7))
        let response = try await client(server).topCities(count: 50, language: "en-us", own: [paris, oslo])
        #expect(server.requests.all == ["/currentconditions/v1/topcities/50?language=en-us&details=true",
                                        "/currentconditions/v1/351196?language=en-us&details=true"])
        #expect(response.ownCities.isEmpty)
        #expect(response.unrefreshed == UnrefreshedCities(cities: [paris, oslo], error: .quotaExceeded))
        #expect(response.rateLimitRemaining == 0)
    }

    /// The Top Cities call failing still fails the refresh: there is nothing to show.
    @Test func aFailedTopCitiesCallFailsTheRefresh() async throws {
        let server = try await server(["/currentconditions/v1/topcities/50": (401, Data(#"{"Code":"Unauthorized","Message":"Api Authorization failed"}"#.utf8))])
        defer { Task { await server.stop() } }
        let paris = PinnedCity(place: PlaceMatch(id: "351196", name: "Paris", latitude: 33.661, longitude: -95.556))
        await #expect(throws: ServiceError.unauthorized(status: 401)) {
            try await client(server).topCities(count: 50, language: "en-us", own: [paris])
        }
        #expect(server.requests.all.count == 1)
    }
}
