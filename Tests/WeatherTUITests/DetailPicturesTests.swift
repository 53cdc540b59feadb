import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit
import EssentialsSupport
import BrowserTestSupport

/// The hourly chart and the labelled 5-day forecast in the detail, and the wide list's columns.
@Suite struct DetailPicturesTests {
    /// 24 hours from the state's current hour: 5 °C at 06:00 UTC rising to 15 °C at 15:00, rain late.
    static func hours(count: Int = 24, from start: Int = Int(ViewFixtures.now.timeIntervalSince1970) / 3600 * 3600) -> HourlyForecastResponse {
        HourlyForecastResponse(hours: (0..<count).map { n in
            let epoch = start + n * 3600
            let hour = Double((epoch / 3600) % 24)
            return HourlyForecast(epochTime: epoch, temperatureCelsius: 10 - 5 * cos((hour - 3) / 24 * 2 * .pi),
                                  precipitationProbability: n < 12 ? 0 : min(100, (n - 11) * 10), weatherIcon: 1, isDaylight: true)
        })
    }

    static func state(hours: HourlyForecastResponse?, forecast: DailyForecastResponse? = nil) throws -> State {
        var city = try ViewFixtures.details()
        city.timeZone = CityTimeZone(code: "UTC", name: "Etc/UTC", gmtOffset: 0)
        var m = ViewFixtures.state([city])
        m.detail.forecasts[city.key] = StoredForecast(fetchedAt: ViewFixtures.now, forecast: try forecast ?? ViewFixtures.forecast(), hourly: hours)
        m.detail.mode = .detail
        return m
    }

    static func render(_ m: State, _ columns: Int, _ rows: Int) -> ScreenBuffer {
        BrowserView.render(m, size: TerminalSize(columns: columns, rows: rows))
    }

