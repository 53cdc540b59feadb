import WeatherModels

/// The list as the user browses it: the filter and its editing, the sort, the selection, and
/// the cities as shown. Its reducer reads only this part: the page's size comes as an
/// argument, and the cities to show are given by the state around it (`show(_:)`), which knows
/// the feed, the pins and the air they are made of.
public struct ListState: Equatable, Sendable {
    public var filter = ""
    public var isEditingFilter = false
    /// The city selected when `/` opened the filter, so `Esc` can return to it.
    public internal(set) var selectionBeforeFilter: String?
    public var sortField: SortField = .name
    public var sortDescending = false
    /// The selected city, by key: stable across refresh, sort, filter and pin.
    public var selectedKey: String? {
        didSet { locateSelection() }
    }
    /// The list as shown: filtered, sorted, pinned first. Recomputed only when an input changes.
    public internal(set) var visibleCities: [CityWeather] = [] {
        didSet { locateSelection() }
    }
    /// Where `selectedKey` is in `visibleCities`, kept in step with both (a frame reads it
    /// many times; searching 10,000 cities each time would make drawing depend on the count).
    public private(set) var selectedIndex: Int?

    public init() {}

    private mutating func locateSelection() {
        selectedIndex = selectedKey.flatMap { key in visibleCities.firstIndex { $0.key == key } }
    }

    public var selectedCity: CityWeather? {
        selectedIndex.map { visibleCities[$0] }
    }

    /// What the list made of an action, for the state around it.
    enum Outcome: Equatable {
        /// Not the list's, or the list's and others' too.
        case passed
        /// The list's, and nothing moved.
        case taken
        /// The selection moved: the page scrolls to it.
        case selected
        /// The filter changed: the cities are shown again.
        case refiltered
        /// The sort changed: the cities are shown again, and the sort is remembered.
        case resorted
        /// `Esc` took the filter away: the cities are shown again, then the city selected
        /// before `/` (`returnFromFilter()`).
        case filterCleared
    }

    /// The list's part of `action`.
    mutating func reduce(_ action: Action) -> Outcome {
        switch action {
        case .moveUp: return move(by: -1)
        case .moveDown: return move(by: 1)
        case .moveBy(let delta): return move(by: delta)
        case .first: return select(index: 0)
        case .last: return select(index: visibleCities.count - 1)
        case .select(let key): return select(key: key) ? .selected : .taken

        case .startFilter:
            // `/` remembers the city selected now, unless a kept filter is being edited again
            // (then the city before that filter is still the one to return to).
            if filter.isEmpty { selectionBeforeFilter = selectedKey }
            isEditingFilter = true
            return .passed
        case .filterInput(let text):
            guard isEditingFilter else { return .taken }
            filter += text.filter { !$0.isNewline }
            return .refiltered
        case .filterBackspace:
            guard isEditingFilter, !filter.isEmpty else { return .taken }
            filter.removeLast()
            return .refiltered
        case .commitFilter:
            isEditingFilter = false
            return .taken
        case .cancelFilter:
            isEditingFilter = false
            return clearFilter()

        case .cycleSort:
            sortField = sortField.next
            sortDescending = false
            return .resorted
        case .invertSort:
            sortDescending.toggle()
            return .resorted
        case .sortBy(let field):
            // A click on the title of the column already sorted by inverts it, as in a file manager.
            if sortField == field {
                sortDescending.toggle()
            } else {
                sortField = field
                sortDescending = false
            }
            return .resorted

        case .settingsLoaded(let saved?, _):
            sortField = saved.sortField
            sortDescending = saved.sortDescending
            if selectedKey == nil { selectedKey = saved.selectedCityKey }
            return .passed
        default:
            return .passed
        }
    }

    /// `Esc` on a filter: the whole list again (`returnFromFilter()` once it is shown).
    mutating func clearFilter() -> Outcome {
        filter = ""
        return .filterCleared
    }

    /// After `clearFilter()` and the whole list shown: the city selected before `/`; whether it moved.
    mutating func returnFromFilter() -> Bool {
        defer { selectionBeforeFilter = nil }
        guard let key = selectionBeforeFilter else { return false }
        return select(key: key)
    }

    /// Shows `cities` (filtered and sorted by the state around it), keeping the selection on its
    /// city when it is still listed, else the first.
    mutating func show(_ cities: [CityWeather]) {
        visibleCities = cities
        if selectedIndex == nil { selectedKey = cities.first?.key ?? selectedKey }
    }

    private mutating func move(by delta: Int) -> Outcome {
        guard !visibleCities.isEmpty else { return .taken }
        return select(index: (selectedIndex ?? 0) + delta)
    }

    /// Selects the listed city at `index`, held to the list's ends.
    mutating func select(index: Int) -> Outcome {
        guard !visibleCities.isEmpty else { return .taken }
        return select(key: visibleCities[max(0, min(index, visibleCities.count - 1))].key) ? .selected : .taken
    }

    /// Selects the city of `key` whether it is listed yet or not: the start's home, over the city
    /// the last run ended on, before the pins that list it are shown. Until it is listed the list
    /// keeps no index for it, and `show(_:)` selects the first city instead if it never is.
    mutating func selectWhenListed(key: String) {
        selectedKey = key
    }

    /// Selects the city of `key` when it is listed (a filter may hide it); whether it was.
    /// Every way of choosing a city ends here.
    @discardableResult
    mutating func select(key: String) -> Bool {
        guard visibleCities.contains(where: { $0.key == key }) else { return false }
        selectedKey = key
        return true
    }
}
