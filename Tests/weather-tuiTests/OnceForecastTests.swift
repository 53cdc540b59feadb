import Foundation
import Testing
import WeatherCore
import WeatherModels
import WeatherSource
import WeatherStore
@testable import weather_tui

/// `--once --forecast` over the program's own wiring and a network that counts what reaches it
/// (`NetworkRecorder`): forecasts saved within the hour cost nothing; otherwise one request
/// brings every printed place's, through the gate.
@Suite struct OnceForecastTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("once-forecast-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func config() throws -> LaunchConfiguration {
        let args = ["--once", "--forecast", "--source", "open-meteo", "--cache-dir", folder.path, "--config-dir", folder.path,
                    "--base-url", "http://127.0.0.1:9", "--daily-calls", "100000"]
        return try LaunchConfiguration.resolve(try Options.parse(args), environment: ["HOME": "/nonexistent"])
    }

    /// A fresh saved feed: the list costs nothing, so what reaches the network is the forecasts'.
    func freshFeed(_ config: LaunchConfiguration) throws -> WeatherFeed {
        let feed = DemoData.feed(count: 50, language: "en-us", fetchedAt: Date().addingTimeInterval(-60))
        try config.files.feed.save(feed)
        return feed
    }

    @Test func withoutSavedForecastsOneRequestAsksForEveryPrintedPlace() async throws {
        let network = NetworkRecorder()
        let config = try config()
        let feed = try freshFeed(config)
        let outcome = await OnceCommand.produce(config.onceConfig, environment: config.environment(over: network), forecast: true)
        // The weather's source's requests (the official alerts' sources, asked for the places they
        // cover, have gates of their own: AlertsReducerTests).
        let weather = network.sent.filter { $0.alertPass == nil }
        #expect(weather.count == 1, "\(network.sent)")
        #expect(weather.first?.path == "/v1/forecast")
        #expect(weather.first?.pass?.purpose == .forecast)
        #expect(weather.first?.pass?.calls == config.onceConfig.forecastCost * Double(feed.cities.count))
        // The recorder refuses it: each place says why, and the list is printed still.
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.forecasts?.count == feed.cities.count)
        #expect(report.forecasts?.values.allSatisfy { $0.problem?.contains("refused by the test") == true } == true)
    }

    @Test func forecastsSavedWithinTheHourAreUsedWithoutARequest() async throws {
        let network = NetworkRecorder()
        let config = try config()
        let feed = try freshFeed(config)
        let saved = Date().addingTimeInterval(-600)
        var byKey: [String: StoredForecast] = [:]
        for city in feed.cities {
            guard case .success(let payload) = DemoData.forecastResult(cityKey: city.key, now: saved) else { continue }
            byKey[city.key] = StoredForecast(fetchedAt: saved, forecast: payload.forecast.forecast, hourly: payload.forecast.hourly)
        }
        #expect(byKey.count == feed.cities.count)
        try config.files.forecasts.save(StoredForecasts(byCityKey: byKey))
        let outcome = await OnceCommand.produce(config.onceConfig, environment: config.environment(over: network), forecast: true)
        #expect(network.sent.filter { $0.alertPass == nil }.isEmpty, "\(network.sent)")
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.forecasts?.values.allSatisfy { $0.fetchedAt == saved && $0.problem == nil && !$0.days.isEmpty } == true)
        // The saved feed is read whole: the sun needs each place's coordinates and zone.
        #expect(report.forecasts?.values.allSatisfy { $0.sun != nil } == true)
    }

    @Test func withoutForecastNothingOfThemIsReadOrAsked() async throws {
        let network = NetworkRecorder()
        let config = try config()
        _ = try freshFeed(config)
        let outcome = await OnceCommand.produce(config.onceConfig, environment: config.environment(over: network))
        #expect(network.sent.isEmpty)
        guard case .report(let report, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.forecasts == nil)
    }
}
