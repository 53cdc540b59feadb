import Foundation
import Testing
import WeatherModels
import WeatherSource
@testable import weather_tui

@Suite struct LaunchConfigurationTests {
    @Test func countAcceptsExactlyTheSizesAccuWeatherServes() {
        #expect(CityCount.allCases.map(\.rawValue) == FeedRequest.servedCounts)
        #expect(CityCount(argument: "75") == nil)
    }

    func resolve(_ args: [String], _ env: [String: String] = ["HOME": "/home/u"]) throws -> LaunchConfiguration {
        let options = try Options.parse(args)
        return try LaunchConfiguration.resolve(options, environment: env)
    }

    @Test func defaultsFollowTheSpec() throws {
        let config = try resolve([])
        // No key anywhere: Open-Meteo, which needs none.
        #expect(config.provider == .openMeteo)
        #expect(config.baseURL.absoluteString == "https://api.open-meteo.com")
        #expect(config.geocodingURL.absoluteString == "https://geocoding-api.open-meteo.com")
        #expect(config.cacheDirectory.path == "/home/u/.cache/weather-tui")
        #expect(config.configDirectory.path == "/home/u/.config/weather-tui")
        #expect(config.refreshAfter == 30 * 60)
        #expect(config.timeout == 15)
        #expect(config.count == nil && config.language == nil && config.units == nil)
        #expect(!config.noColor && !config.once && config.format == .table)
    }

    @Test func aKnownKeyChoosesAccuWeatherAndSourceOverrides() throws {
        let keyed = try resolve(["--api-key", "k"])
        #expect(keyed.provider == .accuWeather)
        #expect(keyed.baseURL.absoluteString == "https://dataservice.accuweather.com")
        let chosen = try resolve(["--api-key", "k", "--source", "open-meteo"])
        #expect(chosen.provider == .openMeteo && chosen.baseURL.absoluteString == "https://api.open-meteo.com")
        #expect(throws: (any Error).self) { try resolve(["--source", "weather.com"]) }
    }

    @Test func eachSourceReadsItsOwnBaseURLFromTheEnvironment() throws {
        let env = ["HOME": "/h", "ACCUWEATHER_BASE_URL": "http://127.0.0.1:1", "OPEN_METEO_BASE_URL": "http://127.0.0.1:2/om",
                   "OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:3"]
        #expect(try resolve([], env).baseURL.absoluteString == "http://127.0.0.1:2/om")
        #expect(try resolve([], env).geocodingURL.absoluteString == "http://127.0.0.1:3")
        #expect(try resolve(["--api-key", "k"], env).baseURL.absoluteString == "http://127.0.0.1:1")
        // --base-url is the selected source's.
        #expect(try resolve(["--base-url", "http://127.0.0.1:4"], env).baseURL.absoluteString == "http://127.0.0.1:4")
        #expect(throws: (any Error).self) { try resolve([], ["HOME": "/h", "OPEN_METEO_BASE_URL": "ftp://x"]) }
    }

    /// A port that does not fit in 16 bits is a usage error, never a connection attempt (the
    /// network library traps on such an address).
    @Test func aBaseURLWithAPortPast65535IsRefused() throws {
        for port in ["65536", "99999", "4294967297"] {
            #expect(throws: (any Error).self) { try resolve(["--base-url", "http://127.0.0.1:\(port)"]) }
            #expect(throws: (any Error).self) { try resolve([], ["HOME": "/h", "OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:\(port)/"]) }
        }
        #expect(try resolve(["--base-url", "http://127.0.0.1:65535"]).baseURL.port == 65535)
    }

    @Test func flagsBeatEnvironment() throws {
        let env = ["HOME": "/h", "ACCUWEATHER_API_KEY": "env-key", "ACCUWEATHER_BASE_URL": "http://127.0.0.1:9"]
        let config = try resolve(["--api-key", "flag-key", "--base-url", "http://127.0.0.1:8765/api"], env)
        #expect(config.apiKey == "flag-key")
        #expect(config.baseURL.absoluteString == "http://127.0.0.1:8765/api")
        let fromEnv = try resolve([], env)
        #expect(fromEnv.apiKey == "env-key")
        #expect(fromEnv.baseURL.absoluteString == "http://127.0.0.1:9")
    }

