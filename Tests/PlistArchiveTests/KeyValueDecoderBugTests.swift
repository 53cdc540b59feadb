import Foundation
import Testing
import ArchiveTestSupport
import WeatherModels
@testable import PlistArchive
@testable import PlistArchiveFoundation

/// Three decoding bugs the seed library does not have, each test seen failing against the old decoder.
@Suite struct KeyValueDecoderBugTests {
    /// Reads `count` values from an unkeyed container, then asks `decodeNil()` once more.
    struct ReadsPastTheEnd: Decodable {
        init(from decoder: Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd { _ = try container.decode(Int.self) }
            _ = try container.decodeNil()
        }
    }

    /// A subclass-style value whose parent part lives under `super`.
    struct Child: Decodable {
        struct Parent: Decodable { var id: Int }
        enum CodingKeys: String, CodingKey { case name }
        var name: String
        var parent: Parent

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            parent = try Parent(from: container.superDecoder())
        }
    }

    @Test func numbersReadBackFromAPlistAreNumbersEvenWhenTheyAreZeroOrOne() throws {
        let one = NSNumber(value: 1)
        let zero = NSNumber(value: 0)
        #expect(try KeyValueDecoder().decode(Int.self, from: one) == 1)
        #expect(try KeyValueDecoder().decode(UInt8.self, from: zero) == 0)
        #expect(try KeyValueDecoder().decode(Double.self, from: one) == 1)
        // Through real XML, the way settings.plist comes back.
        let xml = Data("<plist version=\"1.0\"><dict><key>a</key><integer>1</integer><key>b</key><integer>0</integer></dict></plist>".utf8)
        let plist = try PropertyListSerialization.propertyList(from: xml, format: nil)
        #expect(try KeyValueDecoder().decode([String: Int].self, from: plist) == ["a": 1, "b": 0])
    }

    @Test func aSettingOfOneDoesNotCostTheWholeFile() throws {
        let store = SettingsStore<AppSettings>(url: Make.tempDirectory().appendingPathComponent("settings.plist"))
        let settings = AppSettings(count: 1)
        try store.save(settings)
        #expect(try store.load() == settings)
    }

    @Test func decodeNilAtTheEndOfAnUnkeyedContainerThrows() throws {
        #expect(throws: DecodingError.self) { try KeyValueDecoder().decode(ReadsPastTheEnd.self, from: [1, 2]) }
    }

    @Test func errorsThroughSuperDecoderNameSuperInTheKeyPath() throws {
        let plist: [String: Any] = ["name": "n", "super": ["id": "not a number"]]
        do {
            _ = try KeyValueDecoder().decode(Child.self, from: plist)
            Issue.record("decoded a string as an Int")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["super", "id"])
            #expect(context.debugDescription.contains("SELF.super.id"))
        }
    }
}
