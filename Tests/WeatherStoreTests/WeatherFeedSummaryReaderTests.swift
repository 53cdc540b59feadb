import Foundation
import Testing
import ArchiveTestSupport
import WeatherModels
@testable import PlistArchive
@testable import WeatherStore

/// `--once`'s summary walker must answer for well-formed payloads with exactly what `Decodable`
/// reads, and for anything else either that same value or nothing (the archive then decodes
/// through `Decodable`, which decides and reports).
@Suite struct WeatherFeedSummaryReaderTests {
    /// The archive's payload (the binary plist inside the keyed archive) for `feed`.
    static func payload(_ feed: WeatherFeed) throws -> Data {
        Data(try KeyedArchiveValidator.rootData(try KeyedArchive.encode(feed)))  // indices from 0
    }

    /// What `Decodable` makes of a payload, a refusal as nil.
    static func decoded(_ payload: Data) -> WeatherFeedSummary? {
        try? KeyedArchive.decodePayload(WeatherFeedSummary.self, from: payload)
    }

    /// The real capture with what a summary must carry in every form: non-Latin names, absent
    /// optionals at each level, a phrase and unit type, the extremes of a number.
    static func variedFeed() throws -> WeatherFeed {
        var feed = try Make.realFeed()
        feed.cities[0].localizedName = "東京"
        feed.cities[1].country = Country(id: "RU", localizedName: "Россия", englishName: "Russia")
        feed.cities[2].epochTime = nil
        feed.cities[2].localObservationDateTime = nil
        feed.cities[3].weatherIcon = nil
        feed.cities[4].temperature = MetricImperial(metric: nil, imperial: UnitValue(value: -40, unit: "F", unitType: nil, phrase: "Frigid"))
        feed.cities[5].temperature = MetricImperial(metric: nil, imperial: nil)
        feed.cities[6].temperature.metric?.value = -.greatestFiniteMagnitude
        feed.cities[7].epochTime = Int.min
        feed.cities[8].weatherText = ""
        return feed
    }

    /// A damaged number may be a NaN, which equals nothing (itself included) and whose sign and
    /// payload a generic conversion may change: every NaN is made the one NaN, then compared as text.
    static func comparable(_ summary: WeatherFeedSummary?) -> String {
        guard var summary else { return "nil" }
        func canonical(_ value: inout UnitValue?) { if value?.value.isNaN == true { value?.value = .nan } }
        for i in summary.cities.indices {
            canonical(&summary.cities[i].temperature.metric)
            canonical(&summary.cities[i].temperature.imperial)
        }
        return String(describing: summary)
    }

    @Test func aWellFormedPayloadIsWalkedToWhatDecodableReads() throws {
        let feed = try Self.variedFeed()
        let payload = try Self.payload(feed)
        let walked = try #require(WeatherFeedSummaryReader.read(payload), "a well-formed payload must not fall back")
        #expect(walked == WeatherFeedSummary(feed))
        #expect(walked == Self.decoded(payload))
    }

    /// Foundation writes the same feed differently (shared strings, other integer widths).
    @Test func foundationsBinaryPayloadIsWalkedToo() throws {
        let feed = try Self.variedFeed()
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let payload = try encoder.encode(feed)
        let walked = try #require(WeatherFeedSummaryReader.read(payload))
        #expect(walked == WeatherFeedSummary(feed))
    }

    @Test func whatTheWalkDoesNotReadIsLeftToDecodable() throws {
        var feed = try Make.realFeed()
        feed.schemaVersion = WeatherFeed.currentSchemaVersion + 1  // refused by the caller's path, with its error
        #expect(WeatherFeedSummaryReader.read(try Self.payload(feed)) == nil)

        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        #expect(WeatherFeedSummaryReader.read(try encoder.encode(try Make.realFeed())) == nil)

        // The original iOS app's payload: another shape altogether.
        let legacy: [String: Any] = ["fetchedAt": "Dec 6, 2017 at 5:35:00 PM", "topCityWeathers": [[String: Any]]()]
        #expect(WeatherFeedSummaryReader.read(try PropertyListSerialization.data(fromPropertyList: legacy, format: .binary, options: 0)) == nil)
        #expect(WeatherFeedSummaryReader.read(Data()) == nil)
    }

    /// Numbers as `BinaryPlistDecoder` converts them: an integer field takes a whole real, a real
    /// field an integer, and nothing takes a fraction where an integer belongs or the wrong type.
    @Test func numbersAndPlaceholdersFollowTheDecodersRules() throws {
        let original = try Self.payload(try Make.realFeed())
        func edited(_ edit: (inout [String: Any]) -> Void) throws -> Data {
            try Make.payload(original, editingFirstCity: edit)
        }
        let cases: [(String, (inout [String: Any]) -> Void, Bool)] = [
            ("whole real as epoch", { $0["EpochTime"] = 1_512_581_700.0 }, true),
            ("fractional epoch", { $0["EpochTime"] = 1.5 }, false),
            ("integer temperature", { $0["Temperature"] = ["Metric": ["Value": 21, "Unit": "C", "UnitType": 17]] }, true),
            ("string temperature", { $0["Temperature"] = ["Metric": ["Value": "21", "Unit": "C"]] }, false),
            ("$null optional", { $0["WeatherIcon"] = "$null" }, true),
            ("$null required name", { $0["EnglishName"] = "$null" }, true),
            ("missing required", { $0["WeatherText"] = nil }, false),
            ("number as name", { $0["LocalizedName"] = 7 }, false),
            ("array as country", { $0["Country"] = ["JP"] }, false),
        ]
        for (what, edit, accepted) in cases {
            let payload = try edited(edit)
            let decoded = Self.decoded(payload)
            #expect((decoded != nil) == accepted, "Decodable on \(what)")
            #expect(WeatherFeedSummaryReader.read(payload) == decoded, "\(what)")
        }
    }

    /// Every single-byte change to a payload (all bits flipped, the lowest) and every truncation: the walk
    /// gives the value `Decodable` gives, or nothing; never another value, never a crash.
    @Test func damagedPayloadsWalkToTheSameAnswerOrToNothing() throws {
        var feed = try Self.variedFeed()
        feed.cities = Array(feed.cities.prefix(9))
        let payload = try Self.payload(feed)
        var walked = 0, disagreements: [String] = []
        func check(_ variant: Data, _ what: @autoclosure () -> String) {
            guard let summary = WeatherFeedSummaryReader.read(variant) else { return }
            walked += 1
            let decoded = Self.decoded(variant)
            if summary != decoded, Self.comparable(summary) != Self.comparable(decoded), disagreements.count < 5 {
                disagreements.append(what())
            }
        }
        Damage.forEachCopy(of: payload, truncations: true, changingEachByte: true) { variant, damage in check(variant, "\(damage)") }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(walked > payload.count / 2, "most changes to text and numbers still walk")
    }
}
