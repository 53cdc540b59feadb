import AccuWeather
import Foundation
import WeatherCore
import WeatherTUI

/// The interactive browser: the live (or demo) environment, the store, the ncurses front end.
enum InteractiveCommand {
    static func run(_ config: LaunchConfiguration) async -> Int32 {
        let service = config.apiKey.map { AccuWeatherClient(baseURL: config.baseURL, apiKey: $0, timeout: config.timeout) }
        let environment: AppEnvironment = config.demo
            ? .demo(configDirectory: config.configDirectory)
            : .live(service: service, cacheDirectory: config.cacheDirectory, configDirectory: config.configDirectory)
        let store = Store(config: config.appConfig, environment: environment)
        // The driver starts the store once the terminal is taken: no fetch when there is no terminal.
        let app = TerminalApp(driver: StoreDriver(store: store), backend: NcursesBackend(noColor: config.noColor))
        do {
            _ = try app.run()
        } catch {
            Stderr.write("weather-tui: \(error.localizedDescription)\n")
            return WeatherTUIMain.Status.usage
        }
        // Settings are written synchronously on quit; let a save of forecasts in flight land.
        await store.settle()
        return WeatherTUIMain.Status.success
    }
}

extension LaunchConfiguration {
    /// What the view-model layer needs to know of this run (never the key itself).
    var appConfig: AppConfig {
        AppConfig(count: count, language: language, units: units, refreshAfter: refreshAfter, offline: offline,
                  demo: demo, hasAPIKey: apiKey != nil, host: AccuWeatherClient(baseURL: baseURL, apiKey: "").host)
    }
}
