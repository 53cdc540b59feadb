import Foundation
import Testing
import ArchiveTestSupport
import WeatherModels
@testable import PlistArchive

@Suite struct SettingsStoreTests {
    static func makeStore() -> SettingsStore<AppSettings> {
        SettingsStore(url: Make.tempDirectory().appendingPathComponent("settings.plist"))
    }

    /// Writes `values` as the XML plist a person could have edited.
    static func write(_ values: [String: Any], to store: SettingsStore<AppSettings>) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
        try data.write(to: store.url)
    }

    @Test func aGoodFileLoadsWholeWithNothingDropped() throws {
        let store = Self.makeStore()
        let settings = AppSettings(units: .imperial, sortField: .temperature, sortDescending: true, count: 1, language: "fr-fr", selectedCityKey: "1")
        try store.save(settings)
        let loaded = try store.load(default: AppSettings())
        #expect(loaded.value == settings)
        #expect(loaded.dropped.isEmpty)
    }

    @Test func aDamagedValueCostsOnlyItself() throws {
        let store = Self.makeStore()
        try Self.write(["units": "kelvin", "sortField": "country", "sortDescending": true, "count": 100, "language": "ja-jp"], to: store)
        let loaded = try store.load(default: AppSettings())
        #expect(loaded.value == AppSettings(units: .metric, sortField: .country, sortDescending: true, count: 100, language: "ja-jp"))
        #expect(loaded.dropped == ["units"])
        // The file stays for the next save to rewrite; nothing was moved aside.
        #expect(FileManager.default.fileExists(atPath: store.url.path))
        #expect(!FileManager.default.fileExists(atPath: store.url.appendingPathExtension("corrupt").path))
    }

    @Test func everyDamagedKeyIsNamedAndMissingKeysComeFromTheDefault() throws {
        let store = Self.makeStore()
        try Self.write(["count": "many", "sortDescending": 7, "language": "de-de", "selectedCityKey": 5], to: store)
        let fallback = AppSettings(count: 25)
        let loaded = try store.load(default: fallback)
        #expect(loaded.value == AppSettings(count: 25, language: "de-de"))
        #expect(loaded.dropped == ["count", "selectedCityKey", "sortDescending"])
    }

    @Test func aFileThatIsNotAPlistIsMovedAside() throws {
        let store = Self.makeStore()
        try Data("not a plist".utf8).write(to: store.url)
        #expect(throws: ArchiveError.self) { try store.load(default: AppSettings()) }
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathExtension("corrupt").path))
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test func aPlistThatIsNotADictionaryIsMovedAside() throws {
        let store = Self.makeStore()
        let data = try PropertyListSerialization.data(fromPropertyList: ["units"], format: .xml, options: 0)
        try data.write(to: store.url)
        #expect(throws: ArchiveError.corrupt(reason: "not a dictionary of settings")) { try store.load(default: AppSettings()) }
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathExtension("corrupt").path))
    }

    @Test func noFileIsMissing() throws {
        #expect(throws: ArchiveError.missing) { try Self.makeStore().load(default: AppSettings()) }
    }
}
