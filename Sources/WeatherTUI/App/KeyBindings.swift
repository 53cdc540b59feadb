import EssentialsSupport
import WeatherCore
import TerminalKit

/// Which status line a hint belongs to.
public enum HintScreen: Hashable, Sendable, CaseIterable {
    case list, map, detail, filter

    /// The status line `state` shows; `detailFullScreen` when the detail has the whole screen.
    public static func of(_ state: State, detailFullScreen: Bool) -> HintScreen {
        if state.list.isEditingFilter { return .filter }
        if detailFullScreen { return .detail }
        return state.map.shown ? .map : .list
    }
}

/// Keys that do one thing, said once: what they send, the help's words for it, and the hint
/// each status line gives it.
public struct KeyBinding: Sendable {
    /// One key and what it asks for; `anywhere` keys mean the same whatever has the keyboard.
    public struct Key: Sendable {
        public var event: KeyEvent
        public var command: KeyCommand
        public var anywhere: Bool
    }

    public var keys: [Key]
    /// The catalogue's key of the help's words for what the keys do (`help` where the table's
    /// words are not translated: the catalogues have no such key, and a lookup gives it back).
    public var helpKey: String
    /// The keys as the help and the README name them, in the table's order, or the catalogue's
    /// key of words that name them (`key.click`).
    public var labelKey: String

    /// The help's English words for what the keys do (the README's keys table says at least these words).
    public var help: String { KeyBindings.helpText(of: self) }
    /// The keys as the help and the README name them, in English.
    public var label: String { Language.english.text(labelKey) }
    /// Its hint on each status line that shows one (by catalogue key), with the priority that
    /// decides which hints go first when the line is narrow.
    public var hints: [HintScreen: StatusLineView.Hint]

    init(_ help: String, _ keys: [(KeyEvent, KeyCommand)], anywhere: [(KeyEvent, KeyCommand)] = [], label: String? = nil,
         hints: [HintScreen: (String, Int)] = [:]) {
        self.keys = keys.map { Key(event: $0.0, command: $0.1, anywhere: false) }
            + anywhere.map { Key(event: $0.0, command: $0.1, anywhere: true) }
        self.helpKey = help
        self.labelKey = label ?? self.keys.map { KeyBindings.name(of: $0.event) }.joined(separator: " ")
        self.hints = hints.mapValues { StatusLineView.Hint(text: $0.0, priority: $0.1) }
    }
}

