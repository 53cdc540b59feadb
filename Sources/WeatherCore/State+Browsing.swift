#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource

/// Browsing the list and what stands over it, as a user of htop, tig or lazygit expects: the
/// messages kept for `!`, scrolling overlays, half pages, pointing at a row or a column title, the
/// map in the list's place, a filter that `Esc` takes back to where it started.
extension State {
    /// How many notices and errors the `!` overlay keeps.
    public static let maxMessages = 20

    /// Whether an overlay (help or messages) has the keys.
    public var overlayShown: Bool { showHelp || showMessages }

    /// Keeps `text` as the newest message, at the store's clock; the same text again (`r`
    /// pressed twice) only moves its time, so twenty messages are twenty different things.
    mutating func record(_ text: String) {
        if messages.first?.text == text {
            messages[0].time = now
            return
        }
        messages.insert(Message(time: now, text: text), at: 0)
        if messages.count > State.maxMessages { messages.removeLast(messages.count - State.maxMessages) }
    }

    /// The actions of this concern; nil for every other action.
    mutating func reduceBrowsing(_ action: Action) -> [Effect]? {
        switch action {
        case .moveBy(let delta):
            moveSelection(by: delta)
        case .select(let key):
            select(key: key)
        case .sortBy(let field):
            // A click on the title of the column already sorted by inverts it, as in a file manager.
            if sortField == field {
                sortDescending.toggle()
            } else {
                sortField = field
                sortDescending = false
            }
            recomputeVisible()
            return [saveSettings(State.sortFields)]
        case .toggleMessages:
            showMessages.toggle()
            showHelp = false
        default:
            return nil
        }
        return []
    }

    /// `m`: the map stands in for the list, or the list comes back; either way the browsing view,
    /// not a detail left open (the selection and the filter are the list's and stay).
    mutating func toggleMap() {
        showsMap.toggle()
        mode = .list
    }

    /// `v`: on the map, its next layer (remembered); from the list or a detail, the map as it
    /// is, so the first press shows which layer it has before any press changes it.
    mutating func cycleMapLayer() -> [Effect] {
        guard showsMap, mode == .list else {
            showsMap = true
            mode = .list
            return []
        }
        mapLayer = mapLayer.next
        return [saveSettings([.mapLayer])]
    }

    /// Why no listed place has a value on the map's layer, when none has: said in its legend
    /// rather than a made-up number.
    public var mapLayerMissingNote: String? {
        guard !visibleCities.isEmpty else { return nil }
        switch mapLayer {
        case .rainChance:
            guard !visibleCities.contains(where: { $0.rainChanceNextHours != nil }) else { return nil }
            return config.provider.listsRainChance ? language.text("map.noRainSaved")
                : language.text("map.noRainFrom", ("source", config.provider.displayName))
        case .airQuality:
            guard !visibleCities.contains(where: { air(for: $0.key) != nil }) else { return nil }
            if airQualityInFlight { return language.text("map.airLoading") }
            return airQualityError.map { language.text("map.noAir", ("why", $0)) } ?? language.text("map.noAirYet")
        case .alerts:
            guard !visibleCities.contains(where: { alertStatus(for: $0).alerts != nil }) else { return nil }
            return language.text(alertsState.restored && !config.demo ? "map.noAlertsYet" : "map.noAlertsThisRun")
        case .temperature, .wind:
            return nil
        }
    }

    /// `/`: remembers the city selected now, unless a kept filter is being edited again (then the
    /// city before that filter is still the one to return to).
    mutating func rememberSelectionForFilter() {
        if filter.isEmpty { selectionBeforeFilter = selectedKey }
    }

    /// `Esc` on a filter: the whole list again, with the city selected before `/`.
    mutating func clearFilterAndReturn() {
        filter = ""
        recomputeVisible()
        if let key = selectionBeforeFilter { select(key: key) }
        selectionBeforeFilter = nil
    }
}
