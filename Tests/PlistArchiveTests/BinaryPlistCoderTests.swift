import Foundation
import Testing
import ArchiveTestSupport
import WeatherModels
@testable import PlistArchive

/// Every kind of value a `Codable` type can hand a coder, with the edges of each.
private struct AllKinds: Codable, Equatable {
    enum Mood: String, Codable { case calm, stormy }
    struct Empty: Codable, Equatable {}

    var int8: Int8 = .min, int16: Int16 = .min, int32: Int32 = .min, int64: Int64 = .min, int: Int = -1
    var uint8: UInt8 = .max, uint16: UInt16 = .max, uint32: UInt32 = .max, uint64: UInt64 = .max, uint: UInt = 1 << 40
    var double = -0.1, float: Float = 3.25, infinity = Double.infinity, tiny = Double.leastNonzeroMagnitude
    var yes = true, no = false
    var empty = "", ascii = "a key longer than fifteen bytes", japanese = "東京", russian = "Москва", arabic = "القاهرة"
    var astral = "rain 🌧 and 𝄞", combining = "e\u{301}", precomposed = "\u{E9}"
    var date = Date(timeIntervalSinceReferenceDate: 12_345.678), early = Date(timeIntervalSince1970: -86_400)
    var data = Data((0..<300).map { UInt8(truncatingIfNeeded: $0) }), noData = Data()
    var present: Int? = 7, absent: String? = nil
    var list: [Int] = Array(0..<40), nested: [[String]] = [["a"], [], ["b", "c"]]
    var optionals: [Int?] = [1, nil, 3]
    var map: [String: Double] = ["x": 1.5, "y": -2]
    // Keys Foundation writes as UTF-16 objects: found by comparing strings, not bytes.
    var names: [String: Int] = ["東京": 1, "Москва": 2, "e\u{301}": 3, "a key longer than fifteen bytes": 4]
    var mood = Mood.stormy, nothing = Empty()
    var moods: [Mood] = [.calm, .stormy]
}

/// A hand-written `Codable` that uses nested containers and super coders.
private struct Layered: Codable, Equatable {
    var name: String
    var base: Int
    var tags: [String]

    enum CodingKeys: String, CodingKey { case name, inner, list, parent }
    enum InnerKeys: String, CodingKey { case base }

    init(name: String, base: Int, tags: [String]) {
        self.name = name
        self.base = base
        self.tags = tags
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        base = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner).decode(Int.self, forKey: .base)
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        var tags: [String] = []
        while !list.isAtEnd { tags.append(try list.decode(String.self)) }
        self.tags = tags
        let parent = try container.superDecoder(forKey: .parent)
        #expect(try parent.singleValueContainer().decode(Int.self) == base * 2)
        #expect(try container.superDecoder().singleValueContainer().decode(String.self) == "super")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        let parent = container.superEncoder(forKey: .parent)
        var single = parent.singleValueContainer()
        try single.encode(base * 2)
        var plain = container.superEncoder().singleValueContainer()
        try plain.encode("super")
        // Filled after their parent went on: containers are written at the end.
        try inner.encode(base, forKey: .base)
        for tag in tags { try list.encode(tag) }
    }
}

/// A recursive type, for plists whose references loop.
private struct Tree: Codable, Equatable {
    var children: [Tree]
}

private func foundationBinary<T: Encodable>(_ value: T) throws -> Data {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return try encoder.encode(value)
}

@Suite struct BinaryPlistCoderTests {
    @Test func aFeedRoundTrips() throws {
        let feed = try Make.realFeed()
        let bytes = try BinaryPlistEncoder().encode(feed)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(try BinaryPlistDecoder().decode(WeatherFeed.self, from: bytes) == feed)
    }

