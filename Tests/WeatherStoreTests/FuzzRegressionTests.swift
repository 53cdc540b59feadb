import Foundation
import Testing
import ArchiveTestSupport
@testable import WeatherStore
import WeatherModels
@testable import PlistArchive

/// Replays every input kept in `Tests/Fixtures/fuzz-regressions/` (by scripts/fuzz, or made by
/// hand) through the reader its name starts with, as Fuzz/FuzzReaders.swift does.
/// Each once crashed, hung or stalled a reader: now each must be read or refused, and a
/// `-crash-` input, hostile by construction, must be refused.
@Suite struct FuzzRegressionTests {
    static let folder = Make.repository.appendingPathComponent("Tests/Fixtures/fuzz-regressions")

    /// Reads `data` as the target's reader does; nil when it was refused.
    static func read(_ target: String, _ data: Data) throws -> Bool {
        switch target {
        case "feed": return (try? WeatherFeedArchive.decode(WeatherFeed.self, from: data)) != nil
        case "summary":
            _ = WeatherFeedSummaryReader.read(data)
            return (try? WeatherFeedArchive.decode(WeatherFeedSummary.self, from: data)) != nil
        case "pins": return (try? PinnedCity.unarchive(data)) != nil
        case "settings":
            let url = Make.tempDirectory().appendingPathComponent("settings.plist")
            try data.write(to: url)
            return (try? SettingsStore<AppSettings>(url: url).load(default: AppSettings())) != nil
        case "legacy": return (try? WeatherFeedArchive.decode(WeatherFeed.self, from: KeyedArchive.wrap(data))) != nil
        case "cache": return (try? KeyedArchive.decode(StoredForecasts.self, from: data)) != nil
        case "places": return (try? KeyedArchive.decode(StoredPlaces.self, from: data)) != nil
        case "files": return useFile(data)
        default:
            Issue.record("no reader named \(target)")
            return false
        }
    }

    /// The `files` target's input: a shape (`FileShape`), a file, its contents; the file is
    /// loaded and, where the program changes it under its lock, updated with one try at the lock.
    /// True when the load read it.
    static func useFile(_ data: Data) -> Bool {
        guard data.count >= 2 else { return false }
        let folder = Make.tempDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shape = FileShape.allCases[Int(data[data.startIndex]) % FileShape.allCases.count]
        let now = Date(timeIntervalSince1970: 1_764_000_000)
        let contents = data.dropFirst(2)
        switch data[data.startIndex + 1] % 5 {
        case 0:
            let store = SettingsStore<AppSettings>(url: folder.appendingPathComponent(AppFiles.settingsName))
            let holder = shape.make(at: store.url, contents: contents, limit: SettingsStore<AppSettings>.maxBytes)
            defer { holder?.release() }
            let read = (try? store.load(default: AppSettings())) != nil
            _ = try? store.update(default: AppSettings(), waiting: .once) { $0.count = 50 }
            return read
        case 1:
            let ledger = CallLedger(directory: folder)
            let holder = shape.make(at: ledger.url, contents: contents, limit: CallLedger.maxBytes)
            defer { holder?.release() }
            let read = ledger.read(now: now).notice == nil
            _ = try? ledger.add(1, source: "open-meteo", now: now, waiting: .once)
            return read
        case 2:
            let store = PinnedCityStore(directory: folder)
            let holder = shape.make(at: store.url, contents: contents, limit: PinnedCityStore.maxBytes)
            defer { holder?.release() }
            let read = (try? store.load()) != nil
            _ = try? store.update(.unpin(key: "1"), waiting: .once)
            return read
        case 3:
            let archive = WeatherFeedArchive(directory: folder)
            let holder = shape.make(at: archive.url, contents: contents, limit: KeyedArchive.maxFileBytes)
            defer { holder?.release() }
            return (try? archive.load()) != nil
        default:
            let cache = AppFiles(cacheDirectory: folder, configDirectory: folder).forecasts
            let holder = shape.make(at: cache.url, contents: contents, limit: cache.maxBytes)
            defer { holder?.release() }
            return (try? cache.load()) != nil
        }
    }

    @Test func everyKeptInputIsReadOrRefusedWithoutACrash() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.count >= 4, "the hostile inputs are kept here")
        for name in names {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let target = String(name.prefix { $0 != "-" })
            let read = try Self.read(target, data)
            if name.contains("-crash-") { #expect(!read, "\(name) was read") }
        }
    }
}
