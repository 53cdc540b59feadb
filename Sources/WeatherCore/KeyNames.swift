/// The names of the keys the core's words name, by the action each sends: a notice says which
/// key does what instead (`d` removes an own city, `a` adds one), the empty screen which key tries
/// again, the add-a-city prompt which key searches. The front end's key table gives them
/// (`KeyBindings.keyNames`, into `AppConfig.keyNames`), so a key rebound there changes these words too.
public struct KeyNames: Equatable, Sendable {
    /// One key's name and the action it sends.
    public struct Entry: Equatable, Sendable {
        public var action: Action
        public var name: String

        public init(_ action: Action, _ name: String) {
            self.action = action
            self.name = name
        }
    }

    /// The first entry of an action is its name.
    public var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The name of the key that sends `action`: the first entry's, else the standard one's, else
    /// the action itself in words (a text that names an unbound key says so rather than nothing).
    public func name(of action: Action) -> String {
        if let entry = entries.first(where: { $0.action == action }) { return entry.name }
        if let entry = KeyNames.standard.entries.first(where: { $0.action == action }) { return entry.name }
        return "\(action)"
    }

    /// The names the key table gives the actions the core's words name, for a core run without a
    /// front end (its tests, and `--once`, which need not build the table); a test in
    /// WeatherTUITests (`KeyNameTests`) holds them to `KeyBindings.keyNames`.
    public static let standard = KeyNames([
        Entry(.addCity(.start), "a"), Entry(.addCity(.submit), "Enter"), Entry(.removeCity(.ask), "d"), Entry(.togglePin, "p"),
        Entry(.toggleHome, "H"), Entry(.moveOwnCity(up: true), "K"), Entry(.moveOwnCity(up: false), "J"), Entry(.refresh, "r"),
    ])
}

extension State {
    /// The name of the key that sends `action`, for the words that tell the user to press it.
    func keyName(_ action: Action) -> String { config.keyNames.name(of: action) }
}
