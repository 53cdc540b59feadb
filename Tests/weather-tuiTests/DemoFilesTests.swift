import Foundation
import Testing
import WeatherCore
@testable import weather_tui

/// `--demo` touches no file of the user's (docs/spec.md §3): what is changed in it lasts for the run.
@Suite struct DemoFilesTests {
    @Test func aDemoSessionWritesNothingAndRemembersForTheRun() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wt-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let config = try LaunchConfiguration.resolve(
            try Options.parse(["--demo", "--count", "150", "--config-dir", root.appendingPathComponent("config").path,
                               "--cache-dir", root.appendingPathComponent("cache").path]),
            environment: ["HOME": root.path])
        let environment = config.environment
        let store = try Store(config: config.appConfig, environment: environment)
        store.start()
        await store.settle()
        for action: Action in [.toggleUnits, .cycleSort, .togglePin, .openDetail, .closeDetail, .quit] { store.send(action) }
        await store.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(!FileManager.default.fileExists(atPath: root.path), "the demo created \(root.path)")
        // Remembered in memory for the rest of the run.
        #expect(environment.loadSettings().settings?.units == .imperial)
        #expect(environment.loadSettings().settings?.count == 150)
        #expect(environment.loadPins().pins.count == 1)
    }
}
