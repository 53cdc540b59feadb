import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import EssentialsSupport
import TerminalKit

/// No translated line overflows its area at 80×24: every language's words, measured by display
/// width as the screen draws them, fit the columns and boxes made for English's.
@Suite struct TranslationFitTests {
    static let size = TerminalSize(columns: 80, rows: 24)

    @Test(arguments: Language.all)
    func helpLinesFitTheirBox(_ language: Language) throws {
        let frame = try #require(OverlayBox.frame(lines: 30, size: Self.size))
        let textColumns = frame.innerWidth - 2 - OverlayBox.keyWidth
        for entry in KeyBindings.help(mouse: true, in: language) {
            #expect(DisplayWidth.width(of: entry.key) <= OverlayBox.keyWidth - 1, "\(language.code): \(entry.key)")
            #expect(DisplayWidth.width(of: entry.text) <= textColumns, "\(language.code): “\(entry.text)” is \(DisplayWidth.width(of: entry.text)) of \(textColumns)")
        }
    }

    @Test(arguments: Language.all)
    func theStatusLineKeepsHelpAndQuitBesideTheLongestPosition(_ language: Language) {
        let position = StatusLineView.position(selected: 149, listed: 150, in: language)
        for screen in HintScreen.allCases where screen != .filter {
            var buffer = ScreenBuffer(width: 80, height: 1)
            StatusLineView.draw(hints: KeyBindings.hints(on: screen, in: language), notice: nil, position: position, into: &buffer,
                                rect: Rect(x: 0, y: 0, width: 80, height: 1), language: language)
            let line = buffer.lines[0]
            #expect(line.contains(language.text("hint.help")) && line.contains(language.text("hint.quit")), "\(language.code) \(screen): \(line)")
            #expect(line.hasSuffix(position + " "), "\(language.code) \(screen): \(line)")
        }
    }

    @Test(arguments: Language.all)
    func listTitlesFitTheirColumnsWithTheSortArrow(_ language: Language) {
        let cols = CityListView.Columns(width: Self.size.columns)
        for (key, width) in [("column.city", cols.city.width), ("column.country", cols.country.width), ("column.temp", cols.temp.width),
                             ("column.weather", cols.weather.width)] {
            #expect(DisplayWidth.width(of: language.text(key) + " ▲") <= width, "\(language.code): \(language.text(key)) in \(width)")
        }
        for column in ExtraColumn.allCases {
            #expect(DisplayWidth.width(of: column.title(in: language)) <= column.width(), "\(language.code): \(column.title(in: language))")
        }
    }

    @Test(arguments: Language.all)
    func forecastLabelsFitTheirColumns(_ language: Language) {
        for day in 1...31 {
            let iso = "2026-12-\(day < 10 ? "0" : "")\(day)"
            let long = WeatherFormat.dayLabel(ofForecastDate: iso, epoch: 0, in: language)
            let short = WeatherFormat.dayLabel(ofForecastDate: iso, epoch: 0, month: false, in: language)
            #expect(DisplayWidth.width(of: long) <= DetailView.dayWidth, "\(language.code): \(long)")
            #expect(DisplayWidth.width(of: short) <= DetailView.shortDayWidth, "\(language.code): \(short)")
        }
        for month in 1...12 {
            let long = WeatherFormat.dayLabel(ofForecastDate: "2026-\(month < 10 ? "0" : "")\(month)-28", epoch: 0, in: language)
            #expect(DisplayWidth.width(of: long) <= DetailView.dayWidth, "\(language.code): \(long)")
        }
        #expect(DisplayWidth.width(of: language.text("detail.low")) <= DetailView.degreeWidth, "\(language.code)")
        #expect(DisplayWidth.width(of: language.text("detail.high")) <= DetailView.degreeWidth, "\(language.code)")
        #expect(DisplayWidth.width(of: language.text("detail.rain")) <= DetailView.rainWidth, "\(language.code)")
    }

    @Test(arguments: Language.all)
    func theHeaderAndTheBannerFitEightyColumns(_ language: Language) {
        let now = Date(timeIntervalSince1970: 1_795_340_400)
        var header = HeaderView.Content(cityCount: 150, ownCityCount: 12, source: "Weather data by Open-Meteo.com", fetchedAt: now - 3 * 86_400,
                                        now: now, timeZone: .utc, isFetching: false, refreshCalls: 195.5, rateLimitRemaining: 4999,
                                        nextRefresh: nil, isStale: true, shortSource: "Open-Meteo.com")
        header.language = language
        header.clock = .twelveHour
        #expect(DisplayWidth.width(of: HeaderView.text(header, width: 80)) <= 80, "\(language.code): \(HeaderView.text(header, width: 80))")
        let demo = BannerView.text(.demo, now: now, timeZone: .utc, width: 80, language: language) ?? ""
        #expect(DisplayWidth.width(of: demo) <= 80, "\(language.code): \(demo)")
        let offline = BannerView.text(.offline(savedAt: now - 7200, reason: ""), now: now, timeZone: .utc, width: 80, language: language) ?? ""
        #expect(DisplayWidth.width(of: offline) <= 80, "\(language.code): \(offline)")
    }
}

/// The add-a-city box and `d`'s question in the run's language.
@Suite struct PlaceSearchLanguageTests {
    @Test func theBoxSpeaksJapanese() {
        var state = State(config: AppConfig(language: "ja", demo: true), now: Date(timeIntervalSince1970: 1_795_340_400))
        _ = state.reduce(.addCity(.start))
        _ = state.reduce(.addCity(.submit))
        let screen = BrowserView.render(state, size: TerminalSize(columns: 80, rows: 24)).lines.joined(separator: "\n")
        #expect(screen.contains("都市を追加") && screen.contains("名前：") && screen.contains("地名を入力して Enter") && screen.contains("⏎ 検索  Esc 閉じる"), "\(screen)")
    }
}

/// The map's legend and readings in the run's language.
@Suite struct MapLanguageTests {
    @Test func theAirLegendNamesItsCategoriesInTheLanguage() {
        var measures = MapLayer.Measures(units: .metric, air: { _ in nil }, airScale: .european, language: Language(code: .de))
        #expect(MapLayer.airQuality.classLabels(measures).first == ["gut", "mäßig", "mittel", "schlecht", "sehr schlecht", "extrem schlecht"])
        #expect(MapLayer.airQuality.title(measures) == "Europäischer LQI")
        measures.language = .english
        #expect(MapLayer.airQuality.classLabels(measures).first == ["good", "fair", "moderate", "poor", "very poor", "extremely poor"])
    }
}

/// The empty screen's lines fit an 80-column list, after its marker columns.
@Suite struct EmptyScreenLanguageTests {
    @Test(arguments: Language.all)
    func theEmptyScreensLinesFit(_ language: Language) {
        let room = 80 - CityListView.Columns(width: 80).city.x
        for key in ["empty.fetching", "empty.none", "empty.unusable", "empty.noSaved", "empty.offline1", "empty.offline2", "empty.key1",
                    "empty.key2", "empty.retry"] {
            let line = language.text(key, ("n", "150"), ("host", "dataservice.accuweather.com"))
            #expect(DisplayWidth.width(of: line) <= room, "\(language.code): “\(line)” is \(DisplayWidth.width(of: line)) of \(room)")
        }
    }

    @Test func theEmptyScreenSpeaksGerman() {
        var config = AppConfig(language: "de", hasAPIKey: false)
        config.offline = true
        let state = State(config: config, now: Date(timeIntervalSince1970: 0))
        #expect(state.emptyExplanation?.first == "Noch kein Wetter anzuzeigen.")
    }
}
