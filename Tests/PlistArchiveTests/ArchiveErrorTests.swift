import Testing
import PlistArchive

/// The words a user reads when a saved file is not used.
@Suite struct ArchiveErrorTests {
    @Test func noFileIsNothingToSay() {
        #expect(ArchiveError.missing.notUsedNotice("saved feed", fileName: "WeatherFeed.plist") == nil)
    }

    @Test func anUnreadableFileSaysWhereItWasMoved() {
        let notice = ArchiveError.corrupt(reason: "truncated").notUsedNotice("saved feed", fileName: "WeatherFeed.plist")
        #expect(notice == "saved feed not used: saved data unreadable (truncated); moved aside to WeatherFeed.plist.corrupt")
    }

    /// A file of a newer schema or one the file system refuses stays where it is: nothing claims it moved.
    @Test func aFileLeftInPlaceIsNotSaidToHaveMoved() {
        let newer = ArchiveError.incompatibleSchema(found: 9, supported: 2).notUsedNotice("Places.plist", fileName: "Places.plist")
        #expect(newer == "Places.plist not used: saved data is from a newer version (schema 9, this build reads 2)")
        let io = ArchiveError.io(underlying: "permission denied").notUsedNotice("settings.plist", fileName: "settings.plist")
        #expect(io == "settings.plist not used: cannot access saved data: permission denied")
    }
}
