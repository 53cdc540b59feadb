import Foundation
import Testing
import ArchiveTestSupport
import PlistArchive
import WeatherModels
import WeatherStore

/// Files written by the release before the app's stores left the general store's module
/// (`Tests/Fixtures/previous-release`, made by that build: a fetched feed, two pins, settings):
/// a user's files keep loading after the move.
@Suite struct PreviousReleaseFilesTests {
    let folder = Make.tempDirectory()

    private func copy(_ name: String) throws -> URL {
        let target = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Make.repository.appendingPathComponent("Tests/Fixtures/previous-release/\(name)"), to: target)
        return target
    }

    @Test func theSavedFeedLoads() throws {
        _ = try copy(WeatherFeedArchive.fileName)
        let feed = try WeatherFeedArchive(directory: folder).load()
        #expect(feed.cities.count == 50)
        #expect(feed.request == FeedRequest(count: 50, language: "en-us"))
        #expect(feed.cities.contains { $0.englishName == "Reykjavik" && $0.relativeHumidity != nil })
        #expect(feed.cities.allSatisfy { $0.rainChanceNextHours == nil }, "no chance of rain made up for a feed that had none")
    }

    @Test func pinsWhoseBoxClassNameIsTheOldModulesLoad() throws {
        let file = try copy(PinnedCityStore.fileName)
        #expect(try String(decoding: Data(contentsOf: file), as: UTF8.self).contains("PlistArchive.PinnedCityBox"))
        let pins = try PinnedCityStore(directory: folder).load()
        #expect(pins.map(\.name) == ["Stockholm", "Moscow"])  // in the order they were pinned
        // Saved again, they carry the box's present name and still load.
        try PinnedCityStore(directory: folder).save(pins)
        #expect(try PinnedCityStore(directory: folder).load() == pins)
    }

    @Test func settingsLoad() throws {
        let file = try copy("settings.plist")
        let settings = try SettingsStore<AppSettings>(url: file).load()
        #expect(settings.units == .imperial)
        #expect(settings.sortField == .temperature)
        #expect(settings.count == 50)
        #expect(settings.airQualityIndex == nil, "a file from before the choice: the index of the units")
        #expect(settings.mapLayer == nil, "a setting added since is not there: the map shows temperature")
    }
}
