import Foundation
import Testing
import WeatherModels
@testable import PlistArchive

/// The feed's reader skips `Codable`, so it is held to what `Decodable` reads: for a
/// well-formed payload the same value, for anything else that same value or nothing (the
/// archive then decodes through `Decodable`, which decides and reports).
@Suite struct WeatherFeedReaderTests {
    /// What `Decodable` makes of a payload, a refusal as nil.
    static func decoded(_ payload: Data) -> WeatherFeed? {
        try? KeyedArchive.decodePayload(WeatherFeed.self, from: payload)
    }

    /// Equal to the bit: both nil, or the same bytes when encoded (NaN, which equals nothing,
    /// and the sign of zero included).
    static func same(_ a: WeatherFeed?, _ b: WeatherFeed?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a == b || WeatherFeedWriter.encode(a) == WeatherFeedWriter.encode(b)
    }

    @Test func wellFormedPayloadsAreWalkedToWhatDecodableReads() throws {
        for (name, feed) in try Make.variedFeeds() {
            let payload = WeatherFeedWriter.encode(feed)
            let walked = WeatherFeedReader.read(payload)
            #expect(walked != nil, "\(name): a well-formed payload must not fall back")
            let asDecoded = Self.same(walked, Self.decoded(payload))
            #expect(asDecoded, "\(name)")
            // An optional text "$null" is the format's nil placeholder: it reads back as nil.
            let asWritten = Self.same(walked, feed) || name.hasPrefix("generated")
            #expect(asWritten, "\(name)")
        }
    }