    @Test func keyFileIsTheLastResort() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cfg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("api-key")
        try Data("file-key\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try resolve(["--config-dir", dir.path]).apiKey == "file-key")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let loose = try resolve(["--config-dir", dir.path])
        #expect(loose.apiKey == nil)
        #expect(loose.notices.count == 1)
    }

    @Test func noColorComesFromTheFlagOrANonEmptyEnvironmentVariable() throws {
        #expect(try resolve(["--no-color"]).noColor)
        #expect(try resolve([], ["HOME": "/h", "NO_COLOR": "1"]).noColor)
        #expect(try !resolve([], ["HOME": "/h", "NO_COLOR": ""]).noColor)
    }

    @Test(arguments: [["--count", "75"], ["--units", "kelvin"], ["--format", "xml"], ["--timeout", "0"],
                      ["--refresh-after", "-1"], ["--language", "en us"], ["--demo", "--offline"], ["--bogus"],
                      ["--daily-calls", "0"], ["--daily-calls", "1.5"]])
    func badValuesAreUsageErrors(args: [String]) {
        #expect(throws: (any Error).self) { try Options.parse(args) }
    }

    /// A negative number is the option's value, refused with the option's range, not taken for
    /// an option of its own that leaves this one "missing" (docs/spec.md §2).
    @Test(arguments: [(["--timeout", "-1"], "--timeout must be a positive number of seconds."),
                      (["--refresh-after", "-5"], "--refresh-after must be a number of minutes, 0 or more."),
                      (["--once", "--refresh-after", "-0.5", "--demo"], "--refresh-after must be a number of minutes, 0 or more."),
                      // A flag where the number should be is not the option's value either: the range is said.
                      (["--timeout", "--once"], "--timeout must be a positive number of seconds."),
                      (["--once", "--refresh-after", "--demo"], "--refresh-after must be a number of minutes, 0 or more."),
                      (["--daily-calls", "--once"], "--daily-calls must be a whole number of calls, 1 or more.")])
    func aNegativeNumberIsRefusedWithTheRange(args: [String], range: String) {
        do {
            _ = try Options.parse(args)
            Issue.record("\(args) was accepted")
        } catch {
            #expect(Options.fullMessage(for: error).contains(range), "\(args): \(Options.fullMessage(for: error))")
        }
    }

    /// docs/spec.md §2: `--format` asks for printed output, so it implies `--once`.
    @Test func aFormatImpliesOnce() throws {
        let csv = try resolve(["--format", "csv"])
        #expect(csv.once && csv.format == .csv)
        let interactive = try resolve([])
        #expect(!interactive.once && interactive.format == .table)
        #expect(try resolve(["--once"]).format == .table)
    }

    @Test func dailyCallsIsCarriedAndTheSourceDecidesTheDefault() throws {
        #expect(try resolve(["--daily-calls", "2000"]).dailyCalls == 2000)
        #expect(try resolve([]).dailyCalls == nil)
        #expect(WeatherProvider.openMeteo.dailyCalls(option: nil, settings: nil) == 5_000)
        #expect(WeatherProvider.accuWeather.dailyCalls(option: nil, settings: nil) == nil)
        #expect(WeatherProvider.openMeteo.dailyCalls(option: nil, settings: 800) == 800)
        #expect(WeatherProvider.openMeteo.dailyCalls(option: 2_000, settings: 800) == 2_000)
    }

    @Test func badBaseURLIsAUsageError() throws {
        let options = try Options.parse(["--base-url", "ftp://example.com"])
        #expect(throws: LaunchConfiguration.UsageError.self) {
            try LaunchConfiguration.resolve(options, environment: ["HOME": "/h"])
        }
    }

    @Test func countsAndFormatsParse() throws {
        #expect(try resolve(["--count", "150"]).count == 150)
        #expect(try resolve(["--once", "--format", "csv"]).format == .csv)
        #expect(try resolve(["--units", "imperial"]).units == .imperial)
    }
}
