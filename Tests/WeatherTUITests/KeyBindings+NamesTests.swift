import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import EssentialsSupport
import TerminalKit

/// One key-binding table names every key: no catalogue value spells a key's name where the table's
/// name belongs, and each text that names a key says the name of the key its table binds.
@Suite struct KeyNameTests {
    // MARK: no catalogue spells a key

    /// Every name a table gives a key, as the help names it and as the hints do (⏎), and the pairs
    /// of arrows the texts name together (↑↓).
    static let tableNames: Set<String> = {
        var names: Set<String> = []
        for binding in KeyBindings.tables.joined() {
            for key in binding.keys {
                names.insert(KeyBindings.name(of: key.event))
                names.insert(KeyBindings.shortName(of: key.event))
            }
            let arrows = binding.keys.prefix(2).map { KeyBindings.shortName(of: $0.event) }.joined()
            if binding.keys.count >= 2 { names.insert(arrows) }
        }
        return names
    }()

    /// Single letters that are words of a language (articles, prepositions, conjunctions): as
    /// words they name no key. A key a catalogue named by one of these letters in that language
    /// would pass this scan; the texts' tests below still hold their words to the table.
    static let lettersThatAreWords: [Language.Code: Set<String>] = [
        .en: ["a"], .fr: ["a", "y"], .it: ["a"], .pt: ["a"], .es: ["a", "y", "u"],
    ]

    /// Catalogue keys whose first `↑` or `↓` marks which way there is more to see, not a key.
    static let moreMarks: Set<String> = ["overlay.more", "overlay.moreUp", "detail.more", "detail.moreEnter", "detail.moreAbove",
                                         "detail.moreAboveEnter"]

    /// The tokens of `value` that spell one of `names` (`key` is the entry's catalogue key, for
    /// what the scan allows): placeholders are not words; a unit after a number or placeholder
    /// (`{n} h`, `{seconds} s`, `{n} prochaines h`) is no key, nor a slash between two alternatives
    /// (`up / down`), nor French's spaced `?` and `!` ending a sentence, nor a compass point, nor
    /// a letter that is a word of `language`. A full stop does not part words, so an abbreviation
    /// (`e.g.`, `p. ex.`) is no key either.
    static func spelledKeys(in value: String, key: String, language: Language.Code, names: Set<String> = tableNames) -> [String] {
        guard !key.hasPrefix("compass.") else { return [] }
        var marked = ""
        var inPlaceholder = false
        for c in value {
            if c == "{" { inPlaceholder = true; marked += " {} "; continue }
            if c == "}" { inPlaceholder = false; continue }
            if !inPlaceholder { marked.append(c) }
        }
        let separators = Set(" \t\n(),;:·…“”«»„\"、，：（）。「」")
        let tokens = marked.split(whereSeparator: { separators.contains($0) }).map(String.init)
        var found: [String] = []
        for (i, token) in tokens.enumerated() where names.contains(token) {
            let number = tokens[max(0, i - 2)..<i].contains { $0 == "{}" || $0.allSatisfy(\.isNumber) }
            if ["h", "s"].contains(token), number { continue }
            if token == "/", i > 0 { continue }
            if ["?", "!"].contains(token), i > 0, language == .fr { continue }
            if ["↑", "↓"].contains(token), i == 0, moreMarks.contains(key) { continue }
            if lettersThatAreWords[language]?.contains(token) == true { continue }
            found.append(token)
        }
        return found
    }

    @Test(arguments: Language.all)
    func noCatalogueSpellsAKeyTheTableNames(_ language: Language) {
        for (key, value) in language.catalogue.entries.sorted(by: { $0.key < $1.key }) {
            let spelled = Self.spelledKeys(in: value, key: key, language: language.code)
            #expect(spelled.isEmpty, "\(language.code) \(key): “\(value)” spells \(spelled) where a placeholder names the table's key")
        }
    }

