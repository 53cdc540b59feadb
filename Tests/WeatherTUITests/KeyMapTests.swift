import Foundation
import Testing
import WeatherCore
@testable import WeatherTUI
import TerminalKit

@Suite struct KeyMapTests {
    @Test(arguments: [
        (KeyEvent.up, Action.moveUp), (.character("k"), .moveUp),
        (.down, .moveDown), (.character("j"), .moveDown),
        (.character("g"), .first), (.home, .first), (.character("G"), .last), (.end, .last),
        (.enter, .openDetail), (.right, .openDetail), (.character("l"), .openDetail),
        (.escape, .closeDetail), (.left, .closeDetail), (.character("h"), .closeDetail),
        (.character("/"), .startFilter), (.character("s"), .cycleSort), (.character("I"), .invertSort),
        (.character("u"), .toggleUnits), (.character("p"), .togglePin),
        (.character("r"), .refresh), (.character("R"), .refresh), (.function(5), .refresh),
        (.character("q"), .quit), (.control("c"), .interrupt),
    ])
    func browsingKeys(key: KeyEvent, expected: Action) {
        #expect(KeyMap.command(for: key, editingFilter: false) == .send(expected))
    }

    /// The overlays are the front end's: `?`, F1 and `!` send the core nothing of them.
    @Test func questionMarkAndBangOpenTheFrontEndsOverlays() {
        #expect(KeyMap.command(for: .character("?"), editingFilter: false) == .toggleOverlay(.help))
        #expect(KeyMap.command(for: .function(1), editingFilter: false) == .toggleOverlay(.help))
        #expect(KeyMap.command(for: .character("!"), editingFilter: false) == .toggleOverlay(.messages))
        #expect(KeyMap.command(for: .character("?"), editingFilter: false, overlay: .messages) == .toggleOverlay(.help))
        #expect(KeyMap.command(for: .character("!"), editingFilter: false, overlay: .help) == .toggleOverlay(.messages))
    }

    @Test func aResizeIsTheFrontEndsWhateverHasTheKeyboard() {
        #expect(KeyMap.command(for: .resize, editingFilter: false) == .resize)
        #expect(KeyMap.command(for: .resize, editingFilter: true) == .resize)
        #expect(KeyMap.tooSmallCommand(for: .resize) == .resize)
    }

    @Test func filterPromptTakesPrintableKeysInAnyScript() {
        #expect(KeyMap.command(for: .character("q"), editingFilter: true) == .send(.filterInput("q")))
        #expect(KeyMap.command(for: .character("東"), editingFilter: true) == .send(.filterInput("東")))
        #expect(KeyMap.command(for: .character("М"), editingFilter: true) == .send(.filterInput("М")))
        #expect(KeyMap.command(for: .backspace, editingFilter: true) == .send(.filterBackspace))
        #expect(KeyMap.command(for: .enter, editingFilter: true) == .send(.commitFilter))
        #expect(KeyMap.command(for: .escape, editingFilter: true) == .send(.cancelFilter))
        #expect(KeyMap.command(for: .control("c"), editingFilter: true) == .send(.interrupt))
    }

    @Test func qClosesTheHelpOverlayInsteadOfQuitting() {
        #expect(KeyMap.command(for: .character("q"), editingFilter: false, overlay: .help) == .toggleOverlay(.help))
        #expect(KeyMap.command(for: .character("j"), editingFilter: false, overlay: .help) == .scrollOverlay(1))  // it scrolls the help
        #expect(KeyMap.command(for: .character("s"), editingFilter: false, overlay: .help) == nil)
        #expect(KeyMap.command(for: .control("c"), editingFilter: false, overlay: .help) == .send(.interrupt))
    }

    /// A key bound twice in one table would do whichever comes first, and the help would list it twice.
    @Test func noKeyIsBoundTwiceInATable() {
        let tables = [KeyBindings.browsing, KeyBindings.filter, KeyBindings.detailScrolling, KeyBindings.placePrompt,
                      KeyBindings.removalQuestion, KeyBindings.overlay(closing: .help)]
        for table in tables {
            let keys = table.flatMap(\.keys).map(\.event)
            #expect(Set(keys).count == keys.count, "\(keys)")
        }
    }

    // MARK: the README holds to the table

