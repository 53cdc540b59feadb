import EssentialsSupport
import WeatherModels
import WeatherSource

/// Adding a place (`a`: the prompt, its search, the city it added) and removing one (`d`, then
/// `y` or `n`). Its reducers read only this part: what they need of the rest (whether the filter
/// is being edited, the gate's answer, the words) comes as arguments, and what the rest must do
/// (add a place, remove one, say a failure) goes back as an outcome.
public struct PlaceEditingState: Equatable, Sendable {
    /// The add-a-city prompt, while it is open.
    public var search: PlaceSearch?
    /// The own city `d` asked to remove, until `y` or `n`.
    public var pendingRemoval: String?
    /// A city just added, selected when a refresh brings its weather.
    public var addedCityKey: String?
    /// A city was added while a refresh was in flight: one more refresh brings its weather.
    public var refreshAfterCurrent = false

    public init() {}

    /// What the search needs of the state around it.
    struct SearchContext {
        var editingFilter: Bool
        var offline: Bool
        var language: Language
        /// The language the search is asked in.
        var requestLanguage: String
        /// The name of the key that sends the search (the key table's, through `AppConfig.keyNames`).
        var submitKey: String
        /// The gate's answer to a search, for Enter (nil for other steps).
        var pass: Pass?
    }

    /// The gate's answer to a search: the pass, or why not in words.
    enum Pass: Equatable {
        case granted(GatePass)
        case refused(String)
    }

    /// What a step of the search leaves to the state around it.
    enum SearchOutcome: Equatable {
        case done([Effect])
        /// The place chosen: it becomes an own city.
        case add(PlaceMatch)
        /// The search failed: the gate hears it, and the messages keep `said` whole.
        case failed(FeedError, said: String)
    }

    /// One step of `a`'s prompt.
    mutating func reduce(_ step: AddCityAction, _ context: SearchContext) -> SearchOutcome {
        if case .start = step {
            guard !context.editingFilter else { return .done([]) }
            pendingRemoval = nil
            search = PlaceSearch()
            return .done([])
        }
        guard var search = self.search else { return .done([]) }
        defer { if self.search != nil { self.search = search } }
        let language = context.language
        switch step {
        case .start:
            break
        case .input(let text):
            guard search.phase != .searching else { return .done([]) }
            // Typing after the results edits the name for a new search.
            search.phase = .typing
            search.message = nil
            search.text += text.filter { !$0.isNewline }
        case .backspace:
            guard search.phase != .searching, !search.text.isEmpty else { return .done([]) }
            search.phase = .typing
            search.message = nil
            search.text.removeLast()
        case .moveUp, .moveDown:
            let count = search.results.count
            guard count > 0 else { return .done([]) }
            search.selectedIndex = max(0, min(count - 1, search.selectedIndex + (step == .moveUp ? -1 : 1)))
        case .cancel:
            self.search = nil
            // Nobody waits for the answer now: the request stops, and costs nothing more.
            if search.phase == .searching { return .done([.cancel(.search)]) }
        case .submit:
            switch search.phase {
            case .searching:
                return .done([])
            case .results(let places):
                self.search = nil
                return .add(places[max(0, min(search.selectedIndex, places.count - 1))])
            case .typing:
                let name = search.text.trimmed
                guard !name.isEmpty else {
                    search.message = language.text("search.prompt", ("key", context.submitKey))
                    return .done([])
                }
                if context.offline {
                    search.message = language.text("search.offline")
                    return .done([])
                }
                switch context.pass ?? .refused("") {
                case .granted(let pass):
                    search.phase = .searching
                    search.message = nil
                    search.selectedIndex = 0
                    return .done([.searchPlaces(name, language: context.requestLanguage, pass: pass)])
                case .refused(let words):
                    search.message = words
                    return .done([])
                }
            }
        case .found(let query, let result):
            // An answer to a search that was left or replaced changes nothing.
            guard search.phase == .searching,
                  search.text.trimmed == query else { return .done([]) }
            switch result {
            case .success(let places) where places.isEmpty:
                search.phase = .typing
                search.message = language.text("search.noPlace", ("query", query))
            case .success(let places):
                search.phase = .results(places)
                search.selectedIndex = 0
            case .failure(let error):
                search.phase = .typing
                let text = language.text("message.searchFailed", ("error", error.description(in: language)))
                search.message = text
                // The box may cut it; `!` keeps it whole.
                return .failed(error, said: text)
            }
        }
        return .done([])
    }

    /// A new place was added: selected when a refresh brings its weather. With a refresh in
    /// flight (`fetching`), one more goes after it; whether one must start now.
    mutating func added(_ key: String, fetching: Bool) -> Bool {
        addedCityKey = key
        if fetching { refreshAfterCurrent = true }
        return !fetching
    }

    /// After a refresh: the city just added is listed and selected; no later refresh selects it again.
    mutating func addedCitySelected() {
        addedCityKey = nil
    }

    /// After a refresh: the refresh a place added during it asked for, once; whether it is due.
    mutating func takeRefreshAfterCurrent() -> Bool {
        defer { refreshAfterCurrent = false }
        return refreshAfterCurrent
    }

    /// What a step of `d` leaves to the state around it.
    enum RemovalOutcome: Equatable {
        case none
        /// `d` on an own city: it waits for `y` or `n`.
        case asking
        /// `d` on a city that is not the user's own: the rest says what `d` does.
        case notOwn
        /// `y`: the own city of this key goes.
        case remove(String)
    }

    /// One step of `d`: `ownKey` is the selected city's key when it is one of the user's own.
    mutating func reduce(_ step: RemoveCityAction, ownKey: String?) -> RemovalOutcome {
        switch step {
        case .ask:
            guard let ownKey else { return .notOwn }
            pendingRemoval = ownKey
            return .asking
        case .confirm:
            guard let key = pendingRemoval else { return .none }
            pendingRemoval = nil
            if addedCityKey == key { addedCityKey = nil }
            return .remove(key)
        case .cancel:
            pendingRemoval = nil
        }
        return .none
    }
}