    /// The scan finds what it is for: the words of before, which spelled the keys themselves.
    @Test func theScanFindsAKeySpelledOut() {
        for (key, value) in [("small.quit", "q quits"), ("status.messages", "(! messages)"), ("hint.filter", "/ filter"),
                             ("detail.moreEnter", "↓ more (⏎, then PgDn)"), ("search.prompt", "type a place name, then Enter"),
                             ("notice.moveOwn", "K and J move your own places (a adds one)"), ("hint.move", "↑↓ move"),
                             ("list.noMatch", "没有城市匹配“{filter}”（Esc 清除筛选）")] {
            #expect(!Self.spelledKeys(in: value, key: key, language: .en).isEmpty, "\(key): “\(value)”")
        }
        #expect(Self.spelledKeys(in: "il y a {n} h", key: "age.hours", language: .fr).isEmpty)
        #expect(Self.spelledKeys(in: "page up / down; a detail: scroll", key: "help.page", language: .en).isEmpty)
    }

    // MARK: the words follow the table

    /// The name of the first key `table` binds to `command`, found here, apart from the lookup the views use.
    static func bound(_ command: KeyCommand, in table: [KeyBinding] = KeyBindings.browsing, short: Bool = false) throws -> String {
        let key = try #require(table.flatMap(\.keys).first { $0.command == command }, "nothing binds \(command)")
        return short && key.event == .enter ? "⏎" : KeyBindings.name(of: key.event)
    }

    /// The hint whose catalogue key is `text`, as the status line shows it in `language`.
    static func hint(_ text: String, in language: Language) -> String {
        for binding in KeyBindings.filter + KeyBindings.browsing {
            if let hint = binding.hints.values.first(where: { $0.text == text }) { return KeyBindings.hintText(hint.text, of: binding, in: language) }
        }
        return text
    }

    @Test(arguments: Language.all)
    func everyHintNamesItsBindingsKey(_ language: Language) throws {
        for screen in HintScreen.allCases {
            let hints = KeyBindings.hints(on: screen, in: language)
            let bindings = (KeyBindings.filter + KeyBindings.browsing).filter { $0.hints[screen] != nil }
            #expect(hints.count == bindings.count)
            for (hint, binding) in zip(hints, bindings) where !binding.keys.isEmpty {
                let first = try #require(binding.keys.first)
                #expect(hint.text.contains(first.event == .enter ? "⏎" : KeyBindings.name(of: first.event)), "\(language.code) \(screen): \(hint.text)")
                #expect(!hint.text.contains("{"), "\(language.code) \(screen): \(hint.text)")
            }
        }
        #expect(Self.hint("hint.move", in: language).hasPrefix(try Self.bound(.send(.moveUp)) + Self.bound(.send(.moveDown)) + " "))
        #expect(Self.hint("hint.mapList", in: language).contains(try Self.bound(.send(.toggleMap)) + " " + Self.bound(.send(.closeDetail))))
    }

