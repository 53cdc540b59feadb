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
    /// The actions of this concern; nil for every other action.
    mutating func reduceBrowsing(_ action: Action) -> [Effect]? {
        switch action {
        case .halfPageUp:
            moveSelection(by: -max(1, pageRows / 2))
        case .halfPageDown:
            moveSelection(by: max(1, pageRows / 2))
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
        case .scrollOverlay(let line):
            overlayScroll = max(0, line)
        case .scrollDetail(let line):
            detailScroll = max(0, line)
        default:
            return nil
        }
        return []
    }

    /// Why no listed place has a value on the map's layer, when none has: said in its legend
    /// rather than a made-up number.
    public var mapLayerMissingNote: String? {
        guard !visibleCities.isEmpty else { return nil }
        switch map.layer {
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
