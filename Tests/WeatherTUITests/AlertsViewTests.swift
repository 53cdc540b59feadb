import EssentialsSupport
import Foundation
import TerminalKit
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI

/// Official alerts on screen: the list's mark by severity (told apart without colour), the
/// header's count and cost, the detail's section, and `w`.
@Suite struct AlertsViewTests {
    static let now = ViewFixtures.now

    static func city(_ key: String, _ name: String, code: String, country: String) -> CityWeather {
        var city = ViewFixtures.make(key: key, name: name, country: country, text: "Snow")
        city.country = Country(id: code, localizedName: country, englishName: country)
        city.geoPosition = GeoPosition(latitude: 40, longitude: -105)
        city.timeZone = CityTimeZone(code: "MST", name: "America/Denver", gmtOffset: -7)
        return city
    }

    static let denver = city("a", "Denver", code: "US", country: "United States")
    static let oslo = city("b", "Oslo", code: "NO", country: "Norway")
    static let tokyo = city("c", "Tokyo", code: "JP", country: "Japan")
    static let berlin = city("d", "Berlin", code: "DE", country: "Germany")

    static func alert(_ severity: AlertSeverity, event: String = "Winter Storm Warning", description: String? = "* WHAT...Heavy snow.\n\n* WHERE...Denver.",
                      source: AlertSource = .nws) -> WeatherAlert {
        WeatherAlert(event: event, severity: severity, headline: "Winter Storm Warning until Saturday", description: description,
                     instruction: "Stay home.", onset: now.addingTimeInterval(3_600), expires: now.addingTimeInterval(86_400),
                     sender: "NWS Boulder CO", source: source)
    }

    /// Denver, Oslo, Tokyo and Berlin listed, the saved alerts read: `byKey` as their sources said.
    static func state(_ byKey: [String: PlaceAlerts], selected: Int? = 0) -> State {
        var state = ViewFixtures.state([denver, oslo, tokyo, berlin], selected: selected)
        // As the store hands them over: the places not yet asked go in flight, and the covered ones are counted.
        _ = state.reduce(.alertsRestored(StoredAlerts(byCityKey: byKey)))
        return state
    }

    static func checked(_ alerts: [WeatherAlert], _ source: AlertSource = .nws) -> PlaceAlerts {
        PlaceAlerts(source: source, askedAt: now, nextAskAt: now.addingTimeInterval(600), alerts: alerts)
    }

    static func render(_ state: State, _ columns: Int = 140, _ rows: Int = 40, glyphs: GlyphSet = .unicode) -> ScreenBuffer {
        BrowserView.render(state, size: TerminalSize(columns: columns, rows: rows), glyphs: glyphs)
    }

    /// The column of `text`'s first character on row `y`.
    static func column(of text: String, in buffer: ScreenBuffer, row y: Int) -> Int? {
        let line = buffer.line(y)
        guard let range = line.range(of: text) else { return nil }
        return DisplayWidth.width(of: String(line[..<range.lowerBound]))
    }

    @Test func theListMarksAPlaceWithAnAlertBeforeItsWeatherBySeverity() throws {
        let state = Self.state(["a": Self.checked([Self.alert(.minor), Self.alert(.severe)]), "b": Self.checked([Self.alert(.extreme)], .metNorway),
                                "d": Self.checked([], .brightSky)])
        let buffer = Self.render(state)
        let x = try #require(Self.column(of: "⚠ Snow", in: buffer, row: 2), "\(buffer.line(2))")
        #expect(buffer[x, 2].style.color == ColorRole.alertSevere.slot)
        #expect(buffer[x, 2].style.reverse, "the selected row's mark is reversed with it")
        #expect(buffer.line(3).contains("‼ Snow"))
        #expect(buffer[x, 3].style.color == ColorRole.alertExtreme.slot)
        // The list's part of the row (the detail is beside it at this width).
        func listed(_ y: Int) -> String { String(buffer.line(y).prefix(x + 8)) }
        #expect(listed(4).contains("Tokyo") && listed(4).contains("Snow") && !listed(4).contains("‼") && !listed(4).contains("⚠"), "Tokyo: no source, no mark")
        #expect(listed(5).contains("Berlin") && !listed(5).contains("⚠"), "Berlin: checked, none")
        let marks = AlertSeverity.allCases.map(AlertMark.glyph)
        #expect(Set(marks).count == marks.count)
        for set in [GlyphSet.ascii, .console] {
            let stand = AlertSeverity.allCases.map { severity in AlertMark.glyph(severity).unicodeScalars.map { set.standIn(for: $0) ?? $0 } }
            #expect(Set(stand.map { String(String.UnicodeScalarView($0)) }).count == marks.count, "\(set): told apart without colour")
        }
        #expect(Self.render(state, glyphs: .ascii).line(2).contains("! Snow"), "⚠ is ! in ASCII")
    }

