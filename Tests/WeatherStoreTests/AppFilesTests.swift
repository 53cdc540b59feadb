import Foundation
import Testing
import ArchiveTestSupport
import PlistArchive
import WeatherModels
import WeatherStore

/// The app's files as the browser and `--once` open them.
@Suite struct AppFilesTests {
    let folder = Make.tempDirectory()
    var files: AppFiles { AppFiles(cacheDirectory: folder, configDirectory: folder) }

    private func writeSettings(_ body: String) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """
        try Data(xml.utf8).write(to: folder.appendingPathComponent(AppFiles.settingsName))
    }

    /// Whether `notice` says `file` is not used, being unreadable (so moved aside), and `then`.
    static func movedAside(_ notice: FileNotice?, _ file: String, then: FileNotice.Consequence?) -> Bool {
        guard case .notUsed(file, .corrupt, then)? = notice else { return false }
        return true
    }

    @Test func oneBadSettingIsDroppedAndNamedAndTheOthersKept() throws {
        try writeSettings("<key>units</key><string>kelvin</string><key>count</key><integer>100</integer><key>sortField</key><string>country</string>")
        let (settings, notice) = files.loadSettings()
        #expect(settings?.count == 100 && settings?.sortField == .country && settings?.units == .metric)
        #expect(notice == .settingsDropped(file: "settings.plist", fields: ["units"]))
    }

    @Test func aDailyBudgetWrittenByAPersonIsRead() throws {
        try writeSettings("<key>dailyCalls</key><integer>2000</integer>")
        #expect(files.loadSettings().settings?.dailyCalls == 2000)
        try writeSettings("<key>count</key><integer>100</integer>")
        #expect(files.loadSettings().settings?.dailyCalls == nil)
    }

    @Test func noSettingsFileIsNoSettingsAndNothingToSay() {
        let (settings, notice) = files.loadSettings()
        #expect(settings == nil && notice == nil)
    }

    @Test func settingsThatAreNotAPlistAreMovedAsideAndSaid() throws {
        try Data("not a plist".utf8).write(to: folder.appendingPathComponent(AppFiles.settingsName))
        let (settings, notice) = files.loadSettings()
        #expect(settings == nil)
        #expect(Self.movedAside(notice, "settings.plist", then: nil), "\(String(describing: notice))")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("settings.plist.corrupt").path))
    }

    /// A damaged `Pinned.plist`, `Forecasts.plist` or `AirQuality.plist` is moved aside and said,
    /// naming the file, where it went and what the run does without it (they vanished unsaid).
    @Test func damagedPinsForecastsAndAirAreMovedAsideAndSaid() throws {
        for name in [PinnedCityStore.fileName, AppFiles.forecastsName(source: nil), AppFiles.airQualityName] {
            try Data("not an archive".utf8).write(to: folder.appendingPathComponent(name))
        }
        let pins = files.loadPins(), forecasts = files.loadForecasts(), air = files.loadAirQuality()
        #expect(pins.pins.isEmpty && forecasts.forecasts == StoredForecasts() && air.air == nil)
        for (notice, name, then) in [(pins.notice, "Pinned.plist", FileNotice.Consequence.pinsStartEmpty),
                                     (forecasts.notice, "Forecasts.plist", .forecastsFetchedAgain),
                                     (air.notice, "AirQuality.plist", .airFetchedAgain)] {
            #expect(Self.movedAside(notice, name, then: then), "\(String(describing: notice))")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name + ".corrupt").path))
        }
        let again = files.loadPins()
        #expect(again.pins.isEmpty && again.notice == nil, "said once: the file is gone")
    }

    /// A folder, a named pipe or a link to `/dev/zero` in the place of `Pinned.plist` is moved
    /// aside and said, and the pins are kept again from the next change.
    @Test(arguments: [FileShape.folder, .namedPipe, .linkToZero, .overLong])
    func whatIsNotAPinsFileIsMovedAsideAndSaid(shape: FileShape) throws {
        shape.make(at: files.pins.url, contents: Data(), limit: PinnedCityStore.maxBytes)
        let (pins, notice) = files.loadPins()
        #expect(pins.isEmpty)
        #expect(Self.movedAside(notice, "Pinned.plist", then: .pinsStartEmpty), "\(String(describing: notice))")
        let oslo = PinnedCity(key: "1", name: "Oslo", latitude: 59.9, longitude: 10.7)
        #expect(try files.pins.update(.pin(oslo)) == [oslo])
        #expect(files.loadPins().pins == [oslo])
    }

    @Test func noFilesAreNothingToSay() {
        #expect(files.loadPins().notice == nil && files.loadForecasts().notice == nil && files.loadAirQuality().notice == nil)
    }

    @Test func eachSourcesFeedHasItsOwnFileAndAccuWeathersKeepsItsName() {
        #expect(AppFiles(cacheDirectory: folder, configDirectory: folder).feed.url.lastPathComponent == "WeatherFeed.plist")
        #expect(AppFiles(cacheDirectory: folder, configDirectory: folder, source: "open-meteo").feed.url.lastPathComponent == "WeatherFeed-open-meteo.plist")
    }
}
