import EssentialsSupport
import Testing
import WeatherHTTP
@testable import WeatherCore

/// A rejected key's message names where the key came from in the run's language.
@Suite struct KeySourceTests {
    @Test(arguments: [KeySource.option, .environment, .file(path: "/home/me/.config/weather-tui/api-key")])
    func theTransportsWordsNameTheSourceAgain(_ source: KeySource) {
        #expect(KeySource(english: source.english) == source)
    }

    @Test func aRejectedKeyIsSentToItsSourceInTheLanguage() {
        let german = Language(code: .de)
        let file = FeedError.network(.unauthorized(status: 401, keySource: KeySource.file(path: "/k").english))
        #expect(file.description(in: german) == "API-Schlüssel abgelehnt (401): prüfen Sie die Schlüsseldatei /k")
        #expect(file.description(in: .english) == file.errorDescription)
        let option = FeedError.network(.unauthorized(status: 403, keySource: KeySource.option.english))
        #expect(option.description(in: german) == "API-Schlüssel abgelehnt (403): prüfen Sie den mit --api-key angegebenen Schlüssel")
        let variable = FeedError.network(.unauthorized(status: 401))
        #expect(variable.description(in: german) == "API-Schlüssel abgelehnt (401): prüfen Sie ACCUWEATHER_API_KEY")
    }
}