    @Test func theHeaderCountsThePlacesWithAlertsAndTheAlertsCalls() {
        var state = Self.state(["a": Self.checked([Self.alert(.severe)]), "b": Self.checked([Self.alert(.minor)], .metNorway)])
        let header = HeaderView.Content(state)
        #expect(header.placesWithAlerts == 2)
        #expect(header.alertCalls == 3, "Denver, Oslo and Berlin are covered; Tokyo is not")
        #expect(HeaderView.text(header).contains("⚠ 2 with alerts"))
        #expect(HeaderView.text(header).contains("alerts: 3 calls"))
        state.alertsState.restored = false
        #expect(HeaderView.Content(state).alertCalls == 0, "a run that asks for none costs none")
    }

    @Test func theDetailShowsEachAlertOnThePlacesClockWithItsSenderAndCredit() {
        let text = Self.render(Self.state(["a": Self.checked([Self.alert(.severe)])]), 200, 60).lines.joined(separator: "\n")
        #expect(text.contains("⚠ Winter Storm Warning · severe"))
        // 2026-11-22 13:09 UTC is 06:09 in Denver (UTC-7); the alert starts an hour later.
        #expect(text.contains("from Sun 06:09 local until Mon 05:09 local · NWS Boulder CO"), "\(text)")
        #expect(text.contains("Winter Storm Warning until Saturday"))
        #expect(text.contains("* WHAT...Heavy snow."))
        #expect(text.contains("* WHERE...Denver."))
        #expect(text.contains("Stay home."))
        #expect(text.contains("Alerts from the National Weather Service (weather.gov)"))
    }

    @Test func theDetailsOwnWordsAreInTheRunsLanguageAndTheIssuersStayAsSent() {
        var state = Self.state(["a": Self.checked([Self.alert(.severe)])])
        state.request.language = "de"
        let text = Self.render(state, 200, 60).lines.joined(separator: "\n")
        #expect(text.contains("⚠ Winter Storm Warning · schwer"), "\(text)")
        #expect(text.contains("ab So 06:09 Ortszeit bis Mo 05:09 Ortszeit · NWS Boulder CO"), "\(text)")
        #expect(text.contains("Winter Storm Warning until Saturday"), "\(text)")
        #expect(text.contains("⚠ 1 mit Warnung"), "\(text)")
        #expect(text.contains("Warnungen vom National Weather Service (weather.gov)"), "\(text)")
        state.request.language = "ja"
        let japanese = Self.render(state, 200, 60).lines.joined(separator: "\n")
        #expect(japanese.contains("⚠ Winter Storm Warning · 重大") && japanese.contains("⚠ 1か所で警報 · 警報：3回"), "\(japanese)")
    }

    @Test func theDetailSaysWhenThereAreNoneWhenNotKnownAndWhenNoSourceCovers() {
        func detail(_ state: State, selecting key: String) -> String {
            var state = state
            state.list.selectedKey = key
            return Self.render(state, 200, 60).lines.joined(separator: "\n")
        }
        let failed = PlaceAlerts(source: .metNorway, askedAt: Self.now, nextAskAt: Self.now, alerts: nil, failure: "offline: cannot reach api.met.no")
        let state = Self.state(["a": Self.checked([]), "b": failed])
        #expect(detail(state, selecting: "a").contains("Alerts: no alerts in force (National Weather Service)"))
        #expect(detail(state, selecting: "b").contains("Alerts: alerts could not be checked (offline: cannot reach api.met.no)"))
        // AccuWeather gives the weather, without a daily budget: it is not asked, and the detail says why.
        #expect(detail(state, selecting: "c").contains("Alerts: alerts via AccuWeather need a daily budget (--daily-calls)"))
        #expect(detail(state, selecting: "d").contains("Alerts: alerts not checked yet"))
    }

