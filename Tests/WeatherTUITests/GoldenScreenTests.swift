import Foundation
import SnapshotTesting
import Testing
@testable import WeatherCore
import WeatherHTTP
import WeatherModels
@testable import WeatherTUI
import BrowserTestSupport
import EssentialsSupport
import TerminalKit

/// Whole screens, every cell of the buffer, its text and its style, against files a person has
/// read: the `contains` checks in `BrowserViewTests` say what must be there, these say that nothing
/// else moved (a column off by one, a cut-off word, a stray character, a changed colour role).
///
/// The expected screens are `Tests/Fixtures/golden-screens/screen.<screen>-<columns>x<rows>.txt`:
/// the rows, trailing spaces included, then the style runs of each row (`GoldenScreen.text(of:)`).
/// They live outside the test target's folder because SwiftPM warns about every file in a target
/// it is not told about. swift-snapshot-testing compares and records them; a mismatch prints a
/// diff of the lines.
///
/// After a change that is meant to alter a screen, re-record and read the diff:
///
///     SNAPSHOT_TESTING_RECORD=failed swift test --filter GoldenScreenTests
///     git diff Tests/Fixtures/golden-screens
///
/// A recording run writes the screens that differ and fails for each of them, so a recording is
/// never mistaken for a pass; run again without the variable to see it green (`all` rewrites
/// every file, `missing` only those not there yet).
///
/// Deterministic on any machine: the clock, the user's time zone (a fixed UTC+1, not `TZ`) and the
/// feed's language are passed in; the views read no locale (numbers through C's `printf` are
/// POSIX, sorting and filtering compare without one) and measure text with the project's own
/// width tables, not the C library's.
@Suite struct GoldenScreenTests {
    static let cases: [GoldenCase] = [
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 140, rows: 40), TerminalSize(columns: 200, rows: 60),
    ].flatMap { size in GoldenCase.Screen.allCases.map { GoldenCase(screen: $0, size: size) } }

    @Test(arguments: cases)
    func screenMatchesItsGoldenFile(_ golden: GoldenCase) throws {
        var browser = ScriptedBrowser(size: golden.size, refreshFails: golden.screen == .offline, forecasts: golden.screen.forecasts)
        try browser.press(golden.screen.keys)
        let screen = BrowserView.render(browser.state, screen: browser.screen, size: golden.size, glyphs: golden.screen.glyphs)

        // Whatever the file says, a frame fills the terminal exactly: no row short or spilling over.
        for (row, line) in screen.lines.enumerated() {
            #expect(DisplayWidth.width(of: line) == golden.size.columns, "row \(row + 1) is \(DisplayWidth.width(of: line)) columns wide")
        }
        GoldenScreen.check(screen, name: golden.name)
    }

    /// The recorded form says each cell's style: a screen that differs in one cell's colour role
    /// alone, same text, same attributes, is a different screen.
    @Test func aChangedColourRoleIsADifferentScreen() throws {
        var browser = ScriptedBrowser(size: TerminalSize(columns: 80, rows: 24), refreshFails: false)
        try browser.press([])
        let screen = BrowserView.render(browser.state, screen: browser.screen, size: TerminalSize(columns: 80, rows: 24))
        var recoloured = screen
        recoloured.restyle(x: 0, y: 0, count: screen.width) { style in
            var style = style
            style.color = ColorRole.notice.slot
            return style
        }
        #expect(recoloured.lines == screen.lines)
        let diff = try #require(Snapshotting<ScreenBuffer, String>.screen.diffing.diff(GoldenScreen.text(of: screen), GoldenScreen.text(of: recoloured)))
        #expect(diff.0.contains("1: 1–80 bold reverse notice"), "\(diff.0)")
    }
}