    @Test func theChartHasALineBarsAndLabelledAxes() throws {
        let buffer = Self.render(try Self.state(hours: Self.hours()), 140, 40)
        let lines = buffer.lines
        let title = try #require(lines.firstIndex { $0.contains("Next 24 h (local time)") })
        let days = try #require(lines.firstIndex { $0.contains("5-day forecast") })
        let chart = lines[title..<days]
        #expect(chart.contains { $0.contains("15°┤") }, "the top of the scale, in degrees")
        #expect(chart.contains { $0.contains(" 5°┤") }, "the bottom of the scale")
        #expect(chart.contains { $0.contains("rain│") && $0.contains("█") }, "100 % is a full bar")
        #expect(chart.contains { $0.contains("└┬") }, "the axis with ticks")
        // 12:09 UTC: the hours start at 12 and are labelled every other hour in the city's time.
        let hoursRow = try #require(chart.first { $0.contains(" 12   14 ") })
        #expect(hoursRow.contains(" 22   00 "))
        let braille = lines.joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }
        #expect(braille.count > 40, "a line across the plot")
    }

    @Test func theLineIsColouredByTheTemperatureScale() throws {
        let buffer = Self.render(try Self.state(hours: Self.hours()), 140, 40)
        let title = try #require(buffer.lines.firstIndex { $0.contains("Next 24 h") })
        let plot = buffer.cells[((title + 1) * buffer.width)...]  // under the title and its legend
        let colours = Set(plot.filter { (0x2801...0x28FF).contains($0.scalar.value) }.map(\.style.color))
        #expect(colours.isSubset(of: [ColorRole.cold.slot, ColorRole.cool.slot]) && colours.count == 2, "\(colours)")
    }

    @Test func hoursPastASummerTimeChangeAreLabelledInTheNewTime() throws {
        // Berlin, 2026-10-24 18:09 UTC (20:09 CEST); the clocks go back at 01:00 UTC.
        let now = 1_792_865_340
        var m = try Self.state(hours: Self.hours(from: now / 3600 * 3600))
        m.now = Date(timeIntervalSince1970: TimeInterval(now))
        m.feed?.cities[0].timeZone = CityTimeZone(code: "CEST", name: "Europe/Berlin", gmtOffset: 2)
        m.feed?.cities[0].epochTime = now
        m.list.visibleCities = m.feed?.cities ?? []
        let lines = Self.render(m, 140, 40).lines
        let hoursRow = try #require(lines.first { $0.contains(" 20   22 ") })
        let labels = hoursRow.split(separator: " ").suffix(from: 1).filter { $0.allSatisfy(\.isNumber) }
        // 02:00 comes twice (CEST, then CET), and both are labelled where there is room; a fixed
        // +2 would have labelled the second one 03 (skipped: odd) and every later hour one too late.
        #expect(labels.prefix(6) == ["20", "22", "00", "02", "02", "04"])
    }

    @Test func aRepeatedHourWithoutRoomForItsLabelIsLeftUnlabelled() throws {
        // 48 columns of plot for 24 hours: a label every other hour, two cells apart per hour.
        let start = 1_792_864_800
        let hours = Self.hours(from: start).hours
        var buffer = ScreenBuffer(width: 53, height: 10)
        let berlin = CityTimeZone(code: "CEST", name: "Europe/Berlin", gmtOffset: 2)
        HourlyChartView.draw(hours, units: .metric, utcOffset: { berlin.offsetSeconds(at: $0, sourceTime: start) }, into: &buffer,
                             rect: Rect(x: 0, y: 0, width: 53, height: 10))
        let labels = buffer.lines[9].split(separator: " ").filter { $0.allSatisfy(\.isNumber) }
        #expect(labels.prefix(6) == ["20", "22", "00", "02", "04", "06"])
        #expect(!buffer.lines[9].contains("0202"), "no label written over another")
    }

    @Test func aBrokenOffsetLabelsTheChartInUTC() throws {
        // A foreign or damaged feed's offset (1e300 hours) neither traps nor shows a local time.
        var m = try Self.state(hours: Self.hours())
        m.feed?.cities[0].timeZone = CityTimeZone(code: "X", name: "Europe/Berlin", gmtOffset: 1e300)
        m.list.visibleCities = m.feed?.cities ?? []
        let lines = Self.render(m, 140, 40).lines
        #expect(lines.contains { $0.contains(" 12   14 ") }, "12:09 UTC: the hours from 12, in UTC")
        #expect(!lines.joined().contains("local ("))
    }

    @Test func temperaturesNoWeatherHasAreLeftOffTheChart() throws {
        // A damaged Forecasts.plist or a server's 1e308: no trap, and the other hours still drawn.
        var hours = Self.hours().hours
        hours[3].temperatureCelsius = 1.7e308
        hours[4].temperatureCelsius = -1.7e308
        hours[5].temperatureCelsius = 5e3
        hours.append(HourlyForecast(epochTime: .max, temperatureCelsius: 10, precipitationProbability: 0))  // no such hour
        for units in [TemperatureUnit.metric, .imperial] {
            var m = try Self.state(hours: HourlyForecastResponse(hours: hours))
            m.units = units
            let lines = Self.render(m, 140, 40).lines
            #expect(lines.contains { $0.contains("Next 24 h (local time)") })
            #expect(lines.contains { $0.contains(units == .metric ? "15°┤" : "59°┤") }, "the scale of the plausible hours")
        }
        #expect(HourlyChartView.upcoming(HourlyForecastResponse(hours: hours), now: ViewFixtures.now)?.count == 21)
    }

    @Test func fahrenheitScalesTheChart() throws {
        var m = try Self.state(hours: Self.hours())
        m.units = .imperial
        let text = Self.render(m, 140, 40).lines.joined(separator: "\n")
        #expect(text.contains("59°┤") && text.contains("41°┤") && text.contains("°F  ▅ chance of rain"))
    }

    @Test func pastHoursAreLeftOutAndTooFewLeaveNoChart() throws {
        let start = Int(ViewFixtures.now.timeIntervalSince1970) / 3600 * 3600
        let old = Self.hours(count: 24, from: start - 22 * 3600)
        #expect(HourlyChartView.upcoming(old, now: ViewFixtures.now)?.count == 2)
        let gone = Self.hours(count: 24, from: start - 24 * 3600)
        #expect(HourlyChartView.upcoming(gone, now: ViewFixtures.now) == nil)
        let text = Self.render(try Self.state(hours: gone), 140, 40).lines.joined()
        #expect(!text.contains("Next 24 h") && text.contains("5-day forecast"))
    }

    /// The README's promise: the chart takes the rows the conditions and the days leave, however
    /// tall the terminal, so the days end on the pane's last row.
    @Test func theChartTakesEveryFreeRow() throws {
        for rows in [40, 60, 70] {
            let lines = Self.render(try Self.state(hours: Self.hours()), 200, rows).lines
            let lastDay = try #require(lines.lastIndex { $0.contains("━") })
            #expect(lastDay == rows - 2, "at 200×\(rows) the days end on row \(lastDay + 1) of \(rows - 1)")
        }
    }

    /// A forecast saved three days ago and opened offline: Sun–Thu on a Wednesday shows Wed and
    /// Thu only; a week later no day is left, and the detail says so instead of old days.
    @Test func daysGoneByAreNotShown() throws {
        var m = try Self.state(hours: nil)  // days Sun 22 … Thu 26 Nov 2026
        m.now = ViewFixtures.now.addingTimeInterval(3 * 86400)  // Wednesday
        let text = Self.render(m, 140, 40).lines.joined(separator: "\n")
        #expect(text.contains("2-day forecast") && text.contains("Wed ") && text.contains("Thu "), "\(text)")
        for gone in ["Sun ", "Mon ", "Tue "] { #expect(!text.contains(gone), "\(gone) has gone by") }
        m.now = ViewFixtures.now.addingTimeInterval(7 * 86400)
        let later = Self.render(m, 140, 40).lines.joined(separator: "\n")
        #expect(later.contains("Forecast from 2026-11-22 12:09: all days past; r to refresh"), "\(later)")
        #expect(!later.contains("5-day forecast") && !later.contains("Low High"))
        var german = m
        german.request.language = "de"
        let deutsch = Self.render(german, 140, 40).lines.joined(separator: "\n")
        #expect(deutsch.contains("Vorhersage von 2026-11-22 12:09: alle Tage vorbei; r aktualisiert"), "\(deutsch)")
        m.config.offline = true
        #expect(Self.render(m, 140, 40).lines.joined().contains("all days past (offline mode"))
    }

    /// A detail taller than the terminal (the demo's Beijing at 60×20 and 40×10) says more is
    /// below, and PgDn brings it page by page, every day of the forecast, to the end.
    @Test(arguments: [TerminalSize(columns: 60, rows: 20), TerminalSize(columns: 40, rows: 10)])
    func aDetailTallerThanThePaneScrolls(_ size: TerminalSize) throws {
        var browser = ScriptedBrowser(size: size, refreshFails: false)
        try browser.press([KeyEvent](repeating: .character("j"), count: 4) + [.enter])
        var state = browser.state
        var screen = browser.screen
        var pages = [BrowserView.render(state, screen: screen, size: size).lines]
        let pane = try #require(Layout(size: size, state: state).detail)
        #expect(pages[0][pane.maxY - 1].contains("↓ more (PgDn)"), "\(pages[0].joined(separator: "\n"))")
        #expect(!pages[0].joined().contains("Thu "), "the fifth day is below")
        let command = try #require(KeyMap.command(for: .pageDown, state: state))
        #expect(command == .scrollDetailPages(1))
        while pages.count < 20 {
            let before = screen
            #expect(screen.resolve(command, state: state, size: size) == nil)  // the front end's alone
            if screen == before { break }
            pages.append(BrowserView.render(state, screen: screen, size: size).lines)
        }
        let last = try #require(pages.last)
        #expect(pages.count > 1 && last[pane.y].contains("↑ more (PgUp)") && !last.joined().contains("↓ more"))
        let seen = pages.joined().joined()
        for day in ["Sun ", "Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat "] { #expect(seen.contains(day), "\(day) never shown") }
        #expect(last[pane.maxY - 1].contains("Sat "), "the last page ends with the week's last day")
        // ↑↓ still step to the next city, whose detail starts at its top.
        #expect(screen.detailScroll > 0)
        _ = state.reduce(.moveDown)
        screen.follow(state, after: .moveDown)
        #expect(screen.detailScroll == 0)
        let top = screen
        _ = screen.resolve(.scrollDetailPages(-1), state: state, size: size)
        #expect(screen == top)
    }

    /// Beside the list the page keys move the list; the mark says how to reach the rest.
    @Test func besideTheListTheMarkSaysToFocusFirst() throws {
        var m = try Self.state(hours: Self.hours())
        m.detail.mode = .list
        let size = TerminalSize(columns: 100, rows: 16)
        #expect(KeyMap.command(for: .pageDown, state: m) == .pageList(1))
        #expect(BrowserView.render(m, size: size).lines.contains { $0.contains("↓ more (⏎, then PgDn)") })
        m.detail.mode = .detail
        #expect(KeyMap.command(for: .pageDown, state: m) == .scrollDetailPages(1))
        #expect(BrowserView.render(m, size: size).lines.contains { $0.contains("↓ more (PgDn)") })
    }

    @Test func twelveAccuWeatherHoursAreCalledSo() throws {
        let text = Self.render(try Self.state(hours: Self.hours(count: 12)), 140, 40).lines.joined()
        #expect(text.contains("Next 12 h (local time)"))
    }

    @Test func theForecastHasColumnTitlesAndNoMinusZero() throws {
        var forecast = try ViewFixtures.forecast()
        forecast.dailyForecasts[0].temperature = ValueRange(minimum: UnitValue(value: -0.4, unit: "C"), maximum: UnitValue(value: 3.2, unit: "C"))
        let lines = Self.render(try Self.state(hours: nil, forecast: forecast), 140, 40).lines
        let titleRow = try #require(lines.firstIndex { $0.contains("Day") && $0.contains("Low") && $0.contains("High") })
        #expect(lines[titleRow].contains("Range") && lines[titleRow].contains("Rain"))
        #expect(!lines[titleRow].contains("━"))
        let first = lines[titleRow + 1]
        #expect(first.contains("   0°   3°  ") && !first.contains("-0°"), "\(first)")
        // Low and high are right-aligned under their titles.
        func column(_ needle: String, _ line: String) -> Int? {
            line.range(of: needle).map { DisplayWidth.width(of: String(line[..<$0.upperBound])) }
        }
        #expect(column("Low", lines[titleRow]) == column("0°", first))
        #expect(column("High", lines[titleRow]) == column("3°", first))
    }

    @Test func eightyByTwentyFourKeepsTheForecastAndSumsUpTheHours() throws {
        let m = try Self.state(hours: Self.hours())
        let text = Self.render(m, 80, 24).lines.joined(separator: "\n")
        #expect(text.contains("5-day forecast"))
        #expect(text.contains("Day") && text.contains("Range"))
    }

    @Test func aMissingHourlyCallSaysWhyUnderTheDays() throws {
        var m = try Self.state(hours: nil)
        m.detail.forecastErrors[m.selectedCity!.key] = "hourly forecast: daily request limit reached"
        let text = Self.render(m, 140, 40).lines.joined(separator: "\n")
        #expect(text.contains("hourly forecast: daily request limit reached"))
        #expect(text.contains("5-day forecast"))
    }

    // MARK: the wide list

    @Test func below100ColumnsTheListIsUnchanged() {
        for width in [56, 68, 80, 99] {
            #expect(CityListView.Columns(width: width).extras.isEmpty, "\(width)")
        }
    }

    @Test func aWideListGainsColumnsByPriority() {
        let extras = { (width: Int) in CityListView.Columns(width: width).extras.map(\.column) }
        #expect(extras(100) == [.feelsLike, .airQuality, .humidity], "strictly by priority: local time waits for wind")
        #expect(extras(125) == [.feelsLike, .airQuality, .humidity, .wind, .localTime])
        #expect(extras(134) == [.feelsLike, .airQuality, .humidity, .wind, .localTime, .rainChance])
        let wide = CityListView.Columns(width: 143)
        #expect(wide.country.width == 32, "whole country names")
        #expect(wide.weather.x + wide.weather.width == 143)
    }

    /// `s` reaches the rain chance, the wind and the air, which a narrow list has no column for:
    /// the titles' row names the sort, so the order is never unexplained.
    @Test func aSortByAColumnNotShownIsNamed() throws {
        var m = ViewFixtures.state(try ViewFixtures.topCities())
        for (field, named) in [(SortField.rainChance, "by Rain 6h ▲"), (.wind, "by Wind ▲"), (.airQuality, "by AQI ▲")] {
            m.list.sortField = field
            #expect(Self.render(m, 80, 24).lines[1].hasSuffix(named + " "), "\(Self.render(m, 80, 24).lines[1])")
            #expect(!Self.render(m, 200, 60).lines[1].contains(named), "the wide list shows the column, with the arrow")
        }
        m.list.sortField = .temperature
        #expect(!Self.render(m, 80, 24).lines[1].contains("by "))
    }

    @Test func theExtraColumnsShowEachCitysValues() throws {
        var city = try ViewFixtures.details()
        city.timeZone = CityTimeZone(code: "JST", name: "Asia/Tokyo", gmtOffset: 9)
        city.rainChanceNextHours = RainChance(percent: 7, hours: 6)
        let m = ViewFixtures.state([city] + (try ViewFixtures.topCities()))
        let lines = Self.render(m, 200, 60).lines
        #expect(lines[1].contains("Feels") && lines[1].contains("Humidity") && lines[1].contains("Wind") && lines[1].contains("Local"))
        #expect(lines[1].contains("Rain 6h"))
        let row = lines[2]
        #expect(row.contains("   7 %  "), "the rain chance of the next 6 hours")
        #expect(row.contains("21:09"), "12:09 UTC in Tokyo")
        if let humidity = city.relativeHumidity { #expect(row.contains("\(humidity) %")) }
        if let feels = city.realFeelTemperature { #expect(row.contains(WeatherFormat.temperature(feels, units: .metric))) }
        for line in lines { #expect(DisplayWidth.width(of: line) == 200) }
    }
}