    @Test(arguments: Language.all)
    func theViewsTextsNameTheTablesKeys(_ language: Language) throws {
        var checked: [(String, String, String)] = []
        func expect(_ what: String, _ text: String, names: String...) {
            for name in names { checked.append((what, text, name)) }
        }
        var small = ScreenBuffer(width: 30, height: 5)
        TooSmallView.draw(into: &small, size: TerminalSize(columns: 30, rows: 5), language: language)
        expect("too small", small.lines.joined(separator: "\n"), names: try Self.bound(.send(.interrupt), in: KeyBindings.tooSmall))
        expect("notice", StatusLineView.noticeText("x", width: 80, in: language), names: try Self.bound(.toggleOverlay(.messages)))
        expect("cut notice", StatusLineView.noticeText(String(repeating: "x", count: 200), width: 80, in: language),
               names: try Self.bound(.toggleOverlay(.messages)))
        let pageDown = try Self.bound(.scrollDetailPages(1), in: KeyBindings.detailScrolling)
        expect("more below", DetailView.moreBelow(keys: true, in: language), names: pageDown)
        expect("more below, unfocused", DetailView.moreBelow(keys: false, in: language),
               names: try Self.bound(.send(.openDetail), short: true), pageDown)
        expect("more above", DetailView.moreAbove(keys: true, in: language), names: try Self.bound(.scrollDetailPages(-1), in: KeyBindings.detailScrolling))
        var filtered = ViewFixtures.state(HabitsTests.cities(3))
        filtered.list.filter = "zzz"
        filtered.request = FeedRequest(count: 50, language: language.code.rawValue)
        expect("no match", CityListView.emptyLines(filtered).joined(), names: try Self.bound(.send(.cancelFilter), in: KeyBindings.filter))
        var prompt = ScreenBuffer(width: 80, height: 1)
        FilterPromptView.draw("zzz", editing: false, into: &prompt, rect: Rect(x: 0, y: 0, width: 80, height: 1))
        expect("filter prompt", prompt.lines[0], names: try Self.bound(.send(.startFilter)), try Self.bound(.send(.closeDetail)))
        let overlayTable = KeyBindings.overlay(closing: .help)
        var overlay = ScreenBuffer(width: 80, height: 24)
        OverlayBox.draw(title: "t", lines: (0..<60).map { OverlayBox.Line(text: "\($0)") }, scroll: 0, into: &overlay,
                        size: TerminalSize(columns: 80, rows: 24), language: language)
        expect("overlay", overlay.lines.joined(separator: "\n"),
               names: try Self.bound(.scrollOverlay(-1), in: overlayTable) + Self.bound(.scrollOverlay(1), in: overlayTable),
               try Self.bound(.scrollOverlayPages(1), in: overlayTable))
        var question = ScreenBuffer(width: 80, height: 24)
        PlaceSearchView.draw(search: nil, removing: "Oslo", into: &question, size: TerminalSize(columns: 80, rows: 24), language: language)
        expect("remove question", question.lines.joined(separator: "\n"),
               names: try Self.bound(.send(.removeCity(.confirm)), in: KeyBindings.removalQuestion))
        var search = ScreenBuffer(width: 80, height: 24)
        PlaceSearchView.draw(search: PlaceSearch(), removing: nil, into: &search, size: TerminalSize(columns: 80, rows: 24), language: language)
        let prompts = KeyBindings.placePrompt
        expect("search box", search.lines.joined(separator: "\n"), names: try Self.bound(.send(.addCity(.submit)), in: prompts),
               try Self.bound(.send(.addCity(.submit)), in: prompts, short: true), try Self.bound(.send(.addCity(.cancel)), in: prompts))
        let quit = try #require(KeyBindings.help(mouse: false, in: language).last)
        expect("help's quit line", quit.text, names: try Self.bound(.toggleOverlay(.help), in: overlayTable))

        for (what, text, name) in checked {
            #expect(text.contains(name), "\(language.code) \(what): “\(text)” does not name \(name)")
            #expect(!text.contains("{"), "\(language.code) \(what): “\(text)” keeps a placeholder")
        }
    }

    /// The core's words name the keys the table binds: the names it is given are the table's,
    /// and the names it uses without a front end (its own tests) are the same.
    @Test func theCoresKeyNamesAreTheTables() throws {
        for entry in KeyNames.standard.entries {
            let table = entry.action == .addCity(.submit) ? KeyBindings.placePrompt : KeyBindings.browsing
            #expect(KeyBindings.keyNames.name(of: entry.action) == (try Self.bound(.send(entry.action), in: table)), "\(entry.action)")
            #expect(entry.name == (try Self.bound(.send(entry.action), in: table)), "KeyNames.standard names \(entry.action) \(entry.name)")
        }
    }

    /// The too-small notice's key is the one that quits there.
    @Test func theTooSmallNoticesKeyQuits() throws {
        let key = try #require(KeyBindings.tooSmall.first?.keys.first)
        #expect(KeyMap.tooSmallCommand(for: key.event) == .send(.interrupt))
        #expect(KeyMap.tooSmallCommand(for: .character("x")) == nil)
    }
}
