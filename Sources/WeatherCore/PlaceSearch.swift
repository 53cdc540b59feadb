import WeatherModels

/// The add-a-city prompt (`a`, docs/spec.md §5): a name typed, searched once on Enter, and the
/// places found, one of them selected.
public struct PlaceSearch: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        /// The name is being typed.
        case typing
        /// Enter was pressed; the search is under way.
        case searching
        /// What the search found (never empty: no match goes back to typing with a message).
        case results([PlaceMatch])
    }

    public var text: String
    public var phase: Phase
    /// The selected result while `phase` is `.results`.
    public var selectedIndex: Int
    /// Why nothing was found or added (no match, a failed search), shown under the prompt.
    public var message: String?

    public init(text: String = "", phase: Phase = .typing, selectedIndex: Int = 0, message: String? = nil) {
        self.text = text
        self.phase = phase
        self.selectedIndex = selectedIndex
        self.message = message
    }

    /// The places found, or none before a search.
    public var results: [PlaceMatch] {
        if case .results(let places) = phase { return places }
        return []
    }
}

/// The steps of adding a city.
public enum AddCityAction: Equatable, Sendable {
    /// `a`: open the prompt.
    case start
    case input(String)
    case backspace
    /// Enter: search what is typed, or add the selected result.
    case submit
    /// Esc: leave; nothing is added.
    case cancel
    case moveUp, moveDown
    /// The search for `query` finished.
    case found(query: String, Result<[PlaceMatch], FeedError>)
}

/// The steps of removing an own city.
public enum RemoveCityAction: Equatable, Sendable {
    /// `d` / Delete: ask about the selected city.
    case ask
    /// `y`.
    case confirm
    /// `n`, Esc, anything else.
    case cancel
}