/// One screen at one terminal size.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    enum Screen: String, CaseIterable, Sendable {
        /// The list with the fifth city (Beijing, a CJK name) selected.
        case list
        /// Its detail opened, with the hourly chart and the week of days the demo's refresh brought.
        case detail
        /// The detail of a week as Open-Meteo sends it (7 days, no headline).
        case detailOpenMeteo = "detail-open-meteo"
        /// The detail of days as AccuWeather's plan sends them (5 days and a headline, 12 hours).
        case detailAccuWeather = "detail-accuweather"
        /// The key overlay.
        case help
        /// The filter prompt while typing, narrowing the list.
        case filter
        /// A saved feed three hours old under the OFFLINE banner, after a refresh that could not connect.
        case offline
        /// The add-a-city box: "Paris" searched in the bundled places, the second namesake selected.
        case addCity
        /// Tromsø added: an own city on top with ★, selected, after the refresh that brought it.
        case ownCity
        /// Tromsø made home (`H`), then the last city pinned, and back to the top: home first with ⌂, the pin after it with ★.
        case home
        /// The world map with Beijing labelled.
        case map
        /// The map after `j`: the label moved to the next city (Belgrade).
        case mapMoved = "map-moved"
        /// The map's rain layer (`v`): the chance of rain in the next hours, Beijing labelled with its own.
        case mapRain = "map-rain"
        /// The map's wind layer (`v` twice): Beijing labelled with its wind.
        case mapWind = "map-wind"
        /// The map's air layer (`v` three times): the demo's air, Beijing labelled with its index.
        case mapAir = "map-air"
        /// The map on the Linux console (`TERM=linux`): land in half blocks.
        case mapConsole = "map-console"
        /// The map under `--ascii`.
        case mapASCII = "map-ascii"
        /// The detail, its chart and its days on the Linux console.
        case detailConsole = "detail-console"
        /// The detail, its chart and its days under `--ascii`.
        case detailASCII = "detail-ascii"

        /// The glyphs the screen's terminal shows.
        var glyphs: GlyphSet {
            switch self {
            case .mapConsole, .detailConsole: return .console
            case .mapASCII, .detailASCII: return .ascii
            default: return .unicode
            }
        }

        /// The shape the screen's days and hours come in.
        var forecasts: ScriptedBrowser.Forecasts {
            switch self {
            case .detailOpenMeteo: return .openMeteo
            case .detailAccuWeather: return .accuWeather
            default: return .demo
            }
        }

        var keys: [KeyEvent] {
            let toBeijing = [KeyEvent](repeating: .character("j"), count: 4)
            switch self {
            case .list, .offline: return toBeijing
            case .detail, .detailOpenMeteo, .detailAccuWeather, .detailConsole, .detailASCII: return toBeijing + [.enter]
            case .help: return toBeijing + [.character("?")]
            case .filter: return [.character("/"), .character("b"), .character("a")]
            case .addCity: return [.character("a")] + "Paris".map { KeyEvent.character($0) } + [.enter, .down]
            case .ownCity: return [.character("a")] + "Troms".map { KeyEvent.character($0) } + [.enter, .enter]
            case .home: return [.character("a")] + "Troms".map { KeyEvent.character($0) } + [.enter, .enter, .character("H"), .end, .character("p"), .home]
            case .map, .mapConsole, .mapASCII: return toBeijing + [.character("m")]
            case .mapMoved: return toBeijing + [.character("m"), .character("j")]
            case .mapRain: return toBeijing + [.character("m"), .character("v")]
            case .mapWind: return toBeijing + [.character("m"), .character("v"), .character("v")]
            case .mapAir: return toBeijing + [.character("m"), .character("v"), .character("v"), .character("v")]
            }
        }
    }

    var screen: Screen
    var size: TerminalSize

    /// The name its file is recorded under.
    var name: String { "\(screen.rawValue)-\(size.columns)x\(size.rows)" }
    var testDescription: String { "\(screen.rawValue) at \(size.columns)×\(size.rows)" }
}

/// Reading, comparing and recording the expected screens, through swift-snapshot-testing.
enum GoldenScreen {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden-screens")

    /// Fails the current test when `buffer` is not the screen recorded as `name`.
    static func check(_ buffer: ScreenBuffer, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let failure = verifySnapshot(of: buffer, as: .screen, named: name, snapshotDirectory: directory.path, testName: "screen") {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    /// The screen as a person reads it: its rows, then for each row the runs of cells drawn in
    /// anything but the plain style ("3: 1–80 bold reverse header"), so a changed attribute or
    /// colour role shows in the diff beside the row it is on.
    static func text(of buffer: ScreenBuffer) -> String {
        var out = buffer.lines
        out.append("")
        out.append("styles (row: first–last column, from 1; plain cells unlisted):")
        for y in 0..<buffer.height {
            var runs: [String] = []
            var x = 0
            while x < buffer.width {
                let style = buffer[x, y].style
                var end = x + 1
                while end < buffer.width, buffer[end, y].style == style { end += 1 }
                if style != .plain { runs.append("\(x + 1)–\(end) \(name(of: style))") }
                x = end
            }
            if !runs.isEmpty { out.append("\(y + 1): " + runs.joined(separator: "; ")) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The role a colour slot stands for ("header"), or its number when it stands for none, so a
    /// cell moved to a slot no role names still shows in the diff.
    static func role(of slot: ColorSlot) -> String {
        ColorRole(rawValue: slot.rawValue).map { "\($0)" } ?? "slot \(slot.rawValue)"
    }

    /// "bold reverse header": the attributes set, then the colour role unless it is plain.
    static func name(of style: Style) -> String {
        let words = [(style.bold, "bold"), (style.reverse, "reverse"), (style.dim, "dim"), (style.underline, "underline")]
            .filter(\.0).map(\.1) + (style.color == .plain ? [] : [role(of: style.color)])
        return words.joined(separator: " ")
    }
}

extension Snapshotting where Value == ScreenBuffer, Format == String {
    /// A screen buffer as its text and its style runs (`GoldenScreen.text(of:)`), compared line by line.
    static var screen: Snapshotting<ScreenBuffer, String> {
        SimplySnapshotting.lines.pullback(GoldenScreen.text(of:))
    }
}
