import Foundation
import Testing
import WeatherModels
@testable import PlistArchive
@testable import PlistArchiveFoundation

/// `PlistValueEncoder`/`PlistValueDecoder` against the coders the settings store used before:
/// `KeyValueEncoder.makePlistCompatible()` with nils removed, written by
/// `PropertyListSerialization`, and `KeyValueDecoder.makePlistCompatible()` over what
/// `PropertyListSerialization` reads.
@Suite struct PlistValueCoderTests {
    enum Mood: String, Codable, Equatable { case calm, stormy }
    enum Level: Int, Codable, Equatable { case low = 1, high = 9 }

    struct Inner: Codable, Equatable {
        var name: String
        var level: Level?
        var tags: [String]
    }

    struct Everything: Codable, Equatable {
        var text: String
        var flag: Bool
        var int: Int
        var int8: Int8
        var uint64: UInt64
        var double: Double
        var float: Float
        var date: Date
        var data: Data
        var url: URL
        var mood: Mood
        var optionalMood: Mood?
        var missing: String?
        var inner: Inner
        var inners: [Inner]
        var optionals: [Int?]
        var nested: [[Int]]
        var table: [String: Double]
    }

    static let everything = Everything(
        text: "a & <b>", flag: true, int: -7, int8: 100, uint64: .max, double: 21.5, float: 0.1, date: Date(timeIntervalSince1970: 1_795_428_000),
        data: Data([1, 2, 3]), url: URL(string: "https://example.com/a?b=c")!, mood: .stormy, optionalMood: nil, missing: nil,
        inner: Inner(name: "x", level: .high, tags: []), inners: [Inner(name: "y", level: nil, tags: ["1", "2"])],
        optionals: [1, nil, 3], nested: [[], [1, 2]], table: ["b": 1, "a": 0.5])

    /// The bytes the settings store wrote before: the old encoder, then `PropertyListSerialization`.
    static func oldFile<T: Encodable>(_ value: T) throws -> Data {
        var encoder = KeyValueEncoder.makePlistCompatible()
        encoder.nilEncodingStrategy = .removed
        let plist = try encoder.encode(value) ?? [String: Any]()
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    }

    static func newFile<T: Encodable>(_ value: T) throws -> Data { XMLPlist.serialize(try PlistValueEncoder().encode(value)) }

    @Test func theFileIsByteForByteWhatTheOldCodersWrote() throws {
        let settings = [AppSettings(), AppSettings(units: .imperial, sortField: .temperature, sortDescending: true, count: 1, language: "fr-fr", selectedCityKey: "178087")]
        for value in settings {
            #expect(String(decoding: try Self.newFile(value), as: UTF8.self) == String(decoding: try Self.oldFile(value), as: UTF8.self))
        }
        #expect(String(decoding: try Self.newFile(Self.everything), as: UTF8.self) == String(decoding: try Self.oldFile(Self.everything), as: UTF8.self))
    }

    @Test func valuesRoundTrip() throws {
        for value in [AppSettings(), AppSettings(units: .imperial, sortField: .country, sortDescending: true, count: 100, language: "ja-jp", selectedCityKey: "1")] {
            let plist = try PlistValueEncoder().encode(value)
            #expect(try PlistValueDecoder().decode(AppSettings.self, from: plist) == value)
            #expect(try PlistValueDecoder().decode(AppSettings.self, from: try XMLPlist.parse(XMLPlist.serialize(plist))) == value)
        }
        var expected = Self.everything
        expected.optionals = [1, 3]  // a nil element is dropped, as the old encoder dropped it
        let plist = try PlistValueEncoder().encode(Self.everything)
        #expect(try PlistValueDecoder().decode(Everything.self, from: plist) == expected)
        #expect(try PlistValueDecoder().decode(Everything.self, from: try XMLPlist.parse(XMLPlist.serialize(plist))) == expected)
    }

    @Test func whatIsWrittenForEachKind() throws {
        let plist = try PlistValueEncoder().encode(Self.everything)
        let entries = try #require(plist.dictionaryValue)
        #expect(entries["missing"] == nil && entries["optionalMood"] == nil)
        #expect(entries["flag"] == .bool(true))
        #expect(entries["int"] == .integer(-7))
        #expect(entries["uint64"] == .unsigned(.max))
        #expect(entries["float"] == .real(Double(Float(0.1))))
        #expect(entries["mood"] == .string("stormy"))
        #expect(entries["url"] == .string("https://example.com/a?b=c"))
        #expect(entries["optionals"] == .array([.integer(1), .integer(3)]))
        #expect(entries["inner"] == .dictionary(["name": .string("x"), "level": .integer(9), "tags": .array([])]))
        #expect(try PlistValueEncoder().encode(Level.low) == .integer(1))
        #expect(try PlistValueEncoder().encode(PlistValue.array([.bool(false)])) == .array([.bool(false)]))
        #expect(throws: EncodingError.self) { try PlistValueEncoder().encode(Optional<Int>.none) }
    }

    struct Probe<T: Decodable>: Decodable { var v: T }

