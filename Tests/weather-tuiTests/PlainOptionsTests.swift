import ArgumentParser
import Foundation
import Testing
@testable import weather_tui

/// The plain reading of the command line answers exactly as the argument parser does, or leaves
/// the words to it.
@Suite struct PlainOptionsTests {
    /// What the parser declares: every option and flag with its names (its `--experimental-dump-help`).
    struct Declared {
        var name: String
        var takesValue: Bool
        var repeating: Bool
        var allValues: [String]
    }

    static func declared() throws -> [Declared] {
        var message = ""
        do {
            _ = try Options.parse(["--experimental-dump-help"])
        } catch {
            message = Options.fullMessage(for: error)
        }
        let root = try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        return arguments.compactMap { argument in
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                name["kind"] as? String == "long" ? name["name"] as? String : nil
            }
            guard let long = names.first, long != "help", long != "version" else { return nil }
            return Declared(name: "--\(long)", takesValue: argument["kind"] as? String == "option",
                            repeating: argument["isRepeating"] as? Bool ?? false,
                            allValues: argument["allValues"] as? [String] ?? [])
        }
    }

    let environment = ["HOME": "/nonexistent-home-for-tests"]

    func parsed(_ words: [String]) throws -> LaunchConfiguration {
        try LaunchConfiguration.resolve(Options.parse(words), environment: environment)
    }

    func plain(_ words: [String]) throws -> LaunchConfiguration? {
        try Options.parsePlain(words).map { try LaunchConfiguration.resolve($0, environment: environment) }
    }

    @Test func knowsEveryOptionTheParserDeclaresAndNoOther() throws {
        let declared = try Self.declared()
        #expect(declared.count > 10)
        let table = Options.plainOptions
        #expect(Set(table.keys) == Set(declared.map(\.name)))
        for option in declared {
            let setter = try #require(table[option.name], "\(option.name)")
            #expect(setter.takesValue == option.takesValue, "\(option.name)")
            #expect(setter.repeatable == option.repeating, "\(option.name)")
        }
    }

    /// A value each option accepts, where the parser names none.
    static let samples = [
        "--api-key": "k-123", "--base-url": "http://127.0.0.1:9/api", "--language": "ja-jp", "--lang": "de_DE.UTF-8", "--clock": "12",
        "--cache-dir": "/tmp/x cache", "--config-dir": "relative/conf", "--refresh-after": "0.5",
        "--timeout": "2", "--city": "Paris, US", "--daily-calls": "2000",
    ]

    @Test func everyOptionAndValueMeansWhatItMeansToTheParser() throws {
        #expect(try plain([]) == parsed([]))
        for option in try Self.declared() {
            var vectors: [[String]] = []
            if option.takesValue {
                let values = option.allValues.isEmpty ? [try #require(Self.samples[option.name], "\(option.name)")] : option.allValues
                vectors = values.map { [option.name, $0] }
            } else {
                vectors = [[option.name]]
            }
            for words in vectors {
                // --city and --forecast are for --once only; the parser refuses them otherwise, and so must the plain reading.
                let words = ["--city", "--forecast"].contains(option.name) ? words + ["--once"] : words
                let mine = try #require(try plain(words), "\(words)")
                #expect(mine == (try parsed(words)), "\(words)")
            }
        }
    }

    @Test func combinationsMeanWhatTheyMeanToTheParser() throws {
        let vectors = [
            ["--once", "--offline", "--format", "table"],
            ["--once", "--city", "Reykjavik", "--city", "Paris, US", "--format", "json"],
            ["--forecast", "--format", "csv", "--city", "Reykjavik"],
            ["--api-key", "k", "--source", "open-meteo", "--count", "150", "--units", "imperial", "--no-color"],
            ["--demo", "--once", "--count", "100", "--format", "csv", "--language", "ru-ru"],
            ["--refresh-after", "0", "--timeout", "0.25", "--api-key", ""],
        ]
        for words in vectors {
            let mine = try #require(try plain(words), "\(words)")
            #expect(mine == (try parsed(words)), "\(words)")
        }
    }

    /// Help, version, completion scripts, mistakes and anything unusual go to the parser, whose
    /// answers (messages, exit statuses) ExitStatusTests holds.
    @Test func leavesAnythingUnusualToTheParser() {
        let vectors = [
            ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"], ["--experimental-dump-help"],
            ["--count=150"], ["--count", "75"], ["--units", "kelvin"], ["--count"], ["--no-such-flag"], ["stray"], ["--"],
            ["--refresh-after", "-1"], ["--timeout", "0"], ["--once", "--once"], ["--count", "50", "--count", "100"],
            ["--demo", "--offline"], ["--city", "Paris"], ["--forecast"], ["--once", "--city", " "], ["--language", "en_us"],
            ["--api-key", "--once"],
        ]
        for words in vectors {
            #expect(Options.parsePlain(words) == nil, "\(words)")
        }
    }
}
