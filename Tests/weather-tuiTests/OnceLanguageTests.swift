import Foundation
import Testing
import EssentialsSupport
import WeatherCore
import WeatherModels
@testable import weather_tui

/// `--once` in the run's language: the table's headings and last line are translated; JSON and
/// CSV, which programs read, are not.
@Suite struct OnceLanguageTests {
    static func report(_ code: Language.Code) -> OnceReport {
        var report = FeedPrinterTests.report
        report.language = Language(code: code)
        return report
    }

    @Test func theTableSpeaksTheLanguage() {
        let lines = FeedPrinter.table(Self.report(.de), units: .metric).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Stadt") && lines[0].contains("Land") && lines[0].contains("Beobachtet"))
        #expect(lines.last?.hasPrefix("3 Städte · archive · abgerufen 2023-11-14T22:13:20Z") == true)
        let ru = FeedPrinter.table(Self.report(.ru), units: .metric).split(separator: "\n").last.map(String.init)
        #expect(ru?.hasPrefix("3 города · ") == true)
    }

    @Test func jsonAndCSVAreTheSameInEveryLanguage() {
        for code in Language.Code.allCases {
            #expect(FeedPrinter.json(Self.report(code)) == FeedPrinter.json(FeedPrinterTests.report))
            #expect(FeedPrinter.csv(Self.report(code)) == FeedPrinter.csv(FeedPrinterTests.report))
        }
    }

    @Test func theWarningIsInTheLanguage() {
        var config = AppConfig(language: "de", demo: false, hasAPIKey: true)
        config.inBrowser = false
        var state = State(config: config, now: Date(timeIntervalSince1970: 1_700_000_000))
        _ = state.reduce(.settingsLoaded(nil))
        guard case .nothing(let words) = OnceCommand.outcome(of: state, pinned: [], places: []) else {
            Issue.record("a state without a feed prints nothing")
            return
        }
        #expect(words.contains("keine gespeicherten Daten; versuchen Sie --demo"), "\(words)")
    }
}
