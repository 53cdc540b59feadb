import Foundation
import Testing
import WeatherCore
import WeatherHTTP
import WeatherModels
import WeatherSource
import WeatherStore
@testable import weather_tui

/// What reaches the network: each request with the pass its task ran under. It answers every
/// request as Open-Meteo refuses one, so no flow goes further than its first request.
final class NetworkRecorder: HTTPTransport, @unchecked Sendable {
    struct Sent: Equatable {
        var path: String
        var pass: GatePass?
        /// The pass an official alerts request ran under (its gate is the alerts source's).
        var alertPass: AlertPass?
    }

    private let lock = NSLock()
    private var log: [Sent] = []
    var sent: [Sent] { lock.withLock { log } }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        lock.withLock { log.append(Sent(path: request.url.path, pass: GatePass.current, alertPass: AlertPass.current)) }
        return HTTPTransportResponse(statusCode: 400, headers: ["Content-Type": "application/json"],
                                     body: Data(#"{"error": true, "reason": "refused by the test"}"#.utf8))
    }
}

/// The gate is the only way out (#41): the program's own wiring, over a network that records what
/// reaches it. A request that no gate let through is refused by the transport before the network,
/// so each path below is seen only if it asked its gate: `r`, the start's refresh, the air, a
/// kept place's nowcast, a detail's forecast, the add prompt's search, `--city`'s name search and its
/// places, each place's official alerts.
@Suite struct GateOnlyWayOutTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gate-only-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func config(_ extra: [String] = []) throws -> LaunchConfiguration {
        let args = ["--source", "open-meteo", "--cache-dir", folder.path, "--config-dir", folder.path,
                    "--base-url", "http://127.0.0.1:9", "--daily-calls", "100000"] + extra
        return try LaunchConfiguration.resolve(try Options.parse(args), environment: ["HOME": "/nonexistent"])
    }

    @Test func everyRequestOfEveryPathGoesUnderItsGatesPass() async throws {
        let network = NetworkRecorder()
        let config = try config()
        // A stale saved feed with coordinates: the start refreshes it, and its places' air is due.
        try config.files.feed.save(DemoData.feed(count: 50, language: "en-us", fetchedAt: Date().addingTimeInterval(-7200)))
        let store = try Store(config: config.appConfig, environment: config.environment(over: network))
        store.start()
        await store.settle()
        store.send(.refresh)
        await store.settle()
        store.send(.openDetail)
        await store.settle()
        // A kept place: its nowcast is asked for at the minute's tick (at the store's own time, so
        // the failed refreshes' retry is not due with it).
        store.send(.togglePin)
        await store.settle()
        store.send(.tick(store.state.now))
        await store.settle()
        store.send(.addCity(.start))
        store.send(.addCity(.input("Oslo")))
        store.send(.addCity(.submit))
        await store.settle()

        let once = try self.config(["--once", "--city", "Reykjavik"])
        _ = await once.placeResolver(language: "en", over: network).resolve(["Reykjavik"])
        let place = PlaceMatch(id: "om:3413829", name: "Reykjavík", country: "Iceland", countryCode: "IS", latitude: 64.1, longitude: -21.9)
        _ = await OnceCommand.produce(once.onceConfig, environment: once.environment(over: network), places: [place])

        let sent = network.sent
        let weather = sent.filter { $0.alertPass == nil }, alerts = sent.filter { $0.alertPass != nil }
        #expect(weather.allSatisfy { $0.pass?.provider == .openMeteo }, "\(weather.filter { $0.pass == nil })")
        // The saved feed's places in the United States and Germany (the top 50 has none in Norway): each asked of its own source, under its pass.
        #expect(Set(alerts.compactMap { $0.alertPass?.source }) == [.nws, .brightSky], "\(alerts)")
        #expect(alerts.allSatisfy { $0.pass == nil })
        let purposes = sent.compactMap { $0.pass?.purpose }
        #expect(purposes.filter { $0 == .weather }.count == 2, "the start's refresh and r: \(purposes)")
        #expect(Set(purposes) == [.weather, .air, .forecast, .search, .places, .nowcast], "\(purposes)")
        #expect(store.state.notices.messages.allSatisfy { !$0.text.contains("not sent") }, "nothing was refused unsent")
    }

    /// A hold the browser met (`Holds.txt`) holds `--once` too: over a stale feed it asks nothing,
    /// prints the saved feed and says until when.
    @Test func aHoldAnotherRunMetHoldsOnceToo() async throws {
        let network = NetworkRecorder()
        let config = try config(["--once"])
        try config.files.feed.save(DemoData.feed(count: 50, language: "en-us", fetchedAt: Date().addingTimeInterval(-7200)))
        try SourceHolds(directory: config.cacheDirectory).keep(.init(until: Date().addingTimeInterval(600), reason: "Hourly API request limit exceeded. (429)"),
                                                               for: "open-meteo", now: Date())
        let outcome = await OnceCommand.produce(config.onceConfig, environment: config.environment(over: network))
        #expect(network.sent.isEmpty, "\(network.sent)")
        guard case .report(let report, let warning) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.source == .archive && report.feed.cities.count == 50)
        #expect(warning?.contains("Open-Meteo's limit: no request until") == true, "\(warning ?? "no warning")")
    }

    /// The control: the same wiring refuses a request made outside any gate, and it reaches nothing.
    @Test func aRequestOutsideTheGateReachesNoServer() async throws {
        let network = NetworkRecorder()
        let environment = try config().environment(over: network)
        let result = await environment.searchPlaces("Oslo", "en")
        #expect(network.sent.isEmpty)
        guard case .failure(let error) = result else { Issue.record("answered: \(result)"); return }
        #expect(error.errorDescription?.contains("not sent: the request had no leave from the source's gate") == true)
    }
}
