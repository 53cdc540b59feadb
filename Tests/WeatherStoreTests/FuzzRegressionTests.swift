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
        default:
            Issue.record("no reader named \(target)")
            return false
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
