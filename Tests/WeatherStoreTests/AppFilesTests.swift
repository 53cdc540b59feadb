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

    @Test func oneBadSettingIsDroppedAndNamedAndTheOthersKept() throws {
        try writeSettings("<key>units</key><string>kelvin</string><key>count</key><integer>100</integer><key>sortField</key><string>country</string>")
        let (settings, notice) = files.loadSettings()
        #expect(settings?.count == 100 && settings?.sortField == .country && settings?.units == .metric)
        #expect(notice == "settings.plist: dropped units (unreadable); the other settings kept")
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
        #expect(notice?.hasPrefix("settings.plist not used:") == true)
        #expect(notice?.hasSuffix("; moved aside to settings.plist.corrupt") == true)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("settings.plist.corrupt").path))
    }

    @Test func eachSourcesFeedHasItsOwnFileAndAccuWeathersKeepsItsName() {
        #expect(AppFiles(cacheDirectory: folder, configDirectory: folder).feed.url.lastPathComponent == "WeatherFeed.plist")
        #expect(AppFiles(cacheDirectory: folder, configDirectory: folder, source: "open-meteo").feed.url.lastPathComponent == "WeatherFeed-open-meteo.plist")
    }
}
