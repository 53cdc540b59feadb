import Testing
@testable import WeatherTUI
import TerminalKit

@Suite struct KeyMapTests {
    @Test(arguments: [
        (KeyEvent.up, KeyCommand.moveUp), (.character("k"), .moveUp),
        (.down, .moveDown), (.character("j"), .moveDown),
        (.pageUp, .pageUp), (.pageDown, .pageDown),
        (.character("g"), .first), (.home, .first), (.character("G"), .last), (.end, .last),
        (.enter, .openDetail), (.right, .openDetail), (.character("l"), .openDetail),
        (.escape, .back), (.left, .back), (.character("h"), .back),
        (.character("/"), .beginFilter), (.character("s"), .cycleSort), (.character("I"), .invertSort),
        (.character("u"), .toggleUnits), (.character("p"), .togglePin),
        (.character("r"), .refresh), (.character("R"), .refresh), (.function(5), .refresh),
        (.character("?"), .toggleHelp), (.character("q"), .quit), (.control("c"), .interrupt), (.resize, .resize),
    ])
    func browsingKeys(key: KeyEvent, expected: KeyCommand) {
        #expect(KeyMap.command(for: key, editingFilter: false) == expected)
    }

    @Test func filterPromptTakesPrintableKeysInAnyScript() {
        #expect(KeyMap.command(for: .character("q"), editingFilter: true) == .filterInsert("q"))
        #expect(KeyMap.command(for: .character("東"), editingFilter: true) == .filterInsert("東"))
        #expect(KeyMap.command(for: .character("М"), editingFilter: true) == .filterInsert("М"))
        #expect(KeyMap.command(for: .backspace, editingFilter: true) == .filterBackspace)
        #expect(KeyMap.command(for: .enter, editingFilter: true) == .filterCommit)
        #expect(KeyMap.command(for: .escape, editingFilter: true) == .filterCancel)
        #expect(KeyMap.command(for: .control("c"), editingFilter: true) == .interrupt)
    }

    @Test func qClosesTheHelpOverlayInsteadOfQuitting() {
        #expect(KeyMap.command(for: .character("q"), editingFilter: false, helpShown: true) == .toggleHelp)
        #expect(KeyMap.command(for: .character("j"), editingFilter: false, helpShown: true) == .scrollOverlay(1))  // it scrolls the help
        #expect(KeyMap.command(for: .character("s"), editingFilter: false, helpShown: true) == nil)
        #expect(KeyMap.command(for: .control("c"), editingFilter: false, helpShown: true) == .interrupt)
    }
}