    @Test func foundationReadsWhatItWritesAndItReadsWhatFoundationWrites() throws {
        let feed = try Make.realFeed()
        #expect(try PropertyListDecoder().decode(WeatherFeed.self, from: try BinaryPlistEncoder().encode(feed)) == feed)
        #expect(try BinaryPlistDecoder().decode(WeatherFeed.self, from: try foundationBinary(feed)) == feed)
    }

    @Test func itWritesTheSamePropertyListAsFoundation() throws {
        let feed = try Make.realFeed()
        let ours = try PropertyListSerialization.propertyList(from: try BinaryPlistEncoder().encode(feed), format: nil)
        let theirs = try PropertyListSerialization.propertyList(from: try foundationBinary(feed), format: nil)
        #expect(NSDictionary(dictionary: ours as? [String: Any] ?? [:]).isEqual(theirs as? [String: Any] ?? ["x": 1]))
    }

    @Test func everyKindOfValueRoundTripsAndCrossesToFoundationBothWays() throws {
        let value = AllKinds()
        let ours = try BinaryPlistEncoder().encode(value)
        #expect(try BinaryPlistDecoder().decode(AllKinds.self, from: ours) == value)
        #expect(try PropertyListDecoder().decode(AllKinds.self, from: ours) == value)
        #expect(try BinaryPlistDecoder().decode(AllKinds.self, from: try foundationBinary(value)) == value)
    }

    @Test func canonicallyEqualButDifferentStringsStayDifferent() throws {
        let value = AllKinds()
        let decoded = try BinaryPlistDecoder().decode(AllKinds.self, from: try BinaryPlistEncoder().encode(value))
        #expect(Array(decoded.combining.unicodeScalars) == Array(value.combining.unicodeScalars))
        #expect(Array(decoded.precomposed.unicodeScalars) == Array(value.precomposed.unicodeScalars))
    }