    @Test func hostileAlertTextNeverReachesTheTerminalAsControls() {
        let hostile = Self.alert(.severe, event: "Storm\u{1B}]2;owned\u{07}", description: "\u{202E}evil\u{1B}[2J text")
        let buffer = Self.render(Self.state(["a": Self.checked([hostile])]), 200, 60)
        for y in 0..<buffer.height {
            #expect(buffer.line(y).unicodeScalars.allSatisfy(TerminalText.isInert), "row \(y)")
        }
        #expect(buffer.lines.joined().contains("Storm\u{FFFD}]2;owned\u{FFFD}"))
    }

    @Test func wSelectsTheNextPlaceWithAnAlertAndWrapsAround() {
        var state = Self.state(["b": Self.checked([Self.alert(.minor)], .metNorway), "d": Self.checked([Self.alert(.severe)], .brightSky)])
        _ = state.reduce(.nextPlaceWithAlerts)
        #expect(state.list.selectedKey == "b")
        _ = state.reduce(.nextPlaceWithAlerts)
        #expect(state.list.selectedKey == "d")
        _ = state.reduce(.nextPlaceWithAlerts)
        #expect(state.list.selectedKey == "b", "from the top after the last")
        var none = Self.state([:])
        _ = none.reduce(.nextPlaceWithAlerts)
        #expect(none.list.selectedKey == "a")
        #expect(none.notice == "no listed place has an official alert in force")
        #expect(KeyBindings.browsing.contains { $0.keys.contains { $0.event == .character("w") && $0.command == .send(.nextPlaceWithAlerts) } })
    }

    @Test func theMapsAlertsLayerColoursEachPlaceByItsHighestSeverityWithALegend() throws {
        var state = Self.state(["a": Self.checked([Self.alert(.severe)]), "b": Self.checked([], .metNorway)])
        state.map.shown = true
        state.map.layer = .alerts
        let buffer = Self.render(state, 140, 40)
        let legend = buffer.line(buffer.height - 2) + buffer.line(buffer.height - 3)
        #expect(legend.contains("official alerts"), "\(legend)")
        #expect(legend.contains("severe") && legend.contains("extreme"))
        let text = buffer.lines.joined(separator: "\n")
        #expect(text.contains("Denver alert: severe"), "the selected place's label")
        #expect(MapLayer.alertGrade(.checked([], source: .nws)) == 0)
        #expect(MapLayer.alertGrade(.checked([Self.alert(.extreme), Self.alert(.minor)], source: .nws)) == 5)
        #expect(MapLayer.alertGrade(.unknown(why: "x")) == nil, "not known is no class: a ?")
        #expect(MapLayer.alerts.role(grade: 4, MapLayer.Measures(units: .metric, air: { _ in nil }, airScale: .european)) == .alertSevere)
        #expect(MapLayer.airQuality.next == .alerts && MapLayer.alerts.next == .temperature)
    }
}

/// The header's alerts give way before the weather's cost, the short count last of them.
@Suite struct AlertsHeaderWidthTests {
    static let header = HeaderView.Content(
        cityCount: 150, source: "Weather data by Open-Meteo.com", fetchedAt: ViewFixtures.now, now: ViewFixtures.now, timeZone: .utc,
        isFetching: false, refreshCalls: 150, rateLimitRemaining: nil, nextRefresh: nil, placesWithAlerts: 42, alertCalls: 60)

    @Test func theCountStaysInShortWhereTheCostHasGone() {
        let wide = HeaderView.text(Self.header, width: 200)
        #expect(wide.contains("refresh: 150 calls · ⚠ 42 with alerts · alerts: 60 calls"), "\(wide)")
        let middle = HeaderView.text(Self.header, width: 110)
        #expect(middle.contains("refresh: 150 calls") && !middle.contains("alerts: 60"), "\(middle)")
        let narrow = HeaderView.text(Self.header, width: 80)
        #expect(narrow.contains("⚠ 42") && !narrow.contains("refresh:"), "\(narrow)")
    }
}
