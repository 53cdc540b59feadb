import Foundation
import TerminalKit
import WeatherAlerts
import WeatherCore
import WeatherHTTP
import WeatherModels
import WeatherTUI

/// What official alerts cost (#43): the 200×60 list frame of 150 places with alerts on 20 of
/// them against the same frame without any (the goal: the same within noise), and decoding 150
/// places' answers of each source against `JSONSerialization` reading the same bytes.
func runAlertsBench() throws {
    let size = TerminalSize(columns: 200, rows: 60)
    var cities = (0..<150).map(RenderBenchData.city)
    // Twenty places in a covered country, spread over the list.
    let marked = Array(stride(from: 0, to: 150, by: 7).prefix(20))
    for i in marked { cities[i].country = Country(id: "US", localizedName: "United States", englishName: "United States") }
    let feed = WeatherFeed(fetchedAt: RenderBenchData.fetchedAt, request: FeedRequest(count: 150, language: "en-us"), cities: cities)
    let base = RenderBenchData.state(feed: feed, selected: 75, size: size)
    let now = base.now
    let severities: [AlertSeverity] = [.extreme, .severe, .moderate, .minor]
    var kept = StoredAlerts()
    for (n, i) in marked.enumerated() {
        let alert = WeatherAlert(event: "Winter Storm Warning", severity: severities[n % severities.count], headline: "Heavy snow",
                                 description: "* WHAT...Heavy snow.", expires: now.addingTimeInterval(86_400), sender: "NWS", source: .nws)
        kept.byCityKey[cities[i].key] = PlaceAlerts(source: .nws, askedAt: now, nextAskAt: now.addingTimeInterval(600), alerts: [alert])
    }
    // The saved alerts read as the store hands them over: none, and twenty places' (every other
    // covered place is then in flight in both, as a run's first minute has them).
    var without = base, with = base
    _ = without.reduce(.alertsRestored(StoredAlerts(byCityKey: kept.byCityKey.mapValues { PlaceAlerts(source: $0.source, askedAt: $0.askedAt, nextAskAt: $0.nextAskAt, alerts: []) })))
    _ = with.reduce(.alertsRestored(kept))
    var buffer = ScreenBuffer(width: size.columns, height: size.rows)
    BrowserView.draw(with, into: &buffer)
    let marks = buffer.lines.joined().unicodeScalars.filter { "‼⚠△▿".unicodeScalars.contains($0) }.count
    print("\nthe frame with alerts shows \(marks) marks (the list's rows in sight, the header's count), \(with.alertsState.highest.count) places with alerts")
    let frames = [
        measure("list frame 200×60, 150 places, no alerts", iterations: 200) { BrowserView.draw(without, into: &buffer) },
        measure("list frame 200×60, 150 places, alerts on 20", iterations: 200) { BrowserView.draw(with, into: &buffer) },
    ]
    printTable("alerts: the list frame with alerts on 20 of 150 places (goal: the same within noise)", frames,
               baseline: "list frame 200×60, 150 places, no alerts")

    let requester = HTTPRequester(baseURL: URL(fileURLWithPath: "/"), timeout: 5, transport: NoRequests())
    let fixtures: [(AlertSource, String)] = [
        (.nws, "nws-active-documented.json"), (.metNorway, "met-norway-current-documented.json"), (.brightSky, "bright-sky-alerts-documented.json"),
    ]
    for (source, name) in fixtures {
        let body = try Data(contentsOf: URL(fileURLWithPath: "Tests/Fixtures/alerts/\(name)"))
        let results = [
            try measure("JSONSerialization, 150 answers", iterations: 20) {
                for _ in 0..<150 { _ = try JSONSerialization.jsonObject(with: body) }
            },
            try measure("decoded into alerts, 150 answers", iterations: 20) {
                for _ in 0..<150 { _ = try AlertsClient.decode(body, source: source, by: requester) }
            },
        ]
        printTable("alerts: decoding 150 places' answers from \(source.displayName) (\(body.count) bytes each)", results,
                   baseline: "JSONSerialization, 150 answers")
    }
}

/// The decoders' requester names a host and sends nothing.
private struct NoRequests: HTTPTransport {
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        throw HTTPTransportError.unreachable
    }
}
