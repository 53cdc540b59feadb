import EssentialsSupport
import WeatherCore
import TerminalKit

/// Every word that names a key takes the name from the tables: a catalogue value holds a
/// placeholder (`{key}`, `{keys}`, `{leave}`…) where a key's name goes, and these fill it with the
/// name of the first key its table binds to the command, so a key rebound in the table changes
/// every word that names it (`KeyNameTests`).
extension KeyBindings {
    /// While the terminal is too small to show anything but its notice: the notice names this key,
    /// and it quits whatever was open (a filter prompt, an overlay), so nothing unseen changes.
    public static let tooSmall: [KeyBinding] = [
        KeyBinding("quit", [(.character("q"), .send(.interrupt))]),
    ]

    /// Every table, for what holds them all (the catalogues' scan for names spelt out).
    public static var tables: [[KeyBinding]] {
        [browsing, mouse, filter, detailScrolling, overlay(closing: .help), overlay(closing: .messages), placePrompt,
         removalQuestion, tooSmall]
    }

    /// The name of the first key `table` binds to `command`, as the help names it, or, `short`, as
    /// the hints and the prompts' key lines have it (⏎ for Enter); an unbound command shows as
    /// itself, so a text never names a key silently wrong (a test holds every one bound).
    public static func name(of command: KeyCommand, in table: [KeyBinding] = browsing, short: Bool = false) -> String {
        guard let key = table.lazy.flatMap(\.keys).first(where: { $0.command == command }) else { return "\(command)" }
        return short ? shortName(of: key.event) : name(of: key.event)
    }

    /// The names of the first keys `table` binds to `up` and `down`, together, as a pair of arrows
    /// reads (↑↓).
    public static func names(of up: KeyCommand, _ down: KeyCommand, in table: [KeyBinding] = browsing) -> String {
        name(of: up, in: table, short: true) + name(of: down, in: table, short: true)
    }

    /// How the hints and the prompts' key lines name a key: as the help does, but Enter as ⏎.
    public static func shortName(of key: KeyEvent) -> String {
        key == .enter ? "⏎" : name(of: key)
    }

    /// The help's words for what `binding`'s keys do, in `language`; `{key}` is the key that
    /// closes the help (the quit line says so).
    public static func helpText(of binding: KeyBinding, in language: Language = .english) -> String {
        language.text(binding.helpKey, ("key", name(of: .toggleOverlay(.help), in: overlay(closing: .help))))
    }

    /// `binding`'s hint words in `language`: `{key}` is its first key, `{keys}` its first two
    /// together (↑↓), `{back}` the key that goes back (the map's hint: `m Esc list`).
    static func hintText(_ text: String, of binding: KeyBinding, in language: Language) -> String {
        let first = binding.keys.first.map { shortName(of: $0.event) } ?? ""
        let pair = binding.keys.prefix(2).map { shortName(of: $0.event) }.joined()
        return language.text(text, ("key", first), ("keys", pair), ("back", name(of: .send(.closeDetail), short: true)))
    }

    /// The names of the keys the core's words name (a notice, the empty screen, the add-a-city
    /// prompt), by the action each sends: the first key of each in the browsing table, then the
    /// add-a-city prompt's (`AppConfig.keyNames`).
    public static let keyNames = KeyNames((browsing + placePrompt).flatMap(\.keys).compactMap { key in
        key.command.action.map { KeyNames.Entry($0, name(of: key.event)) }
    })
}
