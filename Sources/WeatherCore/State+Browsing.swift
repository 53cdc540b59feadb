#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels
import WeatherSource

/// What the map's legend says when no listed place has a value on its layer.
extension State {
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
