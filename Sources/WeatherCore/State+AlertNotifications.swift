#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels

extension State {
    /// Each official alert in force at a kept place, as an event worth a word (#44 "A word when
    /// it matters"): `Reykjavík: Gale warning`, in the issuer's words. An alert is the same event
    /// on every later answer that still holds it (its source, event and onset), so it is told once.
    var alertEvents: [NotableEvent] {
        let kept = keptPlaceKeys
        guard !kept.isEmpty, let feed else { return [] }
        return feed.cities.filter { kept.contains($0.key) }.flatMap { city -> [NotableEvent] in
            let name = city.localizedName.isEmpty ? city.englishName : city.localizedName
            return (alertStatus(for: city).alerts ?? []).map { alert in
                let onset = alert.onset.map { String(Int($0.timeIntervalSince1970)) } ?? "-"
                return NotableEvent(kind: .alert, id: "\(city.key)|\(alert.source.rawValue)|\(alert.event)|\(onset)",
                                    text: "\(name): \(alert.event)")
            }
        }
    }

    /// The alerts worth a word now, told when notifications are on (`NowcastState.tellAlerts`:
    /// a place whose alerts are not known for a while keeps what it was told).
    mutating func alertNotifications() -> [Effect] {
        nowcast.tellAlerts(alertEvents, known: Set(feed?.cities.filter { alertStatus(for: $0).alerts != nil }.map(\.key) ?? []))
    }
}
