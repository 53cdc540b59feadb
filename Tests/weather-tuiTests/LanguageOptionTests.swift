import Testing
import WeatherModels
@testable import weather_tui

/// `--lang`, `--language` and `--clock`, and the locale read from the environment.
@Suite struct LanguageOptionTests {
    func resolved(_ args: [String], _ environment: [String: String] = [:]) throws -> LaunchConfiguration {
        let environment = ["HOME": "/home/u"].merging(environment) { $1 }
        let byParser = try LaunchConfiguration.resolve(try Options.parse(args), environment: environment)
        let plain = try #require(Options.parsePlain(args))
        #expect(try LaunchConfiguration.resolve(plain, environment: environment).language == byParser.language, "\(args)")
        return byParser
    }

    @Test func langIsNormalisedToATag() throws {
        #expect(try resolved(["--lang", "de"]).language == "de")
        #expect(try resolved(["--lang", "de_DE.UTF-8"]).language == "de-de")
        #expect(try resolved(["--lang", "pt-BR"]).language == "pt-br")
        #expect(try resolved(["--lang", "C"]).language == "en")
        #expect(try resolved(["--lang", "nl"]).language == "nl")
        #expect(try resolved(["--language", "ru-RU"]).language == "ru-ru")
        #expect(try resolved(["--lang", "ja", "--language", "ru-ru"]).language == "ja")
        #expect(try resolved([]).language == nil)
    }

    @Test func theEnvironmentsLocaleInPOSIXOrder() throws {
        #expect(try resolved([], ["LANG": "de_DE.UTF-8", "LC_ALL": ""]).environmentLocale == "de_DE.UTF-8")
        #expect(try resolved([], ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]).environmentLocale == "fr_FR.UTF-8")
        #expect(try resolved([], ["LANG": "de_DE.UTF-8", "LC_ALL": "C"]).environmentLocale == "C")
    }

    @Test func clockIsTwelveOrTwentyFour() throws {
        #expect(try resolved(["--clock", "12"]).clock == .twelveHour)
        #expect(try resolved(["--clock", "24"]).clock == .twentyFourHour)
        #expect(throws: (any Error).self) { try Options.parse(["--clock", "13"]) }
        #expect(throws: (any Error).self) { try Options.parse(["--lang", "de;rm"]) }
    }
}
