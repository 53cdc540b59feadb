import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
import WeatherSource
@testable import WeatherTUI
import TerminalKit

/// What the header says beside the rest of the screen: never a count or a cost the screen
/// contradicts (docs/spec.md §4, §5).
@Suite struct HeaderViewTests {
    /// 50 top cities and one own city (an Open-Meteo place), as listed after its refresh.
    static func withOwnCity(offline: Bool = false, provider: WeatherProvider = .openMeteo) -> State {
        var config = AppConfig(offline: offline, provider: provider, timeZone: .utc)
        config.refreshCost = provider == .openMeteo ? RefreshCost(fixed: 0, perPlace: 1, perOwnCity: 1) : RefreshCost(fixed: 1, perPlace: 0, perOwnCity: 1)
        let reykjavik = PlaceMatch(id: provider == .openMeteo ? "om:3413829" : "190390", name: "Reykjavík", country: "Iceland", countryCode: "IS",
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

    /// The own cities' count gives way before what a refresh costs: at 100 columns (a refresh
    /// of 2 calls, as AccuWeather's with one own city) the header still says so, the count in short.
    @Test func theOwnCountShortensBeforeTheCostGoes() {
        let state = Self.withOwnCity(provider: .accuWeather)
        let header = BrowserView.render(state, size: TerminalSize(columns: 100, rows: 30)).line(0)
        #expect(header.contains("refresh: 2 calls") && header.contains("42 API calls left"), "\(header)")
        #expect(header.contains("51 cities"), "\(header)")
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

    /// A damaged saved feed moved aside is not "no saved data": neither the banner nor the
    /// empty screen says so, and the screen's lines fit 80 columns whole.
    @Test func aDamagedSavedFeedIsNotCalledNone() {
        var state = State(config: AppConfig(offline: true, provider: .openMeteo, timeZone: .utc), now: ViewFixtures.now)
        _ = state.reduce(.archiveRestored(.failure(.corrupt(reason: "not a property list"))))
        let lines = BrowserView.render(state, size: TerminalSize(columns: 80, rows: 24)).lines
        #expect(!lines[1].contains("no saved data"), "\(lines[1])")
        #expect(lines[1].contains("saved feed not usable"), "\(lines[1])")
        let screen = lines.joined(separator: "\n")
        #expect(screen.contains("could not be used") && screen.contains("not a property list") && screen.contains("WeatherFeed-open-meteo.plist.corrupt"), "\(screen)")
        // The status line's notice is cut and points at `!`; the screen's own lines are whole.
        #expect(!lines.dropLast().contains { $0.contains("…") }, "\(screen)")
    }
}
