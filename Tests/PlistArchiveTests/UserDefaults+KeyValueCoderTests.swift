import Foundation
import Testing
@testable import PlistArchive
@testable import PlistArchiveFoundation

@Suite struct UserDefaultsKeyValueCoderTests {
    struct User: Codable, Equatable {
        var id: Int
        var name: String
        var homepage: URL?
    }

    /// A fresh suite, removed with its file when `body` returns.
    func withSuite(_ body: (UserDefaults, String) throws -> Void) throws {
        let suite = "weather-tui.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        try body(defaults, suite)
    }

    /// Where swift-corelibs-foundation writes a suite: `$XDG_CONFIG_HOME` (else `~/.config`)`/<suite>.plist`.
    static func fileOnDisk(_ suite: String) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".config")
        return home.appendingPathComponent("\(suite).plist")
    }

    @Test func aStructIsStoredAsADictionaryAndPersists() throws {
        try withSuite { defaults, suite in
            let user = User(id: 1, name: "Herbert", homepage: URL(string: "https://fish.com/a?b=c"))
            try defaults.encode(user, forKey: "owner")
            let stored = try #require(defaults.dictionaryRepresentation()["owner"] as? [String: Any])
            #expect(stored["id"] as? Int == 1)
            #expect(stored["name"] as? String == "Herbert")
            #expect(stored["homepage"] as? String == "https://fish.com/a?b=c")
            #expect(try defaults.decode(User.self, forKey: "owner") == user)

            #expect(defaults.synchronize())
            let again = try #require(UserDefaults(suiteName: suite))
            #expect(try again.decode(User.self, forKey: "owner") == user)
            #if os(Linux)
            // A new instance in this process shares Foundation's cache, so read the file itself.
            let data = try Data(contentsOf: Self.fileOnDisk(suite))
            let onDisk = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            #expect(try KeyValueDecoder().decode(User.self, from: onDisk["owner"] as Any) == user)
            #endif
        }
    }

    @Test func aURLStaysTheURLItWas() throws {
        try withSuite { defaults, _ in
            let url = try #require(URL(string: "https://fish.com"))
            try defaults.encode(url, forKey: "url")
            #expect(try defaults.decode(URL.self, forKey: "url") == url)
            try defaults.encode(URL(fileURLWithPath: "/fish"), forKey: "file")
            #expect(try defaults.decode(URL.self, forKey: "file") == URL(fileURLWithPath: "/fish"))
            defaults.set("/chips", forKey: "path")
            #expect(try defaults.decode(URL.self, forKey: "path") == URL(fileURLWithPath: "/chips"))
        }
    }

    @Test func aDurationIsStoredAsItsComponents() throws {
        try withSuite { defaults, suite in
            try defaults.encode(Duration.nanoseconds(1), forKey: "duration")
            let stored = try #require(defaults.dictionaryRepresentation()["duration"] as? [Any])
            #expect(stored.compactMap { KVNumber($0)?.double } == [0, 1_000_000_000])
            #expect(try defaults.decode(Duration.self, forKey: "duration") == .nanoseconds(1))
            try defaults.encode(Duration.seconds(-1.5), forKey: "negative")
            #expect(defaults.synchronize())
            #expect(try UserDefaults(suiteName: suite)?.decode(Duration.self, forKey: "negative") == .seconds(-1.5))
        }
    }

    @Test func nilRemovesTheKeyAndAMissingKeyIsNil() throws {
        try withSuite { defaults, _ in
            #expect(try defaults.decode([Int].self, forKey: "counts") == nil)
            try defaults.encode([1, 2, 3], forKey: "counts")
            #expect(try defaults.decode([Int].self, forKey: "counts") == [1, 2, 3])
            try defaults.encode([Int]?.none, forKey: "counts")
            #expect(defaults.object(forKey: "counts") == nil)
            #expect(try defaults.decode([Int].self, forKey: "counts") == nil)
        }
    }

    @Test func nilsInsideAValueAreStoredAsTheNullString() throws {
        try withSuite { defaults, _ in
            try defaults.encode([1, nil, 3] as [Int?], forKey: "values")
            #expect(defaults.array(forKey: "values")?.compactMap { $0 as? String } == ["$null"])
            #expect(try defaults.decode([Int?].self, forKey: "values") == [1, nil, 3])
        }
    }

    @Test func scalarsAreReadAsUserDefaultsReadsThem() throws {
        try withSuite { defaults, _ in
            try defaults.encode(true, forKey: "flag")
            #expect(try defaults.decode(Bool.self, forKey: "flag") == true)
            try defaults.encode(false, forKey: "flag")
            #expect(try defaults.decode(Bool.self, forKey: "flag") == false)
            defaults.set("YES", forKey: "flag")
            #expect(try defaults.decode(Bool.self, forKey: "flag") == true)
            defaults.set("2", forKey: "number")
            #expect(try defaults.decode(Int.self, forKey: "number") == 2)
            defaults.set("2.5", forKey: "number")
            #expect(try defaults.decode(Double.self, forKey: "number") == 2.5)
            #expect(try defaults.decode(Float.self, forKey: "number") == 2.5)
            try defaults.encode(Decimal(string: "1.25"), forKey: "decimal")
            #expect(try defaults.decode(Decimal.self, forKey: "decimal") == Decimal(string: "1.25"))
        }
    }

    @Test func integersAtTheEdgesSurviveTheStore() throws {
        try withSuite { defaults, suite in
            try defaults.encode([Int64.min, Int64.max], forKey: "signed")
            try defaults.encode([UInt64.min, UInt64.max], forKey: "unsigned")
            #expect(defaults.synchronize())
            let again = try #require(UserDefaults(suiteName: suite))
            #expect(try again.decode([Int64].self, forKey: "signed") == [.min, .max])
            #expect(try again.decode([UInt64].self, forKey: "unsigned") == [.min, .max])
        }
    }

    @Test func aValueOfTheWrongTypeIsAnError() throws {
        try withSuite { defaults, _ in
            defaults.set(["id": "one", "name": "x"], forKey: "owner")
            #expect(throws: DecodingError.self) { try defaults.decode(User.self, forKey: "owner") }
        }
    }
}
