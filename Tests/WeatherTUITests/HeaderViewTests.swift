import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// What the header says beside the rest of the screen: never a count or a cost the screen
/// contradicts (docs/spec.md §4, §5).
@Suite struct HeaderViewTests {
    /// 50 top cities and one own city (an Open-Meteo place), as listed after its refresh.
    static func withOwnCity(offline: Bool = false) -> State {
        var config = AppConfig(offline: offline, provider: .openMeteo, timeZone: .utc)
        config.refreshCost = RefreshCost(fixed: 0, perPlace: 1, perOwnCity: 1)
        let reykjavik = PlaceMatch(id: "om:3413829", name: "Reykjavík", country: "Iceland", countryCode: "IS",
                                   latitude: 64.1355, longitude: -21.8954)
        let top = (0..<50).map { ViewFixtures.make(key: "k\($0)", name: "City \($0)", country: "Land", celsius: Double($0)) }
        let own = ViewFixtures.make(key: reykjavik.id, name: "Reykjavík", country: "Iceland", celsius: -2)
        var state = ViewFixtures.state(top + [own])
        state.config = config
        state.feed?.placeKeys = [reykjavik.id]
        state.pinned = [PinnedCity(place: reykjavik)]
        state.recomputeVisible()
        return state
    }

    /// The status line counts 51 cities listed: the header does not say 50 at any width.
    @Test func theHeaderCountsTheOwnCitiesListed() {
        let state = Self.withOwnCity()
        for columns in [60, 80, 140] {
            let screen = BrowserView.render(state, size: TerminalSize(columns: columns, rows: 24))
            #expect(screen.line(23).contains("of 51"), "\(screen.line(23))")
            let header = screen.line(0)
            #expect(header.contains("51 cities") || header.contains("Top 50 cities + 1 own"), "\(columns): \(header)")
            #expect(!header.replacing("Top 50 cities + 1 own", with: "").contains("50 cities"), "\(columns): \(header)")
        }
    }

    /// Under `--offline` no refresh goes, so the header names no refresh's cost.
    @Test func offlineTheHeaderNamesNoRefreshCost() {
        var state = Self.withOwnCity(offline: true)
        state.banner = .offline(savedAt: state.feed?.fetchedAt, reason: "offline mode (--offline)")
        for columns in [80, 140, 200] {
            let header = BrowserView.render(state, size: TerminalSize(columns: columns, rows: 24)).line(0)
            #expect(!header.contains("refresh:"), "\(columns): \(header)")
        }
        // Online the same list costs its places.
        let online = Self.withOwnCity()
        #expect(BrowserView.render(online, size: TerminalSize(columns: 200, rows: 24)).line(0).contains("refresh: 51 calls"))
    }
}