    /// The reader's own UTF-16 transcoding gives what the standard library's does, unpaired
    /// surrogates (which a damaged or foreign file may hold) included.
    @Test func utf16TextDecodesAsTheStandardLibraryDecodesIt() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [UInt16] = [0x41, 0x7F, 0x80, 0x7FF, 0x800, 0x6771, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF]
        var cases: [[UInt16]] = [[], Array("東京 Москва القاهرة 🌧 𝄞 e\u{301}".utf16), [0xD834, 0xDD1E], [0xDD1E, 0xD834], [0xD834], [0xD834, 0x41]]
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...12, using: &generator)
            cases.append((0..<length).map { _ in
                Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt16.random(in: 0...0xFFFF, using: &generator)
            })
        }
        for units in cases {
            let bigEndian = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            let ours = bigEndian.withUnsafeBufferPointer { BinaryPlistDocument.string(utf16BigEndian: $0) }
            #expect(Array(ours.unicodeScalars) == Array(String(decoding: units, as: UTF16.self).unicodeScalars), "\(units)")
        }
    }

    @Test func topLevelArraysAndScalars() throws {
        #expect(try BinaryPlistDecoder().decode([Int].self, from: try BinaryPlistEncoder().encode([1, 2, 3])) == [1, 2, 3])
        #expect(try BinaryPlistDecoder().decode(String.self, from: try BinaryPlistEncoder().encode("alone")) == "alone")
        let date = Date(timeIntervalSinceReferenceDate: 99)
        #expect(try BinaryPlistDecoder().decode(Date.self, from: try BinaryPlistEncoder().encode(date)) == date)
        #expect(try BinaryPlistDecoder().decode([String: Int].self, from: try BinaryPlistEncoder().encode([String: Int]())) == [:])
    }

    @Test func nestedContainersAndSuperCodersMatchFoundation() throws {
        let value = Layered(name: "Tokyo", base: 21, tags: ["a", "b"])
        let ours = try BinaryPlistEncoder().encode(value)
        #expect(try BinaryPlistDecoder().decode(Layered.self, from: ours) == value)
        #expect(try PropertyListDecoder().decode(Layered.self, from: ours) == value)
        #expect(try BinaryPlistDecoder().decode(Layered.self, from: try foundationBinary(value)) == value)
    }

    @Test func manyObjectsNeedWideReferencesAndOffsets() throws {
        // Over 65,536 objects and a body past 16 MiB: 4-byte references and offsets.
        let value = (0..<70_000).map { "string number \($0) " + String(repeating: "x", count: $0 % 500) }
        let bytes = try BinaryPlistEncoder().encode(value)
        #expect(bytes.count > 1 << 24)
        #expect(try BinaryPlistDecoder().decode([String].self, from: bytes) == value)
        #expect(try PropertyListDecoder().decode([String].self, from: bytes) == value)
    }

    // MARK: Errors

    @Test func aMissingKeyNamesItsPath() throws {
        var feed = try Make.realFeed()
        feed.cities[3].weatherText = "Sunny"
        let tree = try #require(try PropertyListSerialization.propertyList(from: try BinaryPlistEncoder().encode(feed), format: nil) as? [String: Any])
        var cities = try #require(tree["cities"] as? [[String: Any]])
        cities[3]["WeatherText"] = nil
        var damaged = tree
        damaged["cities"] = cities
        let bytes = try PropertyListSerialization.data(fromPropertyList: damaged, format: .binary, options: 0)
        #expect {
            try BinaryPlistDecoder().decode(WeatherFeed.self, from: bytes)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "WeatherText" && context.codingPath.map(\.stringValue) == ["cities", "Index 3"]
        }
        #expect(KeyedArchive.describe(try #require(decodingError { try BinaryPlistDecoder().decode(WeatherFeed.self, from: bytes) }))
                == "cities[3].WeatherText missing")
    }

    @Test func aWrongTypeIsATypeMismatchAtItsPath() throws {
        let bytes = try BinaryPlistEncoder().encode(["count": "twelve"])
        struct Counted: Decodable { var count: Int }
        #expect {
            try BinaryPlistDecoder().decode(Counted.self, from: bytes)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["count"]
        }
    }

    @Test func inexactNumbersAreRefused() throws {
        struct Small: Codable { var n: UInt8 }
        struct Signed: Codable { var n: Int64 }
        struct Whole: Codable { var n: Int }
        #expect(throws: DecodingError.self) { try BinaryPlistDecoder().decode(Small.self, from: try BinaryPlistEncoder().encode(["n": 1000])) }
        #expect(throws: DecodingError.self) { try BinaryPlistDecoder().decode(Small.self, from: try BinaryPlistEncoder().encode(["n": -1])) }
        #expect(throws: DecodingError.self) { try BinaryPlistDecoder().decode(Signed.self, from: try BinaryPlistEncoder().encode(["n": UInt64.max])) }
        #expect(throws: DecodingError.self) { try BinaryPlistDecoder().decode(Whole.self, from: try BinaryPlistEncoder().encode(["n": 2.5])) }
        #expect(try BinaryPlistDecoder().decode(Whole.self, from: try BinaryPlistEncoder().encode(["n": 2.0])).n == 2)
        #expect(try BinaryPlistDecoder().decode([Double].self, from: try BinaryPlistEncoder().encode([3])) == [3.0])
    }

    @Test func somethingElseIsCorruptAtTheTop() throws {
        for bytes in [Data(), Data("{\"json\": true}".utf8), Data("bplist00".utf8), Data(repeating: 0, count: 64)] {
            #expect {
                try BinaryPlistDecoder().decode(WeatherFeed.self, from: bytes)
            } throws: { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return false }
                return context.codingPath.isEmpty
            }
        }
    }

    @Test func everyTruncationThrowsAndRandomEditsThrowOrDecodeButNeverCrash() throws {
        var feed = try Make.realFeed()
        feed.cities = Array(feed.cities.prefix(2))
        let bytes = try BinaryPlistEncoder().encode(feed)
        Damage.forEachCopy(of: bytes, truncations: true) { damaged, damage in
            #expect(throws: DecodingError.self, "\(damage)") { try BinaryPlistDecoder().decode(WeatherFeed.self, from: damaged) }
        }
        Damage.forEachCopy(of: bytes, randomEdits: 3000) { damaged, _ in
            _ = try? BinaryPlistDecoder().decode(WeatherFeed.self, from: damaged)  // anything but a crash
        }
    }

    @Test func referencesThatLoopEndInAnErrorNotAStackOverflow() throws {
        // {children: [<the top dictionary>]}: object 0 the dictionary, 1 "children", 2 the array.
        let (bytes, _) = Self.binaryPlist([[0xD1, 1, 2], [0x58] + Array("children".utf8), [0xA1, 0]])
        #expect(throws: DecodingError.self) { try BinaryPlistDecoder().decode(Tree.self, from: Data(bytes)) }
        // The same shape without the loop decodes.
        let leaf = try BinaryPlistEncoder().encode(Tree(children: [Tree(children: [])]))
        #expect(try BinaryPlistDecoder().decode(Tree.self, from: leaf) == Tree(children: [Tree(children: [])]))
    }

    /// A collection's references, like every object, end before the offset table: one that
    /// claims more runs into the table and trailer, and is refused there, not read.
    @Test func aCollectionRunningIntoTheOffsetTableIsRefused() throws {
        // {a: 1}, then its count raised from 1 to 9: 18 references where 2 fit before the table.
        var (bytes, offsets) = Self.binaryPlist([[0xD9, 1, 2], [0x51] + Array("a".utf8), [0x10, 1]])
        #expect(bytes.count - (offsets[0] + 1) >= 18, "the references would still lie inside the file")
        #expect(throws: DecodingError.self) { try BinaryPlistDecoder().decode([String: Int].self, from: Data(bytes)) }
        bytes[offsets[0]] = 0xD1
        #expect(try BinaryPlistDecoder().decode([String: Int].self, from: Data(bytes)) == ["a": 1])
    }

    /// A binary plist made by hand of `objects` (object 0 the top), with one-byte offsets and
    /// references: the bytes, and where each object starts.
    static func binaryPlist(_ objects: [[UInt8]]) -> (bytes: [UInt8], offsets: [Int]) {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets.map(UInt8.init)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return (bytes, offsets)
    }

    private func decodingError(_ body: () throws -> Any) -> DecodingError? {
        do { _ = try body() } catch let error as DecodingError { return error } catch {}
        return nil
    }
}

