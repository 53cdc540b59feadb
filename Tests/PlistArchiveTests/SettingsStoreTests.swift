import Foundation
import Testing
import ArchiveTestSupport
import WeatherModels
@testable import PlistArchive
@testable import PlistArchiveFoundation

@Suite struct SettingsStoreTests {
    static func makeStore() -> SettingsStore<AppSettings> {
        SettingsStore(url: Make.tempDirectory().appendingPathComponent("settings.plist"))
    }

    /// Writes `values` as the XML plist a person could have edited.
    static func write(_ values: [String: Any], to store: SettingsStore<AppSettings>) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
        try data.write(to: store.url)
    }

    /// Two copies of the program on one settings file: each writes the values it changed over the
    /// file as the other left it (docs/spec.md §3).
    @Test func anUpdateKeepsWhatAnotherWriterSavedMeanwhile() throws {
        let store = Self.makeStore()
        let other = SettingsStore<AppSettings>(url: store.url)
        try store.update(default: AppSettings()) { $0.units = .imperial }
        let saved = try other.update(default: AppSettings()) { $0.sortField = .country }
        #expect(saved == AppSettings(units: .imperial, sortField: .country))
        #expect(try store.load() == saved)
    }

    @Test func anUpdateOfADamagedFileStartsFromTheDefaultAndKeepsTheChange() throws {
        let store = Self.makeStore()
        try Data("not a plist".utf8).write(to: store.url)
        #expect(try store.update(default: AppSettings()) { $0.count = 150 } == AppSettings(count: 150))
        #expect(FileManager.default.fileExists(atPath: store.url.path + ".corrupt"))
        // One bad value: the others stay, the change is made.
        try Self.write(["units": "kelvin", "sortField": "country"], to: store)
        #expect(try store.update(default: AppSettings()) { $0.language = "ja-jp" } == AppSettings(sortField: .country, language: "ja-jp"))
    }

    @Test func takingFieldsCopiesEachFieldItNamesAndNoOther() {
        let base = AppSettings()
        var other = AppSettings(units: .imperial, sortField: .country, sortDescending: true, count: 150, language: "ja-jp", selectedCityKey: "7",
                                mapLayer: .wind, airQualityIndex: .eu, clock: .twelveHour, title: true)
        other.notify = true
        // Every field named: the other's values whole (a field added to AppSettings but not to Field fails here).
        #expect(base.taking(Set(AppSettings.Field.allCases), from: other) == other)
        #expect(base.taking([], from: other) == base)
        for field in AppSettings.Field.allCases {
            let one = base.taking([field], from: other)
            #expect(one != base && one.taking(Set(AppSettings.Field.allCases).subtracting([field]), from: other) == other, "\(field)")
        }
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

    // MARK: Without PropertyListSerialization (XMLPlist and PlistValueEncoder/Decoder)

    @Test func theSavedFileIsWhatPropertyListSerializationWrote() throws {
        let store = Self.makeStore()
        let settings = AppSettings(units: .imperial, sortField: .country, sortDescending: true, count: 25, language: "de-de", selectedCityKey: "178087")
        try store.save(settings)
        var encoder = KeyValueEncoder.makePlistCompatible()
        encoder.nilEncodingStrategy = .removed
        let old = try PropertyListSerialization.data(fromPropertyList: try #require(try encoder.encode(settings)), format: .xml, options: 0)
        #expect(String(decoding: try Data(contentsOf: store.url), as: UTF8.self) == String(decoding: old, as: UTF8.self))
        try store.save(AppSettings())
        #expect(!String(decoding: try Data(contentsOf: store.url), as: UTF8.self).contains("selectedCityKey"))
    }

    @Test func aNilValueIsSavedAsAnEmptyDictionaryAsBefore() throws {
        let store = SettingsStore<AppSettings?>(url: Make.tempDirectory().appendingPathComponent("settings.plist"))
        try store.save(nil)
        let empty = try PropertyListSerialization.data(fromPropertyList: [String: Any](), format: .xml, options: 0)
        #expect(try Data(contentsOf: store.url) == empty)
    }

    @Test func aFileCutShortIsCorruptWithTheLineAndMovedAside() throws {
        let store = Self.makeStore()
        try store.save(AppSettings(selectedCityKey: "1"))
        let whole = try Data(contentsOf: store.url)
        try whole.prefix(whole.count / 2).write(to: store.url)
        #expect {
            try store.load(default: AppSettings())
        } throws: { error in
            guard case ArchiveError.corrupt(let reason) = error else { return false }
            return reason.hasPrefix("not a property list (line ")
        }
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathExtension("corrupt").path))
    }

    @Test func aWrongTypeIsCorruptWithItsKeyOnAStrictLoad() throws {
        let store = Self.makeStore()
        try Self.write(["units": "metric", "sortField": "name", "sortDescending": false, "count": "many", "language": "en-us"], to: store)
        #expect(throws: ArchiveError.corrupt(reason: "count has the wrong type")) { try store.load() }
        try Self.write(["units": "metric", "sortField": "name", "sortDescending": false, "language": "en-us"], to: store)
        #expect(throws: ArchiveError.corrupt(reason: "count missing")) { try store.load() }
    }

    @Test func handEditedValuesAreReadLikeTheOldDecoderReadThem() throws {
        let store = Self.makeStore()
        // A whole real for an Int, 1 for a Bool, "$null" for a nil.
        try Self.write(["units": "imperial", "sortField": "name", "sortDescending": 1, "count": 30.0, "language": "en-us", "selectedCityKey": "$null"], to: store)
        #expect(try store.load() == AppSettings(units: .imperial, sortDescending: true, count: 30, language: "en-us"))
    }

    @Test func aBinaryPlistInItsPlaceIsReadByTheProjectsReader() throws {
        let store = Self.makeStore()
        let values: [String: Any] = ["units": "imperial", "sortField": "temperature", "sortDescending": true, "count": 40, "language": "日本語"]
        try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0).write(to: store.url)
        #expect(try store.load() == AppSettings(units: .imperial, sortField: .temperature, sortDescending: true, count: 40, language: "日本語"))
    }

    @Test func aBinaryPlistHoldingAUIDIsNotSettings() throws {
        let store = Self.makeStore()
        let plist = HandPlist()
        _ = plist.dict(["units": plist.string("metric"), "language": plist.uid(1)])
        try plist.bytes().write(to: store.url)
        #expect(throws: ArchiveError.corrupt(reason: "not a property list of settings")) { try store.load(default: AppSettings()) }
    }

    @Test func aBinaryPlistThatSharesObjectsCannotMultiplyTheWork() throws {
        let store = Self.makeStore()
        // 60 levels of a pair referencing the level below twice: 2^60 values if copied out.
        let plist = HandPlist()
        var level = plist.string("x")
        for _ in 0..<60 { level = plist.array([level, level]) }
        _ = plist.dict(["units": level])
        let data = plist.bytes()
        #expect(PlistShape.check(data) == nil)
        try data.write(to: store.url)
        // Copied out, this would never finish: the budget refuses it.
        #expect(throws: ArchiveError.corrupt(reason: "not a property list of settings")) { try store.load(default: AppSettings()) }
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathExtension("corrupt").path))
    }
}