    /// Foundation writes the same feed differently (keys in another order, other integer widths).
    @Test func foundationsBinaryPayloadsAreWalkedToo() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        for (name, feed) in try Make.variedFeeds().prefix(12) {
            let payload = try encoder.encode(feed)
            let walked = WeatherFeedReader.read(payload)
            #expect(walked != nil, "\(name)")
            let asDecoded = Self.same(walked, Self.decoded(payload))
            #expect(asDecoded, "\(name)")
        }
    }

    @Test func whatTheWalkDoesNotReadIsLeftToDecodable() throws {
        var feed = try Make.realFeed()
        feed.schemaVersion = WeatherFeed.currentSchemaVersion + 1  // refused by the caller's path, with its error
        #expect(WeatherFeedReader.read(WeatherFeedWriter.encode(feed)) == nil)

        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        #expect(WeatherFeedReader.read(try encoder.encode(try Make.realFeed())) == nil)

        // The original iOS app's payload: another shape altogether.
        let legacy: [String: Any] = ["fetchedAt": "Dec 6, 2017 at 5:35:00 PM", "topCityWeathers": [[String: Any]]()]
        #expect(WeatherFeedReader.read(try PropertyListSerialization.data(fromPropertyList: legacy, format: .binary, options: 0)) == nil)
        #expect(WeatherFeedReader.read(try BinaryPlistEncoder().encode([1, 2, 3])) == nil)
        #expect(WeatherFeedReader.read(Data()) == nil)
    }

    /// Numbers as `BinaryPlistDecoder` converts them, placeholders and unknown keys as it reads
    /// them, and nothing accepted that it refuses.
    @Test func numbersPlaceholdersAndExtraKeysFollowTheDecodersRules() throws {
        let feed = WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 0), request: FeedRequest(count: 50, language: "en-us"),
                               cities: [FeedGenerator.fullCity(1)])
        func edited(_ edit: (inout [String: Any]) -> Void) throws -> Data {
            try Make.payload(WeatherFeedWriter.encode(feed), editingFirstCity: edit)
        }
        let cases: [(String, (inout [String: Any]) -> Void, Bool)] = [
            ("whole real as epoch", { $0["EpochTime"] = 1_512_581_700.0 }, true),
            ("fractional epoch", { $0["EpochTime"] = 1.5 }, false),
            ("integer temperature", { $0["Temperature"] = ["Metric": ["Value": 21, "Unit": "C", "UnitType": 17]] }, true),
            ("string temperature", { $0["Temperature"] = ["Metric": ["Value": "21", "Unit": "C"]] }, false),
            ("$null optional", { $0["WeatherIcon"] = "$null" }, true),
            ("$null optional object", { $0["Wind"] = "$null" }, true),
            ("$null required name", { $0["EnglishName"] = "$null" }, true),
            ("missing required", { $0["WeatherText"] = nil }, false),
            ("missing required inside", { $0["Country"] = ["ID": "JP", "LocalizedName": "日本"] }, false),
            ("number as name", { $0["LocalizedName"] = 7 }, false),
            ("array as country", { $0["Country"] = ["JP"] }, false),
            ("bool as number", { $0["CloudCover"] = true }, false),
            ("number as bool", { $0["IsDayTime"] = 1 }, false),
            ("unknown keys", { $0["RealFeelTemperatureDeluxe"] = ["x": 1]; $0["Sources"] = [1, 2] }, true),
            ("integer past Int", { $0["EpochTime"] = UInt64.max }, false),
        ]
        for (what, edit, accepted) in cases {
            let payload = try edited(edit)
            let decoded = Self.decoded(payload)
            #expect((decoded != nil) == accepted, "Decodable on \(what)")
            let walked = WeatherFeedReader.read(payload)
            let asDecoded = Self.same(walked, decoded)
            #expect(asDecoded, "\(what)")
            if accepted { #expect(walked != nil, "\(what): accepted, so walked") }
        }
    }

    /// A dictionary that names a key twice, or whose key is not a string, is not guessed at.
    @Test func repeatedOrDamagedKeysAreLeftToDecodable() throws {
        /// A `UnitValue` dictionary of a real and "C" under the given keys.
        func payload(_ keys: (BinaryPlistWriter) -> [Int]) -> Data {
            DirectPlistWriter.write { w in
                let refs = keys(w.writer)
                let open = w.writer.open(isDictionary: true)
                let unit = w.writer.string("C")
                for (i, key) in refs.enumerated() { w.writer.add(key: key, value: i == 1 ? unit : w.writer.real(21.5)) }
                return w.writer.close(open)
            }
        }
        func walked(_ data: Data) -> UnitValue? { BinaryPlistWalk.read(data) { $0.unitValue($1) } }
        let good = payload { [$0.string("Value"), $0.string("Unit")] }
        #expect(walked(good) == UnitValue(value: 21.5, unit: "C"))
        #expect(try BinaryPlistDecoder().decode(UnitValue.self, from: good) == UnitValue(value: 21.5, unit: "C"))
        #expect(walked(payload { [$0.string("Value"), $0.string("Unit"), $0.string("Value")] }) == nil)
        #expect(walked(payload { [$0.string("Value"), $0.string("Unit"), $0.integer(3)] }) == nil)
    }

    /// Every single-byte change to a payload (all bits flipped, the lowest) and every truncation:
    /// the walk gives the value `Decodable` gives, or nothing; never another value, never a crash.
    @Test func damagedPayloadsWalkToTheSameAnswerOrToNothing() throws {
        var generator = FeedGenerator(seed: 99)
        let feed = WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 0), request: FeedRequest(count: 50, language: "en-us"),
                               cities: [FeedGenerator.fullCity(1), generator.city()])
        let payload = WeatherFeedWriter.encode(feed)
        var walked = 0, disagreements: [String] = []
        func check(_ variant: Data, _ what: @autoclosure () -> String) {
            guard let read = WeatherFeedReader.read(variant) else { return }
            walked += 1
            if !Self.same(read, Self.decoded(variant)), disagreements.count < 5 { disagreements.append(what()) }
        }
        for offset in 0..<payload.count {
            for replacement in [payload[offset] ^ 0xFF, payload[offset] ^ 0x01] {
                var variant = payload
                variant[offset] = replacement
                check(variant, "byte \(offset) → \(replacement)")
            }
            check(payload.prefix(offset), "first \(offset) bytes")
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(walked > payload.count / 2, "most changes to text and numbers still walk")
    }
}
