import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import BrowserTestSupport
import EssentialsSupport
import TerminalKit

/// Whole screens in German (whose words run long) and Japanese (whose letters are two columns
/// wide), text and styles, as `GoldenScreenTests` holds the English ones: recorded as
/// `screen.<screen>-<language>-<columns>x<rows>.txt` (re-record as that suite says).
@Suite struct LanguageScreenTests {
    static let screens: [GoldenCase.Screen] = [.list, .detail, .help, .offline, .map]
    static let cases: [LanguageCase] = ["de", "ja"].flatMap { language in
        [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 200, rows: 60)].flatMap { size in
            screens.map { LanguageCase(language: language, golden: GoldenCase(screen: $0, size: size)) }
        }
    }

    @Test(arguments: cases)
    func screenMatchesItsGoldenFile(_ named: LanguageCase) throws {
        let golden = named.golden
        var browser = ScriptedBrowser(size: golden.size, refreshFails: golden.screen == .offline, forecasts: golden.screen.forecasts,
                                      language: named.language)
        try browser.press(golden.screen.keys)
        #expect(browser.state.language.code.rawValue == named.language)
        let screen = BrowserView.render(browser.state, screen: browser.screen, size: golden.size, glyphs: golden.screen.glyphs)
        for (row, line) in screen.lines.enumerated() {
            #expect(DisplayWidth.width(of: line) == golden.size.columns, "row \(row + 1) is \(DisplayWidth.width(of: line)) columns wide")
        }
        GoldenScreen.check(screen, name: "\(golden.screen.rawValue)-\(named.language)-\(golden.size.columns)x\(golden.size.rows)")
    }
}

/// One screen in one language.
struct LanguageCase: Sendable, CustomTestStringConvertible {
    var language: String
    var golden: GoldenCase
    var testDescription: String { "\(golden.testDescription) in \(language)" }
}
