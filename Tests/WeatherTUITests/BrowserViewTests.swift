import Testing
import Foundation
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit
import EssentialsSupport

@Suite struct BrowserViewTests {
    private func render(_ m: State, _ cols: Int, _ rows: Int, screen: ScreenState = ScreenState()) -> [String] {
        BrowserView.render(m, screen: screen, size: TerminalSize(columns: cols, rows: rows)).lines
    }

    /// Display column where `needle` starts in `line`, or nil.
    private func column(of needle: String, in line: String) -> Int? {
        guard let r = line.range(of: needle) else { return nil }
        return DisplayWidth.width(of: String(line[..<r.lowerBound]))
    }

    @Test func listAt80x24() throws {
        let cities = try ViewFixtures.topCities()
        let lines = render(ViewFixtures.state(cities, selected: 2), 80, 24)
        #expect(lines.count == 24)
        // 80 columns: the program's name and the age in words give way so the source, the time,
        // the next refresh and the calls left fit (docs/spec.md §4 "Refreshing by itself").
        #expect(lines[0].hasPrefix(" Top 50 cities · AccuWeather · updated 12:04 · next 12:34 · 42 API calls left"))
        #expect(lines[1].contains("City ▲") && lines[1].contains("Country") && lines[1].contains("Temp") && lines[1].contains("Weather"))
        #expect(lines[4].hasPrefix(">  \(cities[2].localizedName)"))
        #expect(lines[2].hasPrefix("   \(cities[0].localizedName)"))
        #expect(lines[2].contains("20.0°C"))
        #expect(lines[23].hasSuffix("city 3 of 50 "))
        #expect(lines[23].contains("? help  q quit"))
        #expect(lines[23].contains("r refresh"))
        #expect(!lines.joined().contains("│"))   // narrow: no detail beside the list
        for line in lines { #expect(DisplayWidth.width(of: line) == 80) }
    }

    /// An own city kept from an earlier refresh (its call failed) says when it was observed;
    /// one observed with its feed says nothing more.
    @Test func theDetailDatesAnObservationWellBeforeItsFeed() throws {
        var city = try ViewFixtures.details()
        city.epochTime = Int(ViewFixtures.now.timeIntervalSince1970) - 3 * 3600  // 09:09 UTC, 18:09 in Tokyo
        let old = render(ViewFixtures.state([city]), 140, 40).joined(separator: "\n")
        #expect(old.contains("21:09 local (JST, UTC+9) · observed 18:09 local, 3 h ago"))
        city.epochTime = Int(ViewFixtures.now.timeIntervalSince1970) - 600
        let fresh = render(ViewFixtures.state([city]), 140, 40).joined(separator: "\n")
        #expect(fresh.contains("21:09 local (JST, UTC+9)") && !fresh.contains("observed"))
    }

    @Test func sideBySideAt140x40WithDetailAndForecast() throws {
        let city = try ViewFixtures.details()
        let m = ViewFixtures.withForecast(ViewFixtures.state([city] + (try ViewFixtures.topCities()), selected: 0), try ViewFixtures.forecast())
        let lines = render(m, 140, 40)
        let text = lines.joined(separator: "\n")
        #expect(lines[2].contains("│"))
        #expect(text.contains("Tokyo (東京)  ·  日本 (Japan)"))
        #expect(text.contains("21:09 local (JST, UTC+9)"))
        #expect(text.contains("35.69° N, 139.69° E · elevation 40 m"))
        #expect(text.contains("Humidity"))
        #expect(text.contains("Wind"))
        #expect(text.contains("Pressure"))
        #expect(text.contains("5-day forecast"))
        #expect(text.contains("━"))
        let forecastRows = lines.filter { $0.contains("━") }
        #expect(forecastRows.count == 5)
        for line in lines { #expect(DisplayWidth.width(of: line) == 140) }
    }

    /// A server may send any number JSON can hold. Absurd ones (±1e300 in every real-valued field:
    /// measures, offsets, coordinates, forecast temperatures) show as numbers, never trap.
    @Test(arguments: [1e300, -1e300, 9.3e18, -9.3e18])
    func absurdNumbersAreDrawnNotTrappedOn(_ absurd: Double) throws {
        func replacing(_ value: Any, key: String?) -> Any {
            if let object = value as? [String: Any] {
                return Dictionary(uniqueKeysWithValues: object.map { ($0.key, replacing($0.value, key: $0.key)) })
            }
            if let array = value as? [Any] { return array.map { replacing($0, key: key) } }
            if value is NSNumber, !(value is Bool), let key, ["Value", "GmtOffset", "Latitude", "Longitude", "Degrees"].contains(key) {
                return absurd
            }
            return value
        }
        func absurdified<T: Decodable>(_ value: some Encodable, as type: T.Type) throws -> T {
            let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
            return try JSONDecoder().decode(type, from: JSONSerialization.data(withJSONObject: replacing(object, key: nil)))
        }
        var city = try absurdified(try ViewFixtures.details(), as: CityWeather.self)
        city.timeZone = CityTimeZone(code: "XXT", name: "Nowhere", gmtOffset: absurd)
        city.geoPosition = GeoPosition(latitude: absurd, longitude: absurd, elevation: city.realFeelTemperature)
        #expect(city.temperature.metric?.value == absurd && city.wind?.speed?.metric?.value == absurd)
        let forecast = try absurdified(try ViewFixtures.forecast(), as: DailyForecastResponse.self)
        for units in [TemperatureUnit.metric, .imperial] {
            var state = ViewFixtures.withForecast(ViewFixtures.state([city, ViewFixtures.make(name: "Oslo")], selected: 0), forecast)
            state.units = units
            let lines = render(state, 140, 40)
            #expect(lines.joined().contains("5-day forecast"))
            for line in lines { #expect(DisplayWidth.width(of: line) == 140) }
            _ = render(state, 80, 24)
        }
    }

    @Test func longDetailLinesWrapAtTheirSeparators() throws {
        var m = ViewFixtures.state([try ViewFixtures.details()], selected: 0)
        m.units = .metric
        let lines = render(m, 100, 30)
        // At 100 columns the detail is 43 wide: "Feels … · Humidity … · Dew point …" continues on the next line.
        let feels = try #require(lines.firstIndex { $0.contains("Feels") })
        #expect(!lines[feels].contains("…"))
        #expect(lines[feels + 1].contains("Dew point") || lines[feels + 1].contains("Humidity"))
    }

    @Test func detailLeavesOutSectionsWithoutData() {
        let bare = ViewFixtures.make(name: "Nowhere", country: "Land", celsius: 3)
        let text = render(ViewFixtures.state([bare]), 140, 40).joined(separator: "\n")
        #expect(text.contains("Nowhere"))
        #expect(text.contains("3.0 °C / 37 °F"))
        #expect(!text.contains("Humidity"))
        #expect(!text.contains("Wind"))
        #expect(!text.contains("Pressure"))
        #expect(!text.contains("UV"))
        #expect(text.contains("Forecast: ⏎ loads"))
    }

    @Test func smallestUsableSize40x10() throws {
        let lines = render(ViewFixtures.state(try ViewFixtures.topCities(), selected: 0), 40, 10)
        // 40 columns: the time of the data and of the next refresh, whole, rather than a cut source.
        #expect(lines[0].hasPrefix(" updated 12:04 · next 12:34"))
        #expect(lines[2].hasPrefix(">"))
        #expect(lines[9].hasSuffix("city 1 of 50 "))
        #expect(lines[9].contains("? help  q quit"))
        for line in lines { #expect(DisplayWidth.width(of: line) == 40) }
    }

    @Test func tooSmallNoticeAt30x8() throws {
        let lines = render(ViewFixtures.state(try ViewFixtures.topCities()), 30, 8)
        #expect(lines.contains { $0.contains("Terminal too small") })
        #expect(lines.contains { $0.contains("30×8") })
        #expect(!lines.contains { $0.contains("weather-tui") })
    }

    /// The notice is in the run's language, centred by display width (Japanese runs two columns a letter).
    @Test func tooSmallNoticeInTheLanguage() throws {
        var state = ViewFixtures.state(try ViewFixtures.topCities())
        state.request.language = "ja"
        let lines = render(state, 30, 8)
        let title = try #require(lines.first { $0.contains("端末が小さすぎます") })
        #expect(title.hasPrefix("      端末が小さすぎます"), "\(title)")
        #expect(lines.contains { $0.contains("30×8、必要 40×10") } && lines.contains { $0.contains("q で終了") })
    }

    @Test func japaneseAndRussianColumnsLineUp() {
        let cities = [
            ViewFixtures.make(key: "1", name: "東京", english: "Tokyo", country: "日本", celsius: 17.8),
            ViewFixtures.make(key: "2", name: "Москва", english: "Moscow", country: "Россия", celsius: -4.2),
            ViewFixtures.make(key: "3", name: "大阪市", english: "Osaka", country: "日本", celsius: 15),
            ViewFixtures.make(key: "4", name: "Санкт-Петербург", english: "Saint Petersburg", country: "Россия", celsius: -12),
            ViewFixtures.make(key: "5", name: "札幌市北区中央通り東京都千代田区丸の内一丁目", english: "Long", country: "日本", celsius: 1),
            ViewFixtures.make(key: "6", name: "Berlin", country: "Germany", celsius: 7.2),
        ]
        for (cols, rows) in [(80, 24), (140, 40), (40, 10)] {
            let lines = render(ViewFixtures.state(cities, selected: 1), cols, rows)
            let rowsShown = lines[2..<8]
            let countryColumns = Set(rowsShown.compactMap { line in
                ["日本", "Россия", "Germany"].compactMap { column(of: $0, in: line) }.min()
            })
            #expect(countryColumns.count == 1, "country column differs at \(cols)×\(rows): \(countryColumns)")
            let tempColumns = Set(rowsShown.compactMap { line in line.range(of: "°C").map { DisplayWidth.width(of: String(line[..<$0.lowerBound])) } })
            #expect(tempColumns.count == 1, "temperature column differs at \(cols)×\(rows)")
            for line in lines { #expect(DisplayWidth.width(of: line) == cols) }
        }
    }

    /// The list draws from the screen state's offset, fitted to the page the layout gives the
    /// list so that the selection is on it.
    @Test func scrollingKeepsTheSelectionVisible() throws {
        let cities = try ViewFixtures.topCities()
        var m = ViewFixtures.state(cities, selected: 45)
        let lines = render(m, 80, 24)
        #expect(lines.contains { $0.hasPrefix(">  \(cities[45].localizedName)") })
        _ = m.reduce(.last)
        let last = render(m, 80, 24)
        #expect(last[22].hasPrefix(">  \(cities[49].localizedName)"))
        _ = m.reduce(.select(key: cities[10].key))
        let screen = ScreenState(list: ListViewState(offset: 3))
        #expect(BrowserView.render(m, screen: screen, size: TerminalSize(columns: 80, rows: 24)).lines[2].hasPrefix("   \(cities[3].localizedName)"))
    }

    @Test func pinnedCitiesAreMarked() {
        let cities = [ViewFixtures.make(key: "p", name: "Pinned"), ViewFixtures.make(key: "o", name: "Other")]
        var m = ViewFixtures.state(cities, selected: 1)
        m.pinned = [PinnedCity(key: "p", name: "Pinned", latitude: 0, longitude: 0)]
        let lines = render(m, 80, 24)
        #expect(lines[2].hasPrefix(" ★ Pinned"))
        #expect(lines[3].hasPrefix(">  Other"))
    }

    @Test func offlineBannerSaysWhenAndWhy() {
        var m = ViewFixtures.state([ViewFixtures.make(name: "A")])
        m.banner = .offline(savedAt: ViewFixtures.now.addingTimeInterval(-3 * 3600), reason: "offline: cannot reach dataservice.accuweather.com")
        let lines = render(m, 140, 40)
        #expect(lines[1].hasPrefix(" OFFLINE · showing data saved 2026-11-22 09:09 (3 h ago) · offline: cannot reach dataservice.accuweather.com"))
        let buffer = BrowserView.render(m, size: TerminalSize(columns: 140, rows: 40))
        #expect(buffer[1, 1].style.reverse && buffer[1, 1].style.bold)
        // At 80 columns the saved time shortens to its age so that the reason fits whole.
        m.banner = .offline(savedAt: ViewFixtures.now.addingTimeInterval(-3 * 3600), reason: "API key rejected (401): check ACCUWEATHER_API_KEY")
        #expect(render(m, 80, 24)[1].trimmingCharacters(in: .whitespaces) == "OFFLINE · saved 3 h ago · API key rejected (401): check ACCUWEATHER_API_KEY")
        #expect(render(m, 140, 40)[1].hasPrefix(" OFFLINE · showing data saved 2026-11-22 09:09 (3 h ago) · API key rejected (401): check ACCUWEATHER_API_KEY"))
        // Too long even then: the reason is cut, with an ellipsis, at the edge.
        m.banner = .offline(savedAt: ViewFixtures.now, reason: "offline: dataservice.accuweather.com did not answer within 15 s")
        #expect(render(m, 80, 24)[1].hasPrefix(" OFFLINE · saved just now · offline: dataservice.accuweather.com did not"))
        #expect(render(m, 80, 24)[1].hasSuffix("…"))
        m.banner = .offline(savedAt: nil, reason: "")
        #expect(render(m, 80, 24)[1].trimmingCharacters(in: .whitespaces) == "OFFLINE · no saved data")
        m.banner = .demo
        #expect(render(m, 80, 24)[1].hasPrefix(" DEMO"))
        m.banner = .none
        #expect(render(m, 80, 24)[1].contains("City"))
    }

    @Test func headerShowsRefreshing() {
        var m = ViewFixtures.state([])
        m.isFetching = true
        m.rateLimitRemaining = nil
        #expect(render(m, 100, 20)[0].hasPrefix(" weather-tui · Top 50 cities · AccuWeather · updated 12:04 (5 min ago) · refreshing…"))
    }

    @Test func filterPromptAndNoMatch() {
        var m = ViewFixtures.state([], selected: nil)
        m.list.filter = "zzz"
        m.list.isEditingFilter = true
        let lines = render(m, 80, 24)
        #expect(lines[22].hasPrefix(" Filter: zzz█"))
        #expect(lines[2].contains("No city matches \"zzz\""))
        #expect(lines[23].contains("type to filter"))
        #expect(lines[23].hasSuffix("0 cities "))
    }

    @Test func narrowDetailIsFullScreen() throws {
        let city = try ViewFixtures.details()
        var m = ViewFixtures.state([city], selected: 0)
        m.detail.mode = .detail
        let lines = render(m, 80, 24)
        #expect(!lines[1].contains("Country"))
        #expect(lines[1].contains(city.englishName))
        #expect(lines[23].contains("Esc back"))
        m.list.isEditingFilter = true
        m.list.filter = "To"
        let typing = render(m, 80, 24)
        #expect(typing[1].contains("Country"))
        #expect(typing[22].hasPrefix(" Filter: To█"))
    }

    @Test func unitsSwitchToFahrenheit() {
        var m = ViewFixtures.state([ViewFixtures.make(name: "Hot", celsius: 30)])
        m.units = .imperial
        #expect(render(m, 80, 24)[2].contains("86°F"))
    }

    @Test func helpOverlayListsEveryKey() {
        let m = ViewFixtures.state([ViewFixtures.make(name: "A")])
        // Tall enough for the whole list; on a short terminal it scrolls (HabitsTests).
        let text = render(m, 80, 40, screen: ScreenState(overlay: .help)).joined(separator: "\n")
        for key in ["PgUp PgDn", "Home End", "filter", "sort", "°C ⇄ °F", "pin", "F5", "Ctrl-C"] {
            #expect(text.contains(key), "help lacks \(key)")
        }
    }

    @Test func temperatureColoursAreGraded() throws {
        let m = ViewFixtures.state([ViewFixtures.make(key: "a", name: "Cold", celsius: -15), ViewFixtures.make(key: "b", name: "Hot", celsius: 35)], selected: nil)
        let b = BrowserView.render(m, size: TerminalSize(columns: 80, rows: 24))
        let row2 = b.line(2), row3 = b.line(3)
        let x2: Int = try #require(column(of: "°C", in: row2))
        let x3: Int = try #require(column(of: "°C", in: row3))
        #expect(b[x2 - 1, 2].style.color == ColorRole.frigid.slot)
        #expect(b[x3 - 1, 3].style.color == ColorRole.hot.slot)
        #expect(b[x2 - 1, 2].style.bold)   // still stands out in monochrome
    }

    @Test func openMeteosAttributionIsInTheHeaderAtEightyColumns() {
        var m = ViewFixtures.state([ViewFixtures.make(name: "Berlin", country: "Germany", celsius: 7.2)])
        m.config.provider = .openMeteo
        m.isFetching = true
        let header = render(m, 80, 24)[0]
        #expect(header.hasPrefix(" Top 50 cities · Weather data by Open-Meteo.com · updated 12:04 · refreshing…"))
        #expect(render(m, 140, 40)[0].hasPrefix(" weather-tui · Top 50 cities · Weather data by Open-Meteo.com · updated"))
    }
}
