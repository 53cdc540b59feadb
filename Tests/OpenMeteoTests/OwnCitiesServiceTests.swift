import FlyingFox
import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP
import WeatherModels
@testable import OpenMeteo

/// Own cities ride in Open-Meteo's one list request (docs/spec.md §4: no call more).
@Suite("OpenMeteoService: own cities in the one request")
struct OwnCitiesServiceTests {
    static let reykjavik = PlaceMatch(id: "om:3413829", name: "Reykjavík", region: "Capital Region", country: "Iceland",
                                      countryCode: "IS", latitude: 64.1355, longitude: -21.8954, timeZone: "Atlantic/Reykjavik")

    @Test func ownCitiesAreAskedForInTheSameRequestAndComeBackApart() async throws {
        let oneBody = try Fixture.openMeteo("forecast-one-documented.json")
        let one = try JSONSerialization.jsonObject(with: oneBody)
        let both = try JSONSerialization.data(withJSONObject: [one, one])
        // The list's request asks for two places, a detail's (with its days) for one.
        let server = try await LoopbackServer.start { request in
            HTTPResponse(statusCode: .ok, body: request.target.rawValue.contains("daily=") ? oneBody : both)
        }
        defer { Task { await server.stop() } }
        let service = OpenMeteoService(client: OpenMeteoClient(baseURL: server.baseURL, timeout: 60, transport: liveTransport))
        let top = OpenMeteoTopCities.first(1)
        // Reykjavík as a top city already listed costs no coordinate more.
        let listed = PinnedCity(key: top[0].key, name: top[0].englishName, latitude: 0, longitude: 0, place: Self.reykjavik)
        let response = try await service.topCities(count: 1, language: "en-us", own: [PinnedCity(place: Self.reykjavik), listed])
        #expect(server.requests.all.count == 1)
        let query = try #require(URLComponents(string: server.requests.all[0])?.queryItems)
        #expect(query.first { $0.name == "latitude" }?.value == "\(OpenMeteoClient.coordinate(top[0].latitude)),64.1355")
        #expect(query.first { $0.name == "longitude" }?.value == "\(OpenMeteoClient.coordinate(top[0].longitude)),-21.8954")
        #expect(response.cities.map(\.key) == [top[0].key])
        let own = try #require(response.ownCities.first)
        #expect(response.ownCities.count == 1)
        #expect(own.key == "om:3413829" && own.englishName == "Reykjavík" && own.country.englishName == "Iceland")
        // Its hours and days come when its detail opens: one request, for it alone.
        let forecast = try await service.dailyForecast(cityKey: "om:3413829", language: "en-us")
        #expect(!forecast.forecast.dailyForecasts.isEmpty && forecast.hourly != nil)
        #expect(server.requests.all.count == 2)
        let detail = try #require(URLComponents(string: server.requests.all[1])?.queryItems)
        #expect(detail.first { $0.name == "latitude" }?.value == "64.1355")
        #expect(detail.first { $0.name == "forecast_days" }?.value == "7")
    }

    @Test func searchGoesToTheGeocodingAPI() async throws {
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("geocoding-hits-documented.json"))
        defer { Task { await server.stop() } }
        let service = OpenMeteoService(client: OpenMeteoClient(baseURL: URL(string: "http://127.0.0.1:9")!, geocodingURL: server.baseURL,
                                                               timeout: 60, transport: liveTransport))
        let places = try await service.searchPlaces("Paris", language: "en-us")
        #expect(places.first?.id == "om:2988507")
        #expect(server.requests.all == ["/v1/search?name=Paris&count=10&language=en"])
    }
}
