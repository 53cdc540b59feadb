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
            #expect(line.contains(KeyNameTests.hint("hint.help", in: language)) && line.contains(KeyNameTests.hint("hint.quit", in: language)),
                    "\(language.code) \(screen): \(line)")
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
            let line = language.text(key, ("n", "150"), ("host", "dataservice.accuweather.com"), ("key", KeyBindings.keyNames.name(of: .refresh)))
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

/// The rain nowcast's, the official alerts' and the home place's words: every language's fit an
/// 80×24 screen (the detail is the whole width there, less its margin), and they are spoken.
@Suite struct NewestFeaturesFitTests {
    static let size = TranslationFitTests.size
    /// The detail's text columns at 80×24: the whole width, less its left margin.
    static let detailColumns = 80 - 1

    static func width(_ text: String) -> Int { DisplayWidth.width(of: text) }

    @Test(arguments: Language.all)
    func theDetailsRainLinesFitOneRow(_ language: Language) {
        // The widest values each placeholder takes: a 12-hour clock, the longest intensity.
        let intensity = RainIntensity.allCases.map { language.text("rain." + $0.rawValue) }.max { Self.width($0) < Self.width($1) } ?? ""
        for key in ["rain.none", "rain.nowUntil", "rain.nowBeyond", "rain.fromUntil", "rain.fromBeyond"] {
            let line = language.text(key, ("start", "12:45 PM"), ("intensity", intensity), ("end", "12:45 PM"))
            #expect(Self.width(line) <= Self.detailColumns, "\(language.code): “\(line)” is \(Self.width(line)) of \(Self.detailColumns)")
        }
        for native in [true, false] {
            let section = DetailView.RainSection(line: "-", quarters: Array(repeating: 1.0, count: DetailView.rainBarQuarters), native: native, kept: true)
            let bar = DetailView.rainLines(section, in: language)[1].text
            #expect(Self.width(bar) <= Self.detailColumns, "\(language.code): “\(bar)” is \(Self.width(bar))")
        }
        let loading = DetailView.rainLines(DetailView.RainSection(isLoading: true, kept: true), in: language)[0].text
        #expect(Self.width(loading) <= Self.detailColumns, "\(language.code): \(loading)")
    }

    @Test(arguments: Language.all)
    func theDetailsAlertsLinesFitOneRow(_ language: Language) {
        // What the pane says instead of alerts, with the longest values the program gives them.
        let statuses: [PlaceAlertStatus] = [
            .uncovered(country: "United States of America"), .checked([], source: .nws),
            .unknown(why: language.text("alerts.notChecked", ("why", language.text("alerts.offlineMode")))),
            .unknown(why: language.text("alerts.demo")), .unknown(why: language.text("alerts.notYet")),
            .unknown(why: language.text("alerts.lastChecked", ("age", WeatherFormat.age(of: Date(timeIntervalSince1970: 0), now: Date(timeIntervalSince1970: 86_400 * 6), in: language)))),
        ]
        for status in statuses {
            let line = language.text("alerts.line", ("words", status.words(in: language)))
            #expect(Self.width(line) <= Self.detailColumns, "\(language.code): “\(line)” is \(Self.width(line))")
        }
        // An alert's period, before its sender (the issuer's words), and each source's credit.
        let when = language.text("time.localShort", ("time", language.text("day.wed") + " 12:45 PM"))
        let period = language.text("alerts.from", ("time", when)) + " " + language.text("alerts.until", ("time", when)) + " · "
        #expect(Self.width(period) <= Self.detailColumns, "\(language.code): \(period)")
        for source in AlertSource.allCases {
            let credit = language.text("alerts.credit." + source.rawValue)
            #expect(Self.width(credit) <= Self.detailColumns, "\(language.code): \(credit)")
        }
    }

