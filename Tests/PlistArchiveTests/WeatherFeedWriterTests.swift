import Foundation
import Testing
import WeatherModels
@testable import PlistArchive

/// The feed's writer skips `Codable`, so it is held to what the `Codable` conformance writes:
/// the same bytes as `BinaryPlistEncoder`, which Foundation's decoder reads.
@Suite struct WeatherFeedWriterTests {
    @Test func everyFeedIsWrittenByteForByteAsItsEncodableConformanceWritesIt() throws {
        for (name, feed) in try Make.variedFeeds() {
            let direct = WeatherFeedWriter.encode(feed)
            let codable = try BinaryPlistEncoder().encode(feed)
            #expect(direct == codable, "\(name): \(direct.count) bytes against \(codable.count)")
        }
    }

    /// Independent of this project's coders: Foundation reads what the writer wrote.
    @Test func foundationReadsWhatItWrites() throws {
        for feed in [try Make.demoFeed(), WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 0), request: FeedRequest(count: 3, language: "en-us"),
                                                      cities: (0..<3).map(FeedGenerator.fullCity))] {
            #expect(try PropertyListDecoder().decode(WeatherFeed.self, from: WeatherFeedWriter.encode(feed)) == feed)
        }
    }

    /// The store saves through the writer: the file is what the generic archive would write.
    @Test func theStoreSavesTheGenericArchivesBytes() throws {
        let folder = Make.tempDirectory()
        let feed = try Make.demoFeed()
        let archive = WeatherFeedArchive(directory: folder)
        try archive.save(feed)
        #expect(try Data(contentsOf: archive.url) == KeyedArchive.encode(feed))
        #expect(try archive.load() == feed)
    }

    /// Large enough that references take four bytes and offsets three: the widths are chosen as
    /// Foundation chooses them, and both decoders read the result.
    @Test func aFeedOfSeventyThousandObjectsChangesTheWidths() throws {
        let base = try Make.demoFeed()
        var cities: [CityWeather] = []
        for i in 0..<800 {
            var city = base.cities[i % base.cities.count]
            city.key = "key \(i)"
            city.temperature.metric?.value = Double(i) + 0.5  // unshared reals
            cities.append(city)
        }
        let feed = WeatherFeed(fetchedAt: base.fetchedAt, request: base.request, cities: cities)
        let direct = WeatherFeedWriter.encode(feed)
        #expect(direct == (try BinaryPlistEncoder().encode(feed)))
        let trailer = direct.suffix(32)
        let objects = trailer.suffix(24).prefix(8).reduce(0) { $0 << 8 | Int($1) }
        #expect(objects > 65_536, "\(objects) objects")
        #expect(trailer[trailer.startIndex + 7] == 4, "reference width")
        #expect(try BinaryPlistDecoder().decode(WeatherFeed.self, from: direct) == feed)
    }
}
