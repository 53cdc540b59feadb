import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import BrowserTestSupport
import TerminalKit

/// Every key a status line's hint offers works on that screen: each key of each binding with a
/// hint there, pressed on that screen through the key map and the reducer, changes the state or
/// the front end's screen state (`?` opens the help there), or is one of the no-ops named below, with why.
@Suite struct KeyBindingsScreensTests {
    static let size = TerminalSize(columns: 80, rows: 24)

    /// The keys that reach `screen` from the start, the selection a few rows down, so that up and
    /// down both have somewhere to go.
    static func keys(to screen: HintScreen) -> [KeyEvent] {
        let down: [KeyEvent] = [.down, .down, .down]
        switch screen {
        case .list: return down
        case .map: return down + [.character("m")]
        case .detail: return down + [.enter]
        case .filter: return down + [.character("/"), .character("a")]
        }
    }

    /// Keys whose hint is on a screen where pressing them from `keys(to:)` leaves the state as it
    /// was, and why that is right: none (every hinted key acts where its hint is).
    static let documentedNoOps: [HintScreen: [KeyEvent: String]] = [:]

    static let cases: [(HintScreen, KeyEvent)] = HintScreen.allCases.flatMap { screen in
        (KeyBindings.filter + KeyBindings.browsing).filter { $0.hints[screen] != nil }.flatMap { binding in
            binding.keys.filter { !$0.anywhere }.map { (screen, $0.event) }
        }
    }

    @Test func everyScreenHasHintsWithKeys() {
        for screen in HintScreen.allCases {
            #expect(Self.cases.contains { $0.0 == screen }, "\(screen)")
        }
    }

    @Test(arguments: HintScreen.allCases)
    func everyKeyItsHintsOfferChangesTheState(_ screen: HintScreen) throws {
        var browser = ScriptedBrowser(size: Self.size, refreshFails: false)
        try browser.press(Self.keys(to: screen))
        let detailFullScreen = Layout.detailFullScreen(size: Self.size, state: browser.state)
        #expect(HintScreen.of(browser.state, detailFullScreen: detailFullScreen) == screen, "the keys do not reach \(screen)")
        for (hinted, key) in Self.cases where hinted == screen {
            var pressed = browser
            do {
                try pressed.press([key])
            } catch {
                Issue.record("\(screen): \(KeyBindings.name(of: key)) sends no action here")
                continue
            }
            let changed = pressed.state != browser.state || pressed.screen != browser.screen
            if let noOp = Self.documentedNoOps[screen]?[key] {
                #expect(!changed, "\(screen): \(KeyBindings.name(of: key)) is documented as a no-op (\(noOp)) but acts")
            } else {
                #expect(changed, "\(screen): \(KeyBindings.name(of: key)) changes nothing")
            }
        }
    }

    /// Keys the help lists that change nothing on the list (a top city selected, three rows down,
    /// no filter, the demo's data), and why that is right there.
    static let listNoOps: [KeyEvent: String] = Dictionary(uniqueKeysWithValues: [KeyEvent.escape, .left, .character("h"), .backspace].map {
        ($0, "back closes the detail or an overlay and clears a kept filter: on the bare list there is none, as the help's line says")
    })

    /// The help lists the browsing keys for the list: each, pressed there, changes the state (or
    /// the screen state) or is a no-op named in `listNoOps`.
    @Test func everyKeyTheHelpListsActsOnTheList() throws {
        var browser = ScriptedBrowser(size: Self.size, refreshFails: false)
        try browser.press(Self.keys(to: .list))
        for key in KeyBindings.browsing.flatMap(\.keys) where !key.anywhere {
            var pressed = browser
            do {
                try pressed.press([key.event])
            } catch {
                Issue.record("\(KeyBindings.name(of: key.event)) sends no action on the list")
                continue
            }
            let changed = pressed.state != browser.state || pressed.screen != browser.screen
            if let noOp = Self.listNoOps[key.event] {
                #expect(!changed, "\(KeyBindings.name(of: key.event)) is documented as a no-op on the list (\(noOp)) but acts")
                // Where there is something to go back from, a kept filter, it clears it.
                var filtered = browser
                try filtered.press([.character("/"), .character("a"), .enter])
                var cleared = filtered
                try cleared.press([key.event])
                #expect(cleared.state.list.filter.isEmpty && !filtered.state.list.filter.isEmpty, "\(KeyBindings.name(of: key.event)) keeps a kept filter")
            } else {
                #expect(changed, "\(KeyBindings.name(of: key.event)) changes nothing on the list")
            }
        }
    }
}