@Suite struct ArchivePayloadFormatTests {
    let folder = Make.tempDirectory()
    var file: URL { folder.appendingPathComponent("WeatherFeed.plist") }

    /// Archives written before the payload had its own coder (by `PropertyListEncoder`) still load.
    @Test func anArchiveWhosePayloadFoundationWroteLoads() throws {
        let feed = try Make.realFeed()
        try DataRootArchive.encode(try foundationBinary(feed)).write(to: file)
        #expect(try KeyedArchive.unarchive(WeatherFeed.self, from: file) == feed)
    }

    @Test func anXMLPayloadIsReadByFoundation() throws {
        let feed = try Make.realFeed()
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        try DataRootArchive.encode(try encoder.encode(feed)).write(to: file)
        #expect(try KeyedArchive.unarchive(WeatherFeed.self, from: file) == feed)
    }

    @Test func aPayloadOfTheWrongShapeIsCorruptWithWhereItWentWrong() throws {
        try DataRootArchive.encode(try BinaryPlistEncoder().encode(["cities": [["Key": "x"]]])).write(to: file)
        #expect {
            try KeyedArchive.unarchive(WeatherFeed.self, from: file)
        } throws: { error in
            guard case ArchiveError.corrupt(let reason) = error else { return false }
            return reason.contains("missing")
        }
    }
}