    /// The rows of the README's keys table: the keys of its first cell, and its second cell.
    static func readmeRows() throws -> [(keys: [String], action: String)] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Keys\n").dropFirst().first)
        return section.components(separatedBy: "\n").prefix { !$0.hasPrefix("## ") }.compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].hasPrefix("`") else { return nil }
            let keys = cells[1].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            return (keys, cells[2...].dropLast().joined(separator: "|"))
        }
    }

    /// The words of a description, without punctuation or case, so "closes," matches "closes".
    static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: \.isWhitespace).map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",;:()`.—")) }
            .filter { !$0.isEmpty })
    }

    /// Every key the README lists is bound as it says, and every binding is in the README: its
    /// keys in one row, whose description says at least the help's words.
    @Test func theReadmesKeysTableIsTheBindingsTable() throws {
        let rows = try Self.readmeRows()
        #expect(rows.count >= 10, "the README's keys table was not found")
        for binding in KeyBindings.browsing {
            let names = binding.keys.map { KeyBindings.name(of: $0.event) }
            guard let row = rows.first(where: { Set($0.keys) == Set(names) }) else {
                Issue.record("the README has no row for \(binding.label) (\(binding.help))")
                continue
            }
            let missing = Self.words(binding.help).subtracting(Self.words(row.action))
            #expect(missing.isEmpty, "the README says \"\(row.action)\" for \(binding.label), without \(missing.sorted())")
        }
        for row in rows where !KeyBindings.browsing.contains(where: { Set($0.keys.map { KeyBindings.name(of: $0.event) }) == Set(row.keys) }) {
            Issue.record("the README lists \(row.keys) but the browser binds no such keys together")
        }
    }

    // MARK: the help and the status line are drawn from the table

    @Test func theHelpIsTheTable() {
        let state = ViewFixtures.state(HabitsTests.cities(5))
        let screen = BrowserView.render(state, screen: ScreenState(overlay: .help), size: TerminalSize(columns: 100, rows: 60)).lines
        let entries = KeyBindings.browsing + KeyBindings.mouse
        var row = 0
        for binding in entries {
            // In the table's order, each on its own row: keys, then what they do.
            guard let found = screen[row...].firstIndex(where: { $0.contains(binding.label + " ") && $0.contains(binding.help) }) else {
                Issue.record("the help has no line \(binding.label) \(binding.help)")
                continue
            }
            row = found + 1
        }
        #expect(KeyBindings.help(mouse: true).count == entries.count)
    }

    @Test(arguments: HintScreen.allCases)
    func aWideStatusLineShowsEveryHintOfItsScreen(_ screen: HintScreen) {
        var state = ViewFixtures.state(HabitsTests.cities(5))
        var size = TerminalSize(columns: 200, rows: 40)
        switch screen {
        case .list: break
        case .map: state.map.shown = true
        case .detail:
            state.detail.mode = .detail
            size = TerminalSize(columns: 99, rows: 40)  // the widest the detail takes the whole screen
        case .filter: state.list.isEditingFilter = true
        }
        #expect(HintScreen.of(state, detailFullScreen: Layout.detailFullScreen(size: size, state: state)) == screen)
        let expected = KeyBindings.hints(on: screen).map(\.text).joined(separator: "  ")
        #expect(!expected.isEmpty)
        let status = BrowserView.render(state, size: size).line(size.rows - 1)
        #expect(status.hasPrefix(" " + expected + "   "), "\(status)")
    }

    /// At 80×24 the list's status line keeps what a new user looks for: the filter, sorting,
    /// pinning, adding a city, refreshing, the help and quitting, even beside "city 121 of 150".
    @Test(arguments: [(50, 4), (150, 120)])
    func theListsStatusLineAt80ColumnsKeepsTheMostUsefulHints(cities: Int, selected: Int) {
        let state = ViewFixtures.state(HabitsTests.cities(cities), selected: selected)
        let status = BrowserView.render(state, size: TerminalSize(columns: 80, rows: 24)).line(23)
        for hint in ["/ filter", "s sort", "p pin", "a add", "r refresh", "? help", "q quit"] {
            #expect(status.contains(hint), "\(hint) missing from \(status)")
        }
    }
}

extension KeyMapTests {
    /// The page keys are the front end's: only it knows the rows a page is.
    @Test func thePageKeysMoveByPagesOfTheFrontEnd() {
        #expect(KeyMap.command(for: .pageUp, editingFilter: false) == .pageList(-1))
        #expect(KeyMap.command(for: .pageDown, editingFilter: false) == .pageList(1))
        #expect(KeyMap.command(for: .character(" "), editingFilter: false) == .pageList(1))
        #expect(KeyMap.command(for: .pageDown, editingFilter: true) == .pageList(1))
        #expect(KeyMap.command(for: .control("d"), editingFilter: false) == .halfPageList(1))
    }
}
