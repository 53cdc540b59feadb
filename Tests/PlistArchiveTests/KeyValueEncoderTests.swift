import Foundation
import Testing
@testable import PlistArchive
@testable import PlistArchiveFoundation

@Suite struct KeyValueEncoderTests {
    struct Person: Codable, Equatable {
        var firstName: String
        var profileURL: URL?
        var relNODESLink: Int?
    }

    struct Nested: Codable, Equatable {
        var twice: Int??
        var list: [String?]?
    }

    enum Food: String, Codable { case fish, chips }

    static func encoder(_ strategy: NilCodingStrategy) -> KeyValueEncoder {
        var encoder = KeyValueEncoder()
        encoder.nilEncodingStrategy = strategy
        return encoder
    }

    @Test func valuesBecomeTheirLooselyTypedForm() throws {
        #expect(try KeyValueEncoder().encode(Food.fish) as? String == "fish")
        #expect(try KeyValueEncoder().encode(["fish", "chips"]) as? [String] == ["fish", "chips"])
        let person = try #require(try KeyValueEncoder().encode(Person(firstName: "A", profileURL: nil, relNODESLink: 1)) as? [String: Any])
        #expect(person["firstName"] as? String == "A")
        #expect(person["relNODESLink"] as? Int == 1)
        #expect(person.keys.sorted() == ["firstName", "relNODESLink"])
    }

    @Test func nilAtTheTopFollowsTheStrategy() throws {
        #expect(try Self.encoder(.removed).encode(Int?.none) == nil)
        #expect(try Self.encoder(.stringNull).encode(Int?.none) as? String == "$null")
        #expect(try Self.encoder(.nsNull).encode(Int?.none) is NSNull)
        let kept = try Self.encoder(.default).encode(Int?.none)
        #expect(kept.map { NilCodingStrategy.isOptionalNone($0) } == true)
    }

    @Test func nilInAnArrayFollowsTheStrategy() throws {
        let values: [Int?] = [1, 2, nil, 3]
        #expect(try Self.encoder(.removed).encode(values) as? [Int] == [1, 2, 3])
        let strings = try #require(try Self.encoder(.stringNull).encode(values) as? [Any])
        #expect(strings[2] as? String == "$null")
        let nulls = try #require(try Self.encoder(.nsNull).encode(values) as? [Any])
        #expect(nulls[2] is NSNull)
        let kept = try #require(try Self.encoder(.default).encode(values) as? [Any])
        #expect(kept.count == 4 && NilCodingStrategy.isOptionalNone(kept[2]))
    }

    @Test(arguments: ["removed", "stringNull", "nsNull", "default"])
    func optionalsAtEveryDepthRoundTrip(_ name: String) throws {
        let strategy: NilCodingStrategy = switch name {
        case "removed": .removed
        case "stringNull": .stringNull
        case "nsNull": .nsNull
        default: .default
        }
        var decoder = KeyValueDecoder()
        decoder.nilDecodingStrategy = strategy
        let encoder = Self.encoder(strategy)
        // `.some(nil)` of a double optional reads back as nil, as with every Foundation coder.
        let cases: [(Nested, Nested)] = [
            (Nested(twice: .some(.some(1)), list: ["a", nil, "b"]), Nested(twice: 1, list: name == "removed" ? ["a", "b"] : ["a", nil, "b"])),
            (Nested(twice: .some(.none), list: nil), Nested(twice: .none, list: nil)),
            (Nested(twice: .none, list: []), Nested(twice: .none, list: [])),
        ]
        for (value, expected) in cases {
            let encoded = try #require(try encoder.encode(value))
            #expect(try decoder.decode(Nested.self, from: encoded) == expected)
        }
        let top: [String?]? = [nil]
        let encoded = try encoder.encode(top)
        #expect(try decoder.decode([String?]?.self, from: encoded as Any) == (name == "removed" ? [] : [nil]))
    }

    @Test func snakeCaseKeys() throws {
        var encoder = KeyValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let person = Person(firstName: "fish", profileURL: URL(string: "https://a.b"), relNODESLink: 2)
        let dict = try #require(try encoder.encode(person) as? [String: Any])
        #expect(dict.keys.sorted() == ["first_name", "profile_url", "rel_nodes_link"])
        var decoder = KeyValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Person.self, from: dict) == person)
    }

    @Test func dateStrategies() throws {
        let date = Date(timeIntervalSince1970: 1_500)
        var encoder = KeyValueEncoder()
        var decoder = KeyValueDecoder()
        #expect(try encoder.encode(date) as? Date == date)
        encoder.dateEncodingStrategy = .secondsSince1970
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try encoder.encode(date) as? Int64 == 1_500)
        #expect(try decoder.decode(Date.self, from: try #require(try encoder.encode(date))) == date)
        encoder.dateEncodingStrategy = .millisecondsSince1970
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try encoder.encode(date) as? Int64 == 1_500_000)
        #expect(try decoder.decode(Date.self, from: 1_500_000) == date)
        encoder.dateEncodingStrategy = .iso8601()
        decoder.dateDecodingStrategy = .iso8601()
        #expect(try encoder.encode(Date(timeIntervalSince1970: 0)) as? String == "1970-01-01T00:00:00Z")
        #expect(try decoder.decode(Date.self, from: "1970-01-01T00:25:00Z") == date)
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: "yesterday") }
        encoder.dateEncodingStrategy = .secondsSince1970
        #expect(throws: EncodingError.self) { try encoder.encode(Date(timeIntervalSince1970: 1e300)) }
    }

    @Test func urlAndDecimalStayAsTheyAreUnlessPlistNative() throws {
        let url = try #require(URL(string: "https://fish.com"))
        let decimal = try #require(Decimal(string: "1.25"))
        #expect(try KeyValueEncoder().encode(url) as? URL == url)
        #expect(try KeyValueEncoder().encode(decimal) as? Decimal == decimal)
        let plist = KeyValueEncoder.makePlistCompatible()
        #expect(try plist.encode(url) as? String == "https://fish.com")
        #expect(try plist.encode(decimal) as? Double == 1.25)
        #expect(try KeyValueDecoder().decode(URL.self, from: try #require(try plist.encode(url))) == url)
    }

    @Test func plistCompatibleOutputSurvivesPropertyListSerialization() throws {
        let value = Nested(twice: .some(.none), list: ["a", nil])
        let encoded = try #require(try KeyValueEncoder.makePlistCompatible().encode(value))
        let xml = try PropertyListSerialization.data(fromPropertyList: encoded, format: .xml, options: 0)
        let back = try PropertyListSerialization.propertyList(from: xml, format: nil)
        #expect(try KeyValueDecoder.makePlistCompatible().decode(Nested.self, from: back) == Nested(twice: .none, list: ["a", nil]))
    }

    @Test func superEncoderWritesUnderSuperAndReadsBack() throws {
        let value = Child(name: "n", id: 7)
        let dict = try #require(try KeyValueEncoder().encode(value) as? [String: Any])
        #expect((dict["super"] as? [String: Any])?["id"] as? Int == 7)
        #expect(try KeyValueDecoder().decode(Child.self, from: dict) == value)
    }

    struct Child: Codable, Equatable {
        struct Parent: Codable { var id: Int }
        enum CodingKeys: String, CodingKey { case name }
        var name: String
        var id: Int

        init(name: String, id: Int) {
            self.name = name
            self.id = id
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            id = try Parent(from: container.superDecoder()).id
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try Parent(id: id).encode(to: container.superEncoder())
        }
    }
}
