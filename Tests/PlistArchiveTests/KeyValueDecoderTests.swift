import Foundation
import Testing
@testable import PlistArchive
@testable import PlistArchiveFoundation

@Suite struct KeyValueDecoderTests {
    struct User: Codable, Equatable {
        var id: Int
        var name: String
    }

    struct Flags: Codable, Equatable {
        var on: Bool
        var count: UInt8
        var ratio: Double
    }

    /// The `debugDescription` of the `DecodingError` that `body` throws.
    static func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
                return context.debugDescription
            @unknown default: return nil
            }
        } catch {
            return "\(error)"
        }
    }

    @Test func errorsNameTheKeyPathAsTheSeedPrintsIt() throws {
        let decoder = KeyValueDecoder()
        #expect(Self.failure { _ = try decoder.decode([String].self, from: ["fish", 1] as [Any]) } == "Expected String at SELF[1], found Int")
        #expect(Self.failure { _ = try decoder.decode([User].self, from: [["id": 1, "name": "H"], ["id": 2, "name": Int?.none as Any]]) }
            == "Expected String at SELF[1].name, found nil")
        #expect(Self.failure { _ = try decoder.decode([User].self, from: [["id": 1]]) } == "Dictionary does not contain key SELF[0].name")
        #expect(Self.failure { _ = try decoder.decode([UInt8].self, from: [10, 100, 1000]) } == "Int at SELF[2], cannot be exactly represented by UInt8")
        #expect(Self.failure { _ = try decoder.decode([Int].self, from: [0, 1, true] as [Any]) } == "Expected BinaryInteger at SELF[2], found Bool")
        #expect(Self.failure { _ = try decoder.decode(Int.self, from: NSNull()) } == "Expected BinaryInteger at SELF, found NSNull")
        #expect(Self.failure { _ = try decoder.decode(Int.self, from: Int?.none as Any) } == "Expected BinaryInteger at SELF, found nil")
    }

    @Test func aNilIsValueNotFoundAndAWrongTypeIsATypeMismatch() throws {
        #expect(throws: DecodingError.self) { try KeyValueDecoder().decode(String.self, from: Int?.none as Any) }
        do {
            _ = try KeyValueDecoder.makePlistCompatible().decode(User.self, from: ["id": 1, "name": "$null"])
            Issue.record("read $null as a String")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["name"])
        }
    }

    @Test func nilDecodingStrategies() throws {
        var decoder = KeyValueDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(String?.self, from: NSNull()) }
        #expect(try decoder.decode(String?.self, from: "$null") == "$null")
        #expect(try decoder.decode([Int?].self, from: [1, Int?.none as Any]) == [1, nil])
        decoder.nilDecodingStrategy = .nsNull
        #expect(try decoder.decode([Int?].self, from: [1, NSNull()] as [Any]) == [1, nil])
        decoder.nilDecodingStrategy = .stringNull
        #expect(try decoder.decode([Int?].self, from: [1, "$null"] as [Any]) == [1, nil])
        decoder.nilDecodingStrategy = .removed
        #expect(try decoder.decode([Int?].self, from: [1, 2]) == [1, 2])
    }

    @Test func numbersAreReadByTheirOwnType() throws {
        let decoder = KeyValueDecoder()
        // A plist's <true/> is a Bool; its <integer>1</integer> is a number.
        let xml = Data("""
            <plist version="1.0"><dict><key>on</key><true/><key>count</key><integer>1</integer>\
            <key>ratio</key><integer>0</integer></dict></plist>
            """.utf8)
        let plist = try PropertyListSerialization.propertyList(from: xml, format: nil)
        #expect(try decoder.decode(Flags.self, from: plist) == Flags(on: true, count: 1, ratio: 0))
        #expect(try decoder.decode(Bool.self, from: true) == true)
        #expect(try decoder.decode(Bool.self, from: NSNumber(value: false)) == false)
        // As the seed's `as? Bool` does, an NSNumber 0 or 1 is a Bool; nothing else numeric is.
        #expect(try decoder.decode(Bool.self, from: NSNumber(value: 1)) == true)
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: 1) }
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: NSNumber(value: 2)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: 1.5) }
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: "true") }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: NSNumber(value: true)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Double.self, from: true) }
    }

    @Test func inexactNumbersAreRefusedUnlessTheStrategySaysOtherwise() throws {
        var decoder = KeyValueDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: 1.5) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: NSNumber(value: 1.5)) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt8.self, from: 300) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: Double.nan) }
        #expect(try decoder.decode([Int8].self, from: [10, 20.0, -30.0, Int64(50), NSNumber(value: 60.0)] as [Any]) == [10, 20, -30, 50, 60])

        decoder.intDecodingStrategy = .rounding(rule: .toNearestOrAwayFromZero)
        #expect(try decoder.decode([Int].self, from: [10.1, -20.9, 50.00001]) == [10, -21, 50])
        #expect(throws: DecodingError.self) { try decoder.decode(UInt8.self, from: 300) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt8.self, from: 255.5) }

        decoder.intDecodingStrategy = .clamping(roundingRule: .toNearestOrAwayFromZero)
        #expect(try decoder.decode([Int8].self, from: [10, 20.5, 1000, -Double.infinity]) == [10, 21, 127, -128])
        #expect(try decoder.decode(UInt8.self, from: -1) == 0)
        #expect(try decoder.decode(UInt64.self, from: Double.infinity) == .max)
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: Double.nan) }

        decoder.intDecodingStrategy = .clamping(roundingRule: nil)
        #expect(try decoder.decode(Int8.self, from: 1000.0) == 127)
        #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: 20.5) }
    }

    /// `I`'s edges survive a round trip in memory and through an XML plist; one past them is
    /// refused, and clamped to them when asked.
    func checkEdges<I: FixedWidthInteger & Codable>(_ type: I.Type) throws {
        let values: [I] = [.min, .min + 1, 0, .max - 1, .max]
        let inMemory = try #require(try KeyValueEncoder().encode(values))
        #expect(try KeyValueDecoder().decode([I].self, from: inMemory) == values, "\(type) in memory")
        let plist = try #require(try KeyValueEncoder.makePlistCompatible().encode(values))
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        let back = try PropertyListSerialization.propertyList(from: xml, format: nil)
        #expect(try KeyValueDecoder().decode([I].self, from: back) == values, "\(type) through XML")

        let above: Any = I.max < Int64.max ? Int64(I.max) + 1 as Any
            : (I.isSigned ? UInt64(I.max) + 1 as Any : 18_446_744_073_709_551_616.0 as Any)
        let below: Any = I.min == 0 ? -1 as Any : (I.min > Int64.min ? Int64(I.min) - 1 as Any : -9_223_372_036_854_777_856.0 as Any)
        #expect(throws: DecodingError.self, "\(type) above max") { try KeyValueDecoder().decode(I.self, from: above) }
        #expect(throws: DecodingError.self, "\(type) below min") { try KeyValueDecoder().decode(I.self, from: below) }
        var clamping = KeyValueDecoder()
        clamping.intDecodingStrategy = .clamping(roundingRule: nil)
        #expect(try clamping.decode(I.self, from: above) == .max, "\(type) clamped")
        #expect(try clamping.decode(I.self, from: below) == .min, "\(type) clamped")
    }

    @Test func integersAtTheEdgesOfEveryIntegerType() throws {
        try checkEdges(Int.self)
        try checkEdges(Int8.self)
        try checkEdges(Int16.self)
        try checkEdges(Int32.self)
        try checkEdges(Int64.self)
        try checkEdges(UInt.self)
        try checkEdges(UInt8.self)
        try checkEdges(UInt16.self)
        try checkEdges(UInt32.self)
        try checkEdges(UInt64.self)
    }

    @Test func realNumbersAndDecimals() throws {
        let decoder = KeyValueDecoder()
        #expect(try decoder.decode([Double].self, from: [5.5, Float(-0.5), -10, UInt64.max] as [Any]) == [5.5, -0.5, -10, Double(UInt64.max)])
        #expect(try decoder.decode(Float.self, from: NSNumber(value: 50.5)) == 50.5)
        #expect(try decoder.decode([Decimal].self, from: [Decimal(10), 20.0, 30, UInt64.max] as [Any]) == [10, 20, 30, Decimal(UInt64.max)])
        #expect(try decoder.decode(Decimal.self, from: 1.1) == Decimal(string: "1.1"))
        #expect(try decoder.decode(Decimal.self, from: NSNumber(value: 2)) == 2)
        #expect(throws: DecodingError.self) { try decoder.decode(Decimal.self, from: "1.1") }
        #expect(try decoder.decode(Int.self, from: Decimal(42)) == 42)
    }

    @Test func urlsFromURLsAndStrings() throws {
        let url = try #require(URL(string: "https://fish.com/a"))
        #expect(try KeyValueDecoder().decode(URL.self, from: url) == url)
        #expect(try KeyValueDecoder().decode(URL.self, from: "https://fish.com/a") == url)
        #expect(throws: DecodingError.self) { try KeyValueDecoder().decode(URL.self, from: "") }
        #expect(throws: DecodingError.self) { try KeyValueDecoder().decode(URL.self, from: 1) }
    }

    @Test func unkeyedDecodeNilMovesOnOnlyPastANil() throws {
        struct Reads: Decodable, Equatable {
            var nils: [Bool]
            var last: Int
            init(from decoder: Decoder) throws {
                var container = try decoder.unkeyedContainer()
                nils = [try container.decodeNil(), try container.decodeNil()]
                last = try container.decode(Int.self)
                #expect(container.isAtEnd)
            }
        }
        let reads = try KeyValueDecoder().decode(Reads.self, from: [Int?.none as Any, -10])
        #expect(reads.nils == [true, false] && reads.last == -10)
    }

    @Test func nestedSuperDecoderForAKey() throws {
        struct Wrapper: Decodable, Equatable {
            enum CodingKeys: String, CodingKey { case id }
            var id: Int
            init(from decoder: Decoder) throws {
                id = try Int(from: decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .id))
            }
        }
        #expect(try KeyValueDecoder().decode(Wrapper.self, from: ["id": 1]).id == 1)
        #expect(Self.failure { _ = try KeyValueDecoder().decode(Wrapper.self, from: ["id": "x"]) } == "Expected BinaryInteger at SELF.id, found String")
    }
}
