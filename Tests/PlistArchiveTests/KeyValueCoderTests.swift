import Foundation
import Testing
import ArchiveTestSupport
import WeatherModels
@testable import PlistArchive
@testable import PlistArchiveFoundation

@Suite struct KeyValueCoderTests {
    struct Person: Codable, Equatable {
        var name: String
        var age: UInt8
        var nickname: String?
        var scores: [Double]
    }

    @Test func structsBecomePlistNativeValuesAndBack() throws {
        let people = [Person(name: "A", age: 30, nickname: nil, scores: [1.5]), Person(name: "B", age: 4, nickname: "b", scores: [])]
        let encoded = try #require(try KeyValueEncoder.makePlistCompatible().encode(people))
        let array = try #require(encoded as? [Any])
        let first = try #require(array.first as? [String: Any])
        #expect(first["name"] as? String == "A")
        #expect(first["nickname"] == nil)
        #expect(try KeyValueDecoder().decode([Person].self, from: encoded) == people)
        // What it produces is a property list: it survives XML serialization.
        let xml = try PropertyListSerialization.data(fromPropertyList: encoded, format: .xml, options: 0)
        let back = try PropertyListSerialization.propertyList(from: xml, format: nil)
        #expect(try KeyValueDecoder().decode([Person].self, from: back) == people)
    }

    @Test func nilStrategies() throws {
        let values: [String?] = ["a", nil]
        var encoder = KeyValueEncoder()
        encoder.nilEncodingStrategy = .removed
        #expect((try encoder.encode(values) as? [String]) == ["a"])
        encoder.nilEncodingStrategy = .stringNull
        #expect((try encoder.encode(values) as? [String]) == ["a", "$null"])
        encoder.nilEncodingStrategy = .default
        let kept = try #require(try encoder.encode(values) as? [Any])
        #expect(kept.count == 2)
        #expect(try KeyValueDecoder.makePlistCompatible().decode([String?].self, from: ["a", "$null"]) == ["a", nil])
    }

    @Test func errorsNameTheKeyPath() throws {
        let plist: [Any] = [["name": "A", "age": 1, "scores": []], ["age": 2, "scores": []]]
        do {
            _ = try KeyValueDecoder().decode([Person].self, from: plist)
            Issue.record("decoded a person without a name")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "name")
            #expect(context.debugDescription.contains("SELF[1].name"))
        }
    }

    @Test func inexactNumbersAreRefused() throws {
        #expect(throws: DecodingError.self) { try KeyValueDecoder().decode(UInt8.self, from: 1000) }
        #expect(throws: DecodingError.self) { try KeyValueDecoder().decode(Int.self, from: 1.5) }
        #expect(throws: DecodingError.self) { try KeyValueDecoder().decode(Int.self, from: "12") }
        #expect(try KeyValueDecoder().decode(UInt8.self, from: 255) == 255)
        #expect(try KeyValueDecoder().decode(Int.self, from: 3.0) == 3)
        do {
            _ = try KeyValueDecoder().decode([Person].self, from: [["name": "A", "age": 1000, "scores": []]])
            Issue.record("1000 fit a UInt8")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.debugDescription.contains("SELF[0].age"))
        }
    }

    @Test func settingsAreAReadableXMLPlist() throws {
        let url = Make.tempDirectory().appendingPathComponent("settings.plist")
        let store = SettingsStore<AppSettings>(url: url)
        let settings = AppSettings(units: .imperial, sortField: .country, sortDescending: true, count: 150, language: "ja-jp", selectedCityKey: "226396")
        try store.save(settings)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("<key>units</key>") && text.contains("<string>imperial</string>"))
        #expect(try store.load() == settings)
        try Data("<plist><dict><key>units</key><string>kelvin</string></dict></plist>".utf8).write(to: url)
        #expect(throws: ArchiveError.self) { try store.load() }
    }
}
