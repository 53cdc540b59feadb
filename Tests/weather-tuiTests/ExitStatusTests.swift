import Foundation
import Testing
import WeatherModels
import WeatherStore
import WeatherSource

/// The built binary, run as a script or a user would: exit statuses and messages of docs/spec.md §2.
@Suite struct ExitStatusTests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("weather-tui")

    func run(_ args: [String], env extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("exit-\(UUID().uuidString)")
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = args
        p.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "no_proxy": "127.0.0.1"]
            .merging(extra) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func interactiveWithoutATerminalSaysToUseOnceAndExits2() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path))
        let r = try run([])
        #expect(r.status == 2)
        #expect(r.err.contains("--once"))
        #expect(r.out.isEmpty)
    }

    @Test func badOptionValuesExit2() throws {
        #expect(try run(["--count", "75"]).status == 2)
        #expect(try run(["--units", "kelvin"]).status == 2)
        #expect(try run(["--no-such-flag"]).status == 2)
    }

    /// docs/spec.md §2: a negative number reaches the option's range check and its message.
    @Test func aNegativeTimeoutOrRefreshAfterSaysTheRange() throws {
        let timeout = try run(["--once", "--demo", "--timeout", "-1"])
        #expect(timeout.status == 2 && timeout.err.contains("--timeout must be a positive number of seconds"), "\(timeout.err)")
        let refresh = try run(["--once", "--demo", "--refresh-after", "-5"])
        #expect(refresh.status == 2 && refresh.err.contains("--refresh-after must be a number of minutes, 0 or more"), "\(refresh.err)")
        #expect(!(timeout.err + refresh.err).contains("Missing value"))
        // A flag in the number's place: the option needs a number, said as its range.
        let flag = try run(["--demo", "--timeout", "--once"])
        #expect(flag.status == 2 && flag.err.contains("--timeout must be a positive number of seconds"), "\(flag.err)")
        #expect(!flag.err.contains("invalid"), "\(flag.err)")
    }

    /// docs/spec.md §2: `--format` without `--once` prints, as `--once --format` does.
    @Test func aFormatWithoutOncePrints() throws {
        let r = try run(["--demo", "--format", "csv"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("key,name,englishName,"), "\(r.out)")
    }

    /// docs/spec.md §6: the places found are printed, the one not found is named on stderr, exit 1.
    @Test func aCityNotFoundIsNamedAndTheOthersPrinted() throws {
        let r = try run(["--once", "--demo", "--city", "Reykjavik", "--city", "Atlantis"])
        #expect(r.status == 1)
        #expect(r.out.contains("Reykjavík") && r.out.contains("1 city ·"), "\(r.out)")
        #expect(r.err.contains("no place called \"Atlantis\""), "\(r.err)")
    }

    @Test func versionAndHelpExit0() throws {
        let version = try run(["--version"])
        #expect(version.status == 0 && !version.out.isEmpty)
        let help = try run(["--help"])
        #expect(help.status == 0 && help.out.contains("--once"))
        let completion = try run(["--generate-completion-script", "bash"])
        #expect(completion.status == 0 && completion.out.contains("weather-tui"))
    }

    @Test func nothingToShowExits1() throws {
        let r = try run(["--once", "--offline"])
        #expect(r.status == 1)
        #expect(r.err.contains("nothing to show"))
    }

    /// docs/spec.md §6: each city says whether the user pinned it, read from `Pinned.plist` as the
    /// browser reads it, and the pinned come first, as the browser lists them.
    @Test func onceSaysWhichCitiesArePinned() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pinned-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent("cache"), config = root.appendingPathComponent("config")
        let cities = ["Paris", "Tokyo", "Lima"].enumerated().map { i, name in
            CityWeather(key: "k\(i)", localizedName: name, englishName: name, country: Country(id: "XX", localizedName: "X", englishName: "X"),
                        weatherText: "Sunny", isDayTime: true, temperature: MetricImperial(metric: UnitValue(value: 10, unit: "C"), imperial: UnitValue(value: 50, unit: "F")))
        }
        try WeatherFeedArchive(directory: cache, source: "open-meteo")
            .save(WeatherFeed(fetchedAt: Date(), request: FeedRequest(count: 50, language: "en-us"), cities: cities))
        try PinnedCityStore(directory: config).save([PinnedCity(key: "k1", name: "Tokyo", latitude: 35.7, longitude: 139.7)])
        let args = ["--once", "--offline", "--source", "open-meteo", "--cache-dir", cache.path, "--config-dir", config.path]
        let json = try run(args + ["--format", "json"])
        #expect(json.status == 0, "\(json.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let rows = try #require(object["cities"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Tokyo", "Lima", "Paris"])
        #expect(rows.map { $0["pinned"] as? Bool } == [true, false, false])
        let csv = try run(args + ["--format", "csv"]).out.split(separator: "\r\n")
        // The demo asks no alerts: the last column says they are not known.
        #expect(csv.dropFirst().map { $0.hasSuffix(",true,unknown") } == [true, false, false])
    }

    /// An own city Open-Meteo's search found is not in AccuWeather's feed: `--once` names it on
    /// stderr, as the browser's status line does; a listed one is not named.
    @Test func onceNamesAnOwnCityThisSourceCannotFetch() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("unlisted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent("cache"), config = root.appendingPathComponent("config")
        let tokyo = CityWeather(key: "k1", localizedName: "Tokyo", englishName: "Tokyo", country: Country(id: "JP", localizedName: "Japan", englishName: "Japan"),
                                weatherText: "Sunny", isDayTime: true, temperature: MetricImperial(metric: UnitValue(value: 10, unit: "C"), imperial: nil))
        for source in WeatherProvider.allCases {
            try WeatherFeedArchive(directory: cache, source: source.fileTag)
                .save(WeatherFeed(fetchedAt: Date(), request: FeedRequest(count: 50, language: "en-us"), cities: [tokyo]))
        }
        let nuuk = PlaceMatch(id: "om:3421319", name: "Nuuk", region: "Sermersooq", country: "Greenland", countryCode: "GL", latitude: 64.18, longitude: -51.72)
        let tokyoFound = PlaceMatch(id: "om:1850147", name: "Tokyo", country: "Japan", countryCode: "JP", latitude: 35.69, longitude: 139.69)
        try PinnedCityStore(directory: config).save([PinnedCity(place: nuuk),
                                                     PinnedCity(key: "k1", name: "Tokyo", latitude: 35.69, longitude: 139.69, place: tokyoFound)])
        let args = ["--once", "--offline", "--source", "accuweather", "--api-key", "k", "--cache-dir", cache.path, "--config-dir", config.path]
        let r = try run(args)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err == "weather-tui: Nuuk, Sermersooq, Greenland not listed: found by another source's search, which AccuWeather cannot use; "
                + "find it again with a in the browser\n")
        let open = try run(["--once", "--offline", "--source", "open-meteo", "--cache-dir", cache.path, "--config-dir", config.path])
        #expect(open.status == 0 && open.err.isEmpty, "Open-Meteo fetches any place: \(open.err)")
    }

    /// `--city` reads the settings for its search's language before the run does: a damaged
    /// settings file (moved aside by that first read) is still said, once.
    @Test func aDamagedSettingsFileIsSaidOnceWithACity() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent("cache"), config = root.appendingPathComponent("config")
        let files = AppFiles(cacheDirectory: cache, configDirectory: config, source: WeatherProvider.openMeteo.fileTag)
        let reykjavik = PlaceMatch(id: "om:3413829", name: "Reykjavík", country: "Iceland", countryCode: "IS", latitude: 64.1, longitude: -21.9)
        try files.places.save(StoredPlaces(byName: [StoredPlaces.key(source: WeatherProvider.openMeteo.rawValue, name: "Reykjavik"): reykjavik]))
        let city = CityWeather(key: reykjavik.id, localizedName: "Reykjavík", englishName: "Reykjavík",
                               country: Country(id: "IS", localizedName: "Iceland", englishName: "Iceland"), weatherText: "Snow", isDayTime: false,
                               temperature: MetricImperial(metric: UnitValue(value: -3, unit: "C"), imperial: nil))
        try files.feed.save(WeatherFeed(fetchedAt: Date(), request: FeedRequest(count: 50, language: "en-us"), cities: [city],
                                        placeKeys: [reykjavik.id]))
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("not a plist".utf8).write(to: config.appendingPathComponent(AppFiles.settingsName))
        let r = try run(["--once", "--offline", "--source", "open-meteo", "--city", "Reykjavik",
                         "--cache-dir", cache.path, "--config-dir", config.path])
        #expect(r.status == 0 && r.out.contains("Reykjavík"), "\(r.err)")
        #expect(r.err.components(separatedBy: "settings.plist not used").count == 2, "\(r.err)")
    }

    @Test func demoOncePrintsWithNoKeyAndNoNetwork() throws {
        let r = try run(["--once", "--demo", "--format", "csv", "--count", "100"])
        #expect(r.status == 0)
        #expect(r.out.split(separator: "\r\n").count == 101)
    }

    @Test func theKeyNeverAppearsInOutput() throws {
        // Nothing listens on port 9: connection refused, with the key given on the command line.
        let r = try run(["--once", "--api-key", "sekrit-KEY-123", "--base-url", "http://127.0.0.1:9", "--timeout", "60"])
        #expect(r.status == 1)
        #expect(r.err.contains("cannot reach 127.0.0.1:9"))
        #expect(!(r.out + r.err).contains("sekrit-KEY-123"))
    }
}
