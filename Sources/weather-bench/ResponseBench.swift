import AccuWeather
import Foundation
import OpenMeteo
import WeatherCore
import WeatherHTTP
import WeatherModels
import WeatherSource
import WeatherTUI
import TerminalKit

/// From a 150-city response's bytes to the next frame, for each source: the client decodes and
/// maps the body (through a transport that answers at once), the reducer takes the feed, the view
/// draws the frame. Next to `JSONSerialization` parsing the same bytes, the floor of any reading.
func runResponseBench() async throws {
    let accuWeather = try Data(contentsOf: URL(fileURLWithPath: "Resources/demo/topcities-150.json"))
    // Open-Meteo answers a list of 150 coordinates with a list of 150 objects; the documented
    // one-location answer stands for each.
    let one = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "Tests/Fixtures/open-meteo/forecast-one-documented.json")))
    let openMeteo = try JSONSerialization.data(withJSONObject: Array(repeating: one, count: 150))

    let sources: [(name: String, bytes: Data, service: any WeatherService)] = [
        ("AccuWeather", accuWeather, AccuWeatherClient(apiKey: "bench", transport: CannedTransport(body: accuWeather))),
        ("Open-Meteo", openMeteo, OpenMeteoService(client: OpenMeteoClient(transport: CannedTransport(body: openMeteo)))),
    ]
    for source in sources {
        var results: [BenchResult] = []
        results.append(try measure("JSONSerialization of the same bytes", iterations: 20) {
            _ = try JSONSerialization.jsonObject(with: source.bytes)
        })
        var buffer = ScreenBuffer(width: 140, height: 40)
        results.append(try await measureAsync("bytes → feed → frame", iterations: 20) {
            let response = try await source.service.topCities(count: 150, language: "en-us")
            var state = State(config: AppConfig(refreshAfter: 1800, provider: source.name == "Open-Meteo" ? .openMeteo : .accuWeather), now: Date())
            let feed = WeatherFeed(fetchedAt: Date(), request: FeedRequest(count: 150, language: "en-us"), cities: response.cities)
            _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: response.rateLimitRemaining))))
            BrowserView.draw(state, into: &buffer)
        })
        printTable("response: \(source.name), 150 cities, \(source.bytes.count / 1024) KiB (goal ≤ 2× the parse)", results,
                   baseline: "JSONSerialization of the same bytes")
    }
}

/// `measure` for an async body.
func measureAsync(_ name: String, iterations: Int, rounds: Int = 5, _ body: () async throws -> Void) async rethrows -> BenchResult {
    try await body()
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try await body() }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(iterations))
    }
    return BenchResult(name: name, secondsPerOp: best)
}

/// Answers every request with `body`, at once.
private struct CannedTransport: HTTPTransport {
    let body: Data

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        HTTPTransportResponse(statusCode: 200, headers: [:], body: body)
    }
}
