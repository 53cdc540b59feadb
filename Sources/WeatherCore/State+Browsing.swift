#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource

/// Browsing what the list's, the map's and the overlays' own reducers do not take: the scroll
/// offsets the front end sends, and what the map's legend says when no place has a value.
extension State {
    /// The actions of this concern; nil for every other action.
    mutating func reduceBrowsing(_ action: Action) -> [Effect]? {
        switch action {
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
        guard !list.visibleCities.isEmpty else { return nil }
        switch map.layer {
        case .rainChance:
            guard !list.visibleCities.contains(where: { $0.rainChanceNextHours != nil }) else { return nil }
            return config.provider.listsRainChance ? language.text("map.noRainSaved")
                : language.text("map.noRainFrom", ("source", config.provider.displayName))
        case .airQuality:
            guard !list.visibleCities.contains(where: { air(for: $0.key) != nil }) else { return nil }
            if air.inFlight { return language.text("map.airLoading") }
            return air.error.map { language.text("map.noAir", ("why", $0)) } ?? language.text("map.noAirYet")
        case .alerts:
            guard !list.visibleCities.contains(where: { alertStatus(for: $0).alerts != nil }) else { return nil }
            return language.text(alertsState.restored && !config.demo ? "map.noAlertsYet" : "map.noAlertsThisRun")
        case .temperature, .wind:
            return nil
        }
    }
}
