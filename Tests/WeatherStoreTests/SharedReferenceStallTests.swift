import Foundation
import Testing
import ArchiveTestSupport
@testable import WeatherStore
import WeatherModels
@testable import PlistArchive

/// Issue 22's stall: one city dictionary padded with many unknown keys and referenced from
/// every place of `cities` cost N×M key matches in the walk and the decoder (a 96 KB file kept
/// `--once --offline` busy for half a minute). The work is now bounded by the file's size.
@Suite struct SharedReferenceStallTests {
    /// A feed payload whose `cities` is `count` references to one real city padded with
    /// `padding` unknown keys (all sharing one value), written object by object.
    static func payload(references count: Int, padding: Int) throws -> Data {
        let real = try BinaryPlistEncoder().encode(try Make.realFeed())
        let top = try #require(try PropertyListSerialization.propertyList(from: real, format: nil) as? [String: Any])
        var city = try #require((top["cities"] as? [[String: Any]])?.first)
        let plist = HandPlist()
        let filler = plist.string("x")
        for i in 0..<padding { city["unknown\(i)"] = "x" }
        let cityRef = try #require(plist.add(city))
        _ = filler
        var keys: [Int] = [], values: [Int] = []
        for (key, value) in top where key != "cities" {
            values.append(try #require(plist.add(value)))
            keys.append(plist.string(key))
        }
        keys.append(plist.string("cities"))
        values.append(plist.array(Array(repeating: cityRef, count: count)))
        _ = plist.dict(keyRefs: keys, values: values)
        return plist.bytes()
    }

    @Test func theHandMadeFeedReadsWhenSmall() throws {
        // The builder's own check: a few shared references to a lightly padded city are a feed.
        let archive = KeyedArchive.wrap(try Self.payload(references: 3, padding: 5))
        #expect(try WeatherFeedArchive.decode(WeatherFeedSummary.self, from: archive).cities.count == 3)
        #expect(try WeatherFeedArchive.decode(WeatherFeed.self, from: archive).cities.count == 3)
        #expect(WeatherFeedSummaryReader.read(try Self.payload(references: 3, padding: 5))?.cities.count == 3)
    }

    @Test func aCityReferencedThousandsOfTimesIsRefusedNotAStall() throws {
        let payload = try Self.payload(references: 12_000, padding: 5_000)
        #expect(payload.count > 90_000 && payload.count < 200_000, "\(payload.count) bytes")
        // The walk gives up (nil) once it has visited more entries than the file's limit: the
        // N×M = 60 million entries it used to visit would take tens of seconds.
        let walkWork = BinaryPlistWalk.WorkCounter()
        #expect(BinaryPlistWalk.read(payload, counting: walkWork) { $0.feedSummary($1) } == nil)
        // At most the limit plus the one key that crossed it.
        #expect(walkWork.units <= 8 * payload.count + 4096 + 64)
        let archive = KeyedArchive.wrap(payload)
        for read in [{ _ = try WeatherFeedArchive.decode(WeatherFeedSummary.self, from: archive) },
                     { _ = try WeatherFeedArchive.decode(WeatherFeed.self, from: archive) }] {
            do {
                try read()
                Issue.record("read without complaint")
            } catch let error as ArchiveError {
                #expect("\(error)".contains("malformed"), "\(error)")
            }
        }
    }
}
