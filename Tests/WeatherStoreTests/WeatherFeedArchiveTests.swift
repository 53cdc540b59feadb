import Foundation
import Testing
import ArchiveTestSupport
import WeatherModels
@testable import PlistArchive
@testable import WeatherStore

/// The feed archive as the program saves and restores it.
@Suite struct WeatherFeedArchiveTests {
    let folder = Make.tempDirectory()
    var file: URL { folder.appendingPathComponent("WeatherFeed.plist") }

    @Test func aRealFeedRoundTrips() throws {
        let feed = try Make.realFeed()
        try KeyedArchive.archive(feed, to: file)
        #expect(try KeyedArchive.unarchive(WeatherFeed.self, from: file) == feed)
        #expect(try WeatherFeedArchive(directory: folder).load() == feed)
    }

    /// `--once` reads the saved feed as a summary: the same values as the whole feed, from
    /// this build's archives, Foundation-written payloads and the original iOS app's alike.
    @Test func theSummaryOfASavedFeedIsTheSummaryOfTheWholeFeed() throws {
        var feed = try Make.realFeed()
        feed.cities[0].localizedName = "東京"
        feed.cities[1].country = Country(id: "RU", localizedName: "Россия", englishName: "Russia")
        feed.cities[2].epochTime = nil
        try KeyedArchive.archive(feed, to: file)
        let archive = WeatherFeedArchive(directory: folder)
        #expect(try archive.load(WeatherFeedSummary.self) == WeatherFeedSummary(feed))

        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        try DataRootArchive.encode(try encoder.encode(feed)).write(to: file)
        #expect(try archive.load(WeatherFeedSummary.self) == WeatherFeedSummary(feed))

        let (status, _) = try Make.run(URL(fileURLWithPath: "/usr/bin/env"),
                                       ["python3", Make.repository.appendingPathComponent("scripts/check-archive.py").path, "--write-legacy", file.path])
        #expect(status == 0)
        #expect(try archive.load(WeatherFeedSummary.self) == WeatherFeedSummary(try archive.load()))
    }

    @Test func theSummaryKeepsTheArchivesRefusals() throws {
        let archive = WeatherFeedArchive(directory: folder)
        #expect(throws: ArchiveError.missing) { try archive.load(WeatherFeedSummary.self) }

        var feed = try Make.realFeed()
        feed.schemaVersion = WeatherFeed.currentSchemaVersion + 1
        try KeyedArchive.archive(feed, to: file)
        #expect(throws: ArchiveError.incompatibleSchema(found: 2, supported: 1)) { try archive.load(WeatherFeedSummary.self) }
        #expect(FileManager.default.fileExists(atPath: file.path))

        let data = try KeyedArchive.encode(try Make.realFeed())
        try data.prefix(data.count / 2).write(to: file)
        #expect {
            try archive.load(WeatherFeedSummary.self)
        } throws: { error in
            if case ArchiveError.corrupt = error { return true }
            return false
        }
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt"))
    }

    @Test func theOriginalIOSAppsArchiveIsRead() throws {
        let (status, _) = try Make.run(URL(fileURLWithPath: "/usr/bin/env"),
                                       ["python3", Make.repository.appendingPathComponent("scripts/check-archive.py").path, "--write-legacy", file.path])
        #expect(status == 0)
        let feed = try WeatherFeedArchive(directory: folder).load()
        #expect(feed.cities.map(\.englishName) == ["Tokyo", "Moscow"])
        #expect(feed.cities[0].localizedName == "東京")
        #expect(feed.cities[1].temperature.metric?.value == -3.5)
        #expect(feed.request == FeedRequest(count: 50, language: "en-us"))
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute], from: feed.fetchedAt)
        #expect((c.year, c.month, c.day, c.minute) == (2017, 12, 6, 35))
    }

    @Test func aCorruptFeedIsMovedAsideAndThenMissing() throws {
        try Data("not an archive".utf8).write(to: file)
        let archive = WeatherFeedArchive(directory: folder)
        #expect(throws: ArchiveError.corrupt(reason: "not a property list")) { try archive.load() }
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt"))
        #expect(throws: ArchiveError.missing) { try archive.load() }
    }

    @Test func aNewerSchemaIsRefusedAndLeftInPlace() throws {
        var feed = try Make.realFeed()
        feed.schemaVersion = WeatherFeed.currentSchemaVersion + 1
        try KeyedArchive.archive(feed, to: file)
        #expect(throws: ArchiveError.incompatibleSchema(found: 2, supported: 1)) { try WeatherFeedArchive(directory: folder).load() }
        #expect(FileManager.default.fileExists(atPath: file.path))
    }
}