    /// The old decoder's verdict (value or error kind) on what Foundation reads from the same XML.
    static func oldDecode<T: Decodable & Equatable>(_ type: T.Type, _ value: PlistValue) -> String {
        do {
            let object = try PropertyListSerialization.propertyList(from: XMLPlist.serialize(.dictionary(["v": value])), format: nil)
            return "\(try KeyValueDecoder.makePlistCompatible().decode(Probe<T>.self, from: object).v)"
        } catch {
            return "error"
        }
    }

    static func newDecode<T: Decodable & Equatable>(_ type: T.Type, _ value: PlistValue) -> String {
        do {
            return "\(try PlistValueDecoder().decode(Probe<T>.self, from: .dictionary(["v": value])).v)"
        } catch {
            return "error"
        }
    }

    static let samples: [PlistValue] = [
        .integer(0), .integer(1), .integer(-1), .integer(7), .integer(255), .integer(256), .integer(.max), .integer(.min), .unsigned(.max),
        .real(0), .real(1), .real(3), .real(3.5), .real(-2), .real(1e20), .real(.nan), .real(.infinity), .real(0.1),
        .bool(true), .bool(false), .string("1"), .string("$null"), .string(""), .string("https://x.org"), .data(Data([1])),
        .date(Date(timeIntervalSince1970: 0)), .array([]), .dictionary([:]),
    ]

    @Test func numbersAndScalarsDecodeAsTheOldDecoderDecodedThem() throws {
        func compare<T: Decodable & Equatable>(_ type: T.Type) {
            for sample in Self.samples {
                #expect(Self.newDecode(type, sample) == Self.oldDecode(type, sample), "\(sample) as \(type)")
            }
        }
        compare(Int.self); compare(Int8.self); compare(UInt8.self); compare(UInt64.self); compare(Int64.self)
        compare(Double.self); compare(Float.self); compare(Bool.self); compare(String.self); compare(Date.self); compare(Data.self)
        compare(URL.self); compare(Mood.self); compare(Level.self); compare(Int?.self); compare(String?.self); compare([Int].self)
    }

    @Test func errorsCarryTheCodingPath() throws {
        struct City: Decodable { var Key: String; var Temperature: Double }
        struct Feed: Decodable { var cities: [City] }
        let city = PlistValue.dictionary(["Key": .string("1"), "Temperature": .real(2)])
        let broken = PlistValue.dictionary(["cities": .array([city, city, city, .dictionary(["Key": .string("4")])])])
        do {
            _ = try PlistValueDecoder().decode(Feed.self, from: broken)
            Issue.record("decoded")
        } catch let error as DecodingError {
            #expect(KeyedArchive.describe(error) == "cities[3].Temperature missing")
        }
        let wrong = PlistValue.dictionary(["cities": .array([.dictionary(["Key": .integer(4), "Temperature": .real(1)])])])
        do {
            _ = try PlistValueDecoder().decode(Feed.self, from: wrong)
            Issue.record("decoded")
        } catch let error as DecodingError {
            #expect(KeyedArchive.describe(error) == "cities[0].Key has the wrong type")
            guard case .typeMismatch = error else { Issue.record("\(error)"); return }
        }
        #expect(throws: DecodingError.self) { try PlistValueDecoder().decode(AppSettings.self, from: .array([])) }
        #expect(throws: DecodingError.self) { try PlistValueDecoder().decode(Probe<Int>.self, from: .dictionary(["v": .string("$null")])) }
        #expect(try PlistValueDecoder().decode(Probe<Int?>.self, from: .dictionary(["v": .string("$null")])).v == nil)
    }

    class Base: Codable { var a = 1 }
    final class Derived: Base {
        var b = 2
        enum CodingKeys: String, CodingKey { case b }
        override init() { super.init() }
        required init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            b = try container.decode(Int.self, forKey: .b)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(b, forKey: .b)
            try super.encode(to: container.superEncoder())
        }
    }

    /// Nils written explicitly (not through `encodeIfPresent`) are left out too.
    struct ExplicitNils: Encodable {
        enum CodingKeys: String, CodingKey { case a, b, c, list }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeNil(forKey: .a)
            try container.encode(Optional<Int>.none, forKey: .b)
            try container.encode(Optional<Int>.some(3), forKey: .c)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encodeNil()
            try list.encode(Optional<String>.none)
            try list.encode("x")
        }
    }

    @Test func explicitNilsAreLeftOutAsTheOldEncoderLeftThemOut() throws {
        #expect(try PlistValueEncoder().encode(ExplicitNils()) == .dictionary(["c": .integer(3), "list": .array([.string("x")])]))
        #expect(String(decoding: try Self.newFile(ExplicitNils()), as: UTF8.self) == String(decoding: try Self.oldFile(ExplicitNils()), as: UTF8.self))
    }

    @Test func superEncodersUseTheSuperKey() throws {
        let value = Derived()
        value.a = 5
        let plist = try PlistValueEncoder().encode(value)
        #expect(plist == .dictionary(["b": .integer(2), "super": .dictionary(["a": .integer(5)])]))
        #expect(try PlistValueDecoder().decode(Derived.self, from: plist).a == 5)
    }
}