/// Every key binding of the browser (docs/spec.md §5 keys): key decoding (`KeyMap`), the help
/// overlay and the status line's hints all read these tables.
public enum KeyBindings {
    /// The list, the map and the detail: the help lists these, in this order (the README's keys table too).
    public static let browsing: [KeyBinding] = [
        KeyBinding("help.move", [(.up, .send(.moveUp)), (.down, .send(.moveDown)), (.character("k"), .send(.moveUp)),
                            (.character("j"), .send(.moveDown))],
                   hints: [.list: ("hint.move", 0), .map: ("hint.city", 5), .detail: ("hint.city", 4)]),
        KeyBinding("help.page", [(.pageUp, .pageList(-1)), (.pageDown, .pageList(1))]),
        KeyBinding("help.page",
                   [(.control("b"), .pageList(-1)), (.control("f"), .pageList(1)), (.character(" "), .pageList(1))]),
        KeyBinding("help.halfPage", [(.control("u"), .halfPageList(-1)), (.control("d"), .halfPageList(1))]),
        KeyBinding("help.firstLast", [(.character("g"), .send(.first)), (.character("G"), .send(.last)), (.home, .send(.first)),
                                   (.end, .send(.last))]),
        KeyBinding("help.detail", [(.enter, .send(.openDetail)), (.right, .send(.openDetail)), (.character("l"), .send(.openDetail))],
                   hints: [.list: ("hint.detail", 2), .map: ("hint.detail", 4)]),
        KeyBinding("help.back",
                   [(.escape, .send(.closeDetail)), (.left, .send(.closeDetail)), (.character("h"), .send(.closeDetail)),
                    (.backspace, .send(.closeDetail))],
                   hints: [.detail: ("hint.back", 9)]),
        KeyBinding("help.filter", [(.character("/"), .send(.startFilter))], hints: [.list: ("hint.filter", 4), .map: ("hint.filter", 4)]),
        KeyBinding("help.sort", [(.character("s"), .send(.cycleSort)), (.character("I"), .send(.invertSort))],
                   hints: [.list: ("hint.sort", 3)]),
        KeyBinding("help.units", [(.character("u"), .send(.toggleUnits))], hints: [.list: ("hint.units", 1), .map: ("hint.units", 2), .detail: ("hint.units", 2)]),
        KeyBinding("help.pin", [(.character("p"), .send(.togglePin))],
                   hints: [.list: ("hint.pin", 3), .detail: ("hint.pin", 1)]),
        KeyBinding("help.add", [(.character("a"), .send(.addCity(.start)))], hints: [.list: ("hint.add", 3)]),
        KeyBinding("help.remove", [(.character("d"), .send(.removeCity(.ask))), (.delete, .send(.removeCity(.ask)))]),
        KeyBinding("help.home", [(.character("H"), .send(.toggleHome))]),
        KeyBinding("help.moveOwn",
                   [(.character("K"), .send(.moveOwnCity(up: true))), (.character("J"), .send(.moveOwnCity(up: false)))]),
        KeyBinding("help.nextAlert", [(.character("w"), .send(.nextPlaceWithAlerts))]),
        KeyBinding("help.map", [(.character("m"), .send(.toggleMap))], hints: [.list: ("hint.map", 2), .map: ("hint.mapList", 6)]),
        KeyBinding("help.layer", [(.character("v"), .send(.cycleMapLayer))], hints: [.map: ("hint.layer", 5)]),
        KeyBinding("help.refresh", [(.character("r"), .send(.refresh)), (.character("R"), .send(.refresh)), (.function(5), .send(.refresh)),
                                   (.control("r"), .send(.refresh))],
                   hints: [.list: ("hint.refresh", 3), .map: ("hint.refresh", 3), .detail: ("hint.refresh", 3)]),
        KeyBinding("help.messages", [(.character("!"), .toggleOverlay(.messages))]),
        KeyBinding("help.notify", [(.character("N"), .send(.nowcast(.toggleNotify)))]),
        KeyBinding("help.redraw", [], anywhere: [(.control("l"), .redraw)]),
        KeyBinding("help.help", [(.character("?"), .toggleOverlay(.help)), (.function(1), .toggleOverlay(.help))],
                   hints: [.list: ("hint.help", 9), .map: ("hint.help", 9), .detail: ("hint.help", 9)]),
        KeyBinding("help.quit", [(.character("q"), .send(.quit))], anywhere: [(.control("c"), .send(.interrupt))],
                   hints: [.list: ("hint.quit", 9), .map: ("hint.quit", 9), .detail: ("hint.quit", 9)]),
    ]

    /// What the mouse does, for the help when the program reads it (not under `--no-mouse`);
    /// `KeyMap.mouseCommand` decodes it.
    public static let mouse: [KeyBinding] = [
        KeyBinding("help.click", [], label: "key.click"),
        KeyBinding("help.clickTitle", [], label: "key.clickTitle"),
        KeyBinding("help.wheel", [], label: "key.wheel"),
    ]

    /// While typing a filter; a printable key is text for it (`KeyMap`), whatever it means elsewhere.
    public static let filter: [KeyBinding] = [
        KeyBinding("type to filter", [], label: "text", hints: [.filter: ("hint.type", 9)]),
        KeyBinding("keep the filter", [(.enter, .send(.commitFilter))], hints: [.filter: ("hint.keep", 9)]),
        KeyBinding("clear the filter", [(.escape, .send(.cancelFilter))], hints: [.filter: ("hint.clear", 9)]),
        KeyBinding("move", [(.up, .send(.moveUp)), (.down, .send(.moveDown))], hints: [.filter: ("hint.move", 1)]),
        KeyBinding("page up / down", [(.pageUp, .pageList(-1)), (.pageDown, .pageList(1))]),
        KeyBinding("delete a character", [(.backspace, .send(.filterBackspace)), (.delete, .send(.filterBackspace))]),
    ]

    /// A focused or full-screen detail: the page keys scroll it (a detail taller than the
    /// terminal shows the rest); every other key is as in `browsing`.
    public static let detailScrolling: [KeyBinding] = [
        KeyBinding("scroll up", [(.pageUp, .scrollDetailPages(-1)), (.control("b"), .scrollDetailPages(-1)), (.control("u"), .scrollDetailPages(-1))]),
        KeyBinding("scroll down", [(.pageDown, .scrollDetailPages(1)), (.control("f"), .scrollDetailPages(1)), (.control("d"), .scrollDetailPages(1)),
                                   (.character(" "), .scrollDetailPages(1))]),
    ]