    @Test(arguments: Language.all)
    func theHeaderKeepsTheAlertsCountAtEightyColumns(_ language: Language) {
        let now = Date(timeIntervalSince1970: 1_795_340_400)
        // A day's header with the nowcast's cost and alerts at places a source covers.
        var header = HeaderView.Content(cityCount: 50, source: "Weather data by Open-Meteo.com", fetchedAt: now - 600, now: now, timeZone: .utc,
                                        isFetching: false, refreshCalls: 50, rateLimitRemaining: nil, nextRefresh: nil, shortSource: "Open-Meteo.com")
        header.language = language
        // The clock of every language's own locales (only English's American ones write 12 hours).
        header.clock = language == .english ? .twelveHour : .twentyFourHour
        header.nowcastCalls = 2.5
        header.placesWithAlerts = 12
        header.alertCalls = 50
        let line = HeaderView.text(header, width: 80)
        #expect(Self.width(line) <= 80, "\(language.code): \(line)")
        #expect(line.contains("⚠ "), "\(language.code): \(line)")
        // Where it is wide, the count in words and the cost of a round of alerts both show.
        let wide = HeaderView.text(header, width: 200)
        #expect(wide.contains(language.counted("header.withAlerts", 12)) && wide.contains(language.counted("header.alertsCost", 50)),
                "\(language.code): \(wide)")
    }

    @Test(arguments: Language.all)
    func theAlertsLegendKeepsItsNameAndEveryClassAtEightyColumns(_ language: Language) {
        let measures = MapLayer.Measures(units: .metric, air: { _ in nil }, airScale: .european, language: language)
        var buffer = ScreenBuffer(width: 80, height: 1)
        let end = MapView.drawClasses(.alerts, measures, into: &buffer, y: 0, from: 1, to: 79, row: 0..<80, color: true)
        let line = buffer.lines[0]
        #expect(end <= 80 && line.contains(MapLayer.alerts.title(measures)), "\(language.code): \(line)")
        #expect(line.contains(AlertMark.name(.extreme, in: language)), "\(language.code): \(line)")
    }

    @Test(arguments: Language.all)
    func theHomeAndAlertsNoticesFitTheStatusLine(_ language: Language) {
        for key in ["notice.homePinFirst", "notice.home", "notice.noLongerHome", "notice.homeStaysFirst", "notice.moveOwn", "notice.alreadyFirst",
                    "notice.alreadyLast", "notice.noAlerts"] {
            let keys = KeyBindings.keyNames
            let line = language.text(key, ("home", keys.name(of: .toggleHome)), ("pin", keys.name(of: .togglePin)), ("key", keys.name(of: .toggleHome)),
                                     ("up", keys.name(of: .moveOwnCity(up: true))), ("down", keys.name(of: .moveOwnCity(up: false))),
                                     ("add", keys.name(of: .addCity(.start))), ("name", "Reykjavík"))
            #expect(!line.contains("{"), "\(language.code): “\(line)” names a key the test does not fill")
            #expect(Self.width(line) <= 80 - 2, "\(language.code): “\(line)” is \(Self.width(line))")
        }
    }
}

/// The newest features speak the run's language, and English says what it said.
@Suite struct NewestFeaturesLanguageTests {
    @Test func englishIsWhatTheScreensAlwaysSaid() {
        let english = Language.english
        #expect(HeaderView.nowcastCost(5) == "rain: 5 calls/30 min")
        #expect(HeaderView.nowcastCost(1) == "rain: 1 call/30 min", "one kept place: not '1 calls'")
        #expect(english.counted("header.alertsCost", 1) == "alerts: 1 call" && english.counted("header.alertsCost", 3) == "alerts: 3 calls")
        for source in AlertSource.allCases { #expect(english.text("alerts.credit." + source.rawValue) == source.credit) }
        let measures = MapLayer.Measures(units: .metric, air: { _ in nil }, airScale: .european)
        #expect(MapLayer.alerts.classLabels(measures) == [["none", "unknown", "minor", "moderate", "severe", "extreme"],
                                                          ["0", "?", "minor", "mod", "severe", "extreme"]])
    }

    @Test func germanSaysTheRainTheAlertsAndTheHeader() {
        let german = Language(code: .de)
        #expect(HeaderView.nowcastCost(2, in: german) == "Regen: 2 Aufrufe/30 min")
        #expect(HeaderView.nowcastCost(1, in: german) == "Regen: 1 Aufruf/30 min")
        #expect(HeaderView.nowcastCost(2, in: Language(code: .ru)) == "дождь: 2 вызова/30 мин")
        let section = DetailView.RainSection(line: "-", quarters: [0, 0.5], native: true, kept: true)
        #expect(DetailView.rainLines(section, in: german)[1].text.hasPrefix("Nächste 2 h ·▂ · 15-Minuten-Daten"))
        #expect(PlaceAlertStatus.uncovered(country: "Japan").words(in: german) == "keine amtliche Warnquelle für Japan")
        var measures = MapLayer.Measures(units: .metric, air: { _ in nil }, airScale: .european, language: german)
        measures.alertGrades = ["a": 4]
        #expect(MapLayer.alerts.classLabels(measures)[0] == ["keine", "unbekannt", "gering", "mäßig", "schwer", "extrem"])
    }

    @Test func theNoAlertNoticeIsInJapanese() {
        var state = State(config: AppConfig(language: "ja", demo: true), now: Date(timeIntervalSince1970: 1_795_340_400))
        state.notice = nil
        _ = state.reduce(.nextPlaceWithAlerts)
        #expect(state.notice == "公式警報が発表中の場所は一覧にありません")
    }
}