    /// An open overlay (the help or the messages) closing with `close`: the moving keys scroll
    /// it, `q` closes it rather than quitting; other keys do nothing, so nothing behind it
    /// changes unseen.
    public static func overlay(closing open: ScreenState.Overlay) -> [KeyBinding] {
        let close = KeyCommand.toggleOverlay(open)
        return [
            KeyBinding("close", [(.character("q"), close), (.escape, close), (.enter, close), (.left, close),
                                 (.character("h"), close), (.backspace, close)]),
            KeyBinding("the help", [(.character("?"), .toggleOverlay(.help)), (.function(1), .toggleOverlay(.help))]),
            KeyBinding("the messages", [(.character("!"), .toggleOverlay(.messages))]),
            KeyBinding("scroll", [(.up, .scrollOverlay(-1)), (.character("k"), .scrollOverlay(-1)), (.down, .scrollOverlay(1)),
                                  (.character("j"), .scrollOverlay(1))]),
            KeyBinding("scroll a page", [(.pageUp, .scrollOverlayPages(-1)), (.control("b"), .scrollOverlayPages(-1)),
                                         (.control("u"), .scrollOverlayPages(-1)), (.pageDown, .scrollOverlayPages(1)),
                                         (.control("f"), .scrollOverlayPages(1)), (.control("d"), .scrollOverlayPages(1)),
                                         (.character(" "), .scrollOverlayPages(1))]),
            KeyBinding("top, bottom", [(.home, .scrollOverlay(.min)), (.character("g"), .scrollOverlay(.min)), (.end, .scrollOverlay(.max)),
                                       (.character("G"), .scrollOverlay(.max))]),
        ]
    }

    /// The add-a-city prompt; a printable key is text for its search (`KeyMap`).
    public static let placePrompt: [KeyBinding] = [
        KeyBinding("delete a character", [(.backspace, .send(.addCity(.backspace))), (.delete, .send(.addCity(.backspace)))]),
        KeyBinding("search, or add the result picked", [(.enter, .send(.addCity(.submit)))]),
        KeyBinding("leave", [(.escape, .send(.addCity(.cancel)))]),
        KeyBinding("pick a result", [(.up, .send(.addCity(.moveUp))), (.down, .send(.addCity(.moveDown)))]),
    ]

    /// `d`'s question: only `y` removes; any other key keeps the city (`KeyMap`).
    public static let removalQuestion: [KeyBinding] = [
        KeyBinding("remove it", [(.character("y"), .send(.removeCity(.confirm))), (.character("Y"), .send(.removeCity(.confirm)))]),
    ]

    /// Keys that mean the same whatever has the keyboard.
    static let anywhere: [KeyEvent: KeyCommand] = Dictionary(
        browsing.flatMap(\.keys).filter(\.anywhere).map { ($0.event, $0.command) }, uniquingKeysWith: { first, _ in first })

    /// The command `table` binds to `key`, if any.
    public static func command(for key: KeyEvent, in table: [KeyBinding]) -> KeyCommand? {
        for binding in table {
            if let bound = binding.keys.first(where: { $0.event == key }) { return bound.command }
        }
        return nil
    }

    /// The help overlay's lines: the browsing keys, then the mouse's when this run reads it.
    public static func help(mouse reads: Bool, in language: Language = .english) -> [HelpOverlay.Entry] {
        (reads ? browsing + mouse : browsing).map { HelpOverlay.Entry(key: language.text($0.labelKey), text: helpText(of: $0, in: language)) }
    }

    /// The hints of `screen`'s status line, in the tables' order, in `language`.
    public static func hints(on screen: HintScreen, in language: Language = .english) -> [StatusLineView.Hint] {
        (filter + browsing).compactMap { binding in
            binding.hints[screen].map { StatusLineView.Hint(text: hintText($0.text, of: binding, in: language), priority: $0.priority) }
        }
    }

    /// How the help and the README name a key.
    public static func name(of key: KeyEvent) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-" + c.uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .tab: return "Tab"
        case .function(let n): return "F\(n)"
        case .resize: return "resize"
        case .mouse: return "mouse"
        }
    }
}
