#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels
import TerminalKit
import EssentialsSupport

/// The detail pane of the selected city: names, local time, conditions in both units, the details
/// AccuWeather sent (sections without data are left out), the coming hours as a chart in the rows
/// left free, and the labelled days' forecast (a week from Open-Meteo, 5 days from AccuWeather).
public enum DetailView {
    /// What the pane shows: the selected city and what is known of its coming days and hours.
    public struct Content {
        /// The selected city; nil when none is.
        public var city: CityWeather?
        /// Its name as listed (an own city's namesake with its region).
        public var cityName: String
        /// When its conditions were observed, when that is well before the feed was fetched.
        public var outdatedObservation: Date?
        public var units: TemperatureUnit
        public var now: Date
        /// The user's zone, which the forecast's fetch time is shown in.
        public var timeZone: ZoneInfo
        public var forecast: DailyForecastResponse?
        /// When the forecast was fetched.
        public var forecastFetchedAt: Date?
        public var hourly: HourlyForecastResponse?
        public var isForecastLoading: Bool
        /// Why the forecast could not be fetched.
        public var forecastError: String?
        /// Why `r` cannot fetch now (offline, no key); nil when it can.
        public var refreshBlocked: String?
        /// The first line shown when the pane scrolls.
        public var scroll: Int
        /// Whether the detail is what the keys move (PgUp/PgDn scroll it); beside the list it is not until ⏎.
        public var isOpen: Bool
        /// The city's air and how to show it (DetailView+AirQuality.swift).
        public var air: AirSection = AirSection()
        /// The language its words are in.
        public var language: Language = .english
        /// The clock its times are written with.
        public var clock: ClockStyle = .twentyFourHour
        /// The kept place's rain in the next two hours (DetailView+Nowcast.swift).
        public var rain: RainSection = RainSection()
        /// The city's official alerts (DetailView+Alerts.swift).
        public var alerts: AlertsSection = AlertsSection()
    }

    /// One line of the pane.
    struct Line {
        var text: String
        var style: Style = .plain
    }

    static func lines(for city: CityWeather, _ detail: Content) -> [Line] {
        var out: [Line] = []
        let shown = detail.cityName
        let name = city.englishName == city.localizedName || city.englishName.isEmpty
            ? shown : "\(city.englishName) (\(shown))"
        let country = city.country.englishName == city.country.localizedName || city.country.englishName.isEmpty
            ? city.country.localizedName : "\(city.country.localizedName) (\(city.country.englishName))"
        out.append(Line(text: "\(name)  ·  \(country)", style: .sectionTitle))
        let sourceTime = city.zoneGivenAt(now: detail.now)
        let words = detail.language, style = detail.clock
        // A number as this language writes it, and a label's words around a value.
        func number(_ text: String) -> String { words.decimal(text) }
        func label(_ key: String, _ value: String) -> String { words.text(key, ("value", number(value))) }
        var when = [WeatherFormat.localTime(city.timeZone, at: detail.now, sourceTime: sourceTime, style: style, in: words)].compactMap { $0 }
        if let observed = detail.outdatedObservation {
            let clock = WeatherFormat.localClock(city.timeZone, at: observed, sourceTime: sourceTime, style: style)
                .map { words.text("time.localShort", ("time", $0)) } ?? WeatherFormat.clock(observed, style: style)
            when.append(words.text("detail.observed", ("time", clock), ("age", WeatherFormat.age(of: observed, now: detail.now, in: words))))
        }
        if !when.isEmpty { out.append(Line(text: when.joined(separator: " · "))) }
        var now = "\(ViewFormat.glyph(icon: city.weatherIcon)) \(city.weatherText)"
        if let both = ViewFormat.bothUnits(city.temperature) { now += "  \(number(both))" }
        out.append(Line(text: now, style: .temperature(celsius: WeatherFormat.temperatureValue(city.temperature, units: .metric))))
        out += alertsLines(detail.alerts, city: city, now: detail.now, in: words)

        var feels: [String] = []
        if let rf = city.realFeelTemperature, let t = WeatherFormat.measure(rf, units: detail.units) { feels.append(label("detail.feels", degreeText(t))) }
        if let shade = city.realFeelTemperatureShade, let t = WeatherFormat.measure(shade, units: detail.units) {
            feels.append(label("detail.shade", degreeText(t)))
        }
        if let h = city.relativeHumidity { feels.append(label("detail.humidity", "\(h) %")) }
        if let dp = city.dewPoint, let t = WeatherFormat.measure(dp, units: detail.units) { feels.append(label("detail.dewPoint", degreeText(t))) }
        if !feels.isEmpty { out.append(Line(text: feels.joined(separator: " · "))) }

        var wind: [String] = []
        if let w = WeatherFormat.wind(city.wind, units: detail.units, in: words) { wind.append(label("detail.wind", w)) }
        if let g = WeatherFormat.speed(city.windGust?.speed, units: detail.units) { wind.append(label("detail.gusts", g)) }
        if !wind.isEmpty { out.append(Line(text: wind.joined(separator: " · "))) }

        var sky: [String] = []
        if let uv = city.uvIndex { sky.append("UV \(uv)" + (city.uvIndexText.map { " \($0)" } ?? "")) }
        if let v = WeatherFormat.measure(city.visibility, units: detail.units, decimals: 1) { sky.append(label("detail.visibility", v)) }
        if let c = city.cloudCover { sky.append(label("detail.cloudCover", "\(c) %")) }
        if !sky.isEmpty { out.append(Line(text: sky.joined(separator: " · "))) }

        if let p = WeatherFormat.measure(city.pressure, units: detail.units, decimals: detail.units == .metric ? 0 : 1) {
            let tendency = city.pressureTendency?.localizedText.map { ", \($0.lowercased())" } ?? ""
            out.append(Line(text: label("detail.pressure", p) + tendency))
        }

        var precip: [String] = []
        if let has = city.hasPrecipitation {
            precip.append(has ? words.text("detail.precipitation", ("kind", city.precipitationType ?? words.text("detail.precipitationYes")))
                : words.text("detail.noPrecipitation"))
        }
        if let past = WeatherFormat.measure(city.precipitationSummary?.past24Hours, units: detail.units, decimals: 1) {
            precip.append(label("detail.past24h", past))
        }
        if !precip.isEmpty { out.append(Line(text: precip.joined(separator: " · "))) }

        out += rainLines(detail.rain, in: detail.language)
        out += skyLines(for: city, now: detail.now, style: style, in: words)
        out += airQualityLines(detail.air, now: detail.now, in: words)

        if let geo = city.geoPosition {
            var text = ViewFormat.coordinates(latitude: geo.latitude, longitude: geo.longitude)
            if let e = WeatherFormat.measure(geo.elevation, units: detail.units) { text += " · " + label("detail.elevation", e) }
            out.append(Line(text: text, style: .dimmed))
        }
        return out
    }

    /// The sun's day at the city, on its clock and its date, and the moon now (docs/spec.md §5).
    static func skyLines(for city: CityWeather, now: Date, style: ClockStyle = .twentyFourHour, in words: Language = .english) -> [Line] {
        [WeatherFormat.sunLine(city, now: now, style: style, in: words), WeatherFormat.moonLine(now: now, in: words)].compactMap { $0.map { Line(text: $0) } }
    }

    /// AccuWeather sends "C"/"F"/"km/h"; temperatures read better as "16 °C".
    static func degreeText(_ measure: String) -> String {
        if measure.hasSuffix(" C") { return String(measure.dropLast(2)) + " °C" }
        if measure.hasSuffix(" F") { return String(measure.dropLast(2)) + " °F" }
        return measure
    }

    /// The forecast's columns: day (`Fri 27 Nov`, `Fri 27` in a narrow pane) and glyph, low, high
    /// (right-aligned, 4 columns: `-12°`), the day's range against the week's, chance of
    /// precipitation (`100 %`).
    static let degreeWidth = 4, rainWidth = 5
    /// Columns of the day and its glyph, with the month and without.
    static let dayWidth = 12, shortDayWidth = 8
    /// Cells the range bar has at the least, and at the most.
    static let minimumBar = 10, maximumBar = 24

    /// Columns of a row but its day and its bar.
    static let fixedColumns = 2 + degreeWidth + 1 + degreeWidth + 2 + 2 + rainWidth

    /// Whether the day's label has its month in a pane `width` columns wide: when the row fits
    /// with it and the shortest bar.
    static func daysShowMonth(paneWidth width: Int) -> Bool {
        width >= dayWidth + fixedColumns + minimumBar
    }

    /// Bar cells for a pane `width` columns wide: 10, more when there is room, up to 24.
    static func barWidth(paneWidth width: Int) -> Int {
        let day = daysShowMonth(paneWidth: width) ? dayWidth : shortDayWidth
        return min(maximumBar, max(minimumBar, width - (day + fixedColumns)))
    }

    /// The days' forecast under a title and a row of column titles, or why there is none; the
    /// headline (AccuWeather's sentence) when `headline`. Every day the source sent from the
    /// place's today on: a week from Open-Meteo, 5 days from AccuWeather's plan.
    static func forecastLines(_ detail: Content, width: Int, headline: Bool = true) -> [Line] {
        guard let forecast = detail.forecast, !forecast.dailyForecasts.isEmpty else {
            if detail.isForecastLoading { return [Line(text: detail.language.text("detail.forecastLoading"), style: .dimmed)] }
            if let error = detail.forecastError { return [Line(text: detail.language.text("detail.forecastError", ("error", error)), style: .dimmed)] }
            return [Line(text: detail.language.text("detail.forecastHint", ("key", KeyBindings.name(of: .send(.openDetail), short: true))), style: .dimmed)]
        }
        let days = detail.city.map { WeatherFormat.daysFromToday(forecast.dailyForecasts, city: $0, now: detail.now) } ?? []
        guard !days.isEmpty else { return [Line(text: allDaysPast(detail), style: .dimmed)] }
        let words = detail.language
        var out = [Line(text: words.text("detail.forecastDays", ("n", String(days.count))), style: .sectionTitle)]
        if headline, let text = forecast.headline?.text { out.append(Line(text: text, style: .dimmed)) }
        let bar = barWidth(paneWidth: width)
        let withMonth = daysShowMonth(paneWidth: width)
        let dayWidth = withMonth ? dayWidth : shortDayWidth
        let titles = pad(words.text("detail.day"), dayWidth) + "  " + pad(words.text("detail.low"), degreeWidth, right: true) + " "
            + pad(words.text("detail.high"), degreeWidth, right: true) + "  " + pad(words.text("detail.range"), bar) + "  "
            + pad(words.text("detail.rain"), rainWidth, right: true)
        out.append(Line(text: titles, style: .columnTitle))
        let lows = days.compactMap { ViewFormat.celsius($0.temperature.minimum) }
        let highs = days.compactMap { ViewFormat.celsius($0.temperature.maximum) }
        let weekLow = lows.min() ?? 0, weekHigh = highs.max() ?? 0
        for day in days {
            let label = WeatherFormat.dayLabel(ofForecastDate: day.date, epoch: day.epochDate, month: withMonth, in: detail.language)
            let low = ViewFormat.celsius(day.temperature.minimum), high = ViewFormat.celsius(day.temperature.maximum)
            let lowText = WeatherFormat.forecastDegrees(day.temperature.minimum, units: detail.units)
            let highText = WeatherFormat.forecastDegrees(day.temperature.maximum, units: detail.units)
            let range = RangeBar.bar(low: low ?? weekLow, high: high ?? weekHigh, weekLow: weekLow, weekHigh: weekHigh, width: bar)
            let rain = day.day?.precipitationProbability.map { "\($0) %" } ?? ""
            let glyph = ViewFormat.glyph(icon: day.day?.icon)
            let text = pad("\(label) \(glyph)", dayWidth) + "  " + pad(lowText, degreeWidth, right: true) + " "
                + pad(highText, degreeWidth, right: true) + "  " + range + "  " + pad(rain, rainWidth, right: true)
            out.append(Line(text: text))
        }
        return out
    }

    /// What the detail says when every day of the saved forecast has gone by: when it was
    /// fetched, and whether `r` can bring a new one.
    static func allDaysPast(_ detail: Content) -> String {
        let words = detail.language
        let said = detail.forecastFetchedAt.map { words.text("detail.allPastFrom", ("time", WeatherFormat.when($0, now: detail.now, timeZone: detail.timeZone))) }
            ?? words.text("detail.allPast")
        return detail.refreshBlocked.map { "\(said) (\($0))" } ?? "\(said); " + words.text("detail.rToRefresh", ("key", KeyBindings.name(of: .send(.refresh))))
    }

    /// Lines of "a · b · c" parts that are too wide continue on the next line at a " · " boundary.
    static func wrapped(_ lines: [Line], width: Int) -> [Line] {
        var out: [Line] = []
        for line in lines {
            guard ScreenBuffer.columns(of: line.text) > width, line.text.contains(" · ") else {
                out.append(line)
                continue
            }
            var current = ""
            for part in line.text.split(separator: " · ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = current.isEmpty ? part : current + " · " + part
                if !current.isEmpty, ScreenBuffer.columns(of: candidate) > width {
                    out.append(Line(text: current, style: line.style))
                    current = part
                } else {
                    current = candidate
                }
            }
            if !current.isEmpty { out.append(Line(text: current, style: line.style)) }
        }
        return out
    }

    /// `s` in `n` columns by display width (a weekday in CJK takes two a character).
    static func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
        right ? DisplayWidth.padLeft(s, to: n) : DisplayWidth.pad(s, to: n)
    }

    /// What the pane holds at a size: the lines above the chart (the conditions, then, when the
    /// hours have no chart, their summary), the chart's rows, and the lines under it (the days).
    struct Plan {
        var above: [Line]
        var chartRows: Int
        var below: [Line]
        /// The hours the chart draws, when it has rows.
        var hours: [HourlyForecast]?

        var rows: Int { above.count + chartRows + below.count }
        /// Every line in order, when the pane is too short for them and they scroll (no chart then).
        var lines: [Line] { above + below }
    }

    /// The pane's content for `city` in `width` columns and `height` rows. The rows left under the
    /// conditions and the forecast go to the chart (all of them: a taller plot resolves the
    /// degrees more finely); the headline gives way first when the chart, or every day, would
    /// not fit with it.
    /// Content taller than the pane keeps every line, to scroll (docs/spec.md §5).
    static func plan(_ detail: Content, city: CityWeather, width: Int, height: Int) -> Plan {
        let current = wrapped(lines(for: city, detail), width: width)
        var forecast = forecastLines(detail, width: width)
        let hours = HourlyChartView.upcoming(detail.hourly, now: detail.now)
        var free = height - current.count - 1 - forecast.count
        if detail.forecast?.headline?.text != nil {
            let shorter = forecastLines(detail, width: width, headline: false)
            let saved = forecast.count - shorter.count
            let chartFits = hours != nil && free - 1 < HourlyChartView.minimumRows && free - 1 + saved >= HourlyChartView.minimumRows
            // A week's rows are worth more than a sentence about it: every day in sight rather than a scroll.
            let daysFit = free < 0 && free + saved >= 0
            if chartFits || daysFit {
                free += saved
                forecast = shorter
            }
        }
        let blank = Line(text: "")
        if hours != nil, free - 1 >= HourlyChartView.minimumRows {
            return Plan(above: current + [blank], chartRows: free - 1, below: [blank] + forecast, hours: hours)
        }
        var hourLines: [Line] = []
        if let hours {
            hourLines = [Line(text: hourSummary(hours, units: detail.units, in: detail.language), style: .dimmed)]
        } else if detail.forecast != nil, let problem = detail.forecastError {
            hourLines = [Line(text: problem, style: .dimmed)]
        }
        // The hours' line only where it fits whole with its blank, or where everything scrolls anyway.
        if free >= 0, free < 2 { hourLines = [] }
        return Plan(above: current + (hourLines.isEmpty ? [] : [blank] + hourLines), chartRows: 0, below: [blank] + forecast)
    }

    /// Lines of the detail at `size` beyond its pane, and the first line a scroll can reach:
    /// what bounds the detail's scrolling (nothing open or all of it shown: zero).
    public static func maxScroll(_ state: State, size: TerminalSize) -> Int {
        guard let rect = Layout(size: size, state: state).detail, rect.width > 1, let city = state.selectedCity else { return 0 }
        let rows = plan(Content(state), city: city, width: rect.width - 1, height: rect.height).rows
        return rows > rect.height ? rows - rect.height + 1 : 0
    }

    /// Lines a page of the detail moves at `size`: its rows less the two marks and one line kept in sight.
    public static func pageLines(size: TerminalSize, state: State) -> Int {
        max(1, (Layout(size: size, state: state).detail?.height ?? 0) - 3)
    }

    /// The marks on the first and last rows of a detail that does not fit: where the rest is and
    /// which key brings it (in the list beside it, the detail must be focused first).
    static func moreAbove(keys: Bool, in language: Language = .english) -> String {
        language.text(keys ? "detail.moreAbove" : "detail.moreAboveEnter", ("key", KeyBindings.name(of: .scrollDetailPages(-1), in: KeyBindings.detailScrolling)))
    }
    static func moreBelow(keys: Bool, in language: Language = .english) -> String {
        language.text(keys ? "detail.more" : "detail.moreEnter", ("key", KeyBindings.name(of: .scrollDetailPages(1), in: KeyBindings.detailScrolling)),
                      ("enter", KeyBindings.name(of: .send(.openDetail), short: true)))
    }
    static let moreStyle = Style(bold: true, role: .key)

    public static func draw(_ detail: Content, into buffer: inout ScreenBuffer, rect: Rect, focused: Bool) {
        guard rect.height > 0, rect.width > 0 else { return }
        guard let city = detail.city else {
            buffer.draw(detail.language.text("detail.noCity"), x: rect.x + 1, y: rect.y, columns: rect.width - 1, style: .dimmed)
            return
        }
        let width = rect.width - 1
        let plan = plan(detail, city: city, width: width, height: rect.height)

        var y = rect.y
        func put(_ lines: ArraySlice<Line>, underlining first: Int? = nil) {
            for (i, line) in zip(lines.indices, lines) where y < rect.maxY {
                var style = line.style
                if i == first { style.underline = true }
                buffer.draw(line.text, x: rect.x + 1, y: y, columns: width, style: style)
                if line.text.contains("━") { colourBars(line.text, into: &buffer, x: rect.x + 1, y: y, maxX: rect.maxX) }
                y += 1
            }
        }
        guard plan.rows <= rect.height else {
            // Taller than the pane: the lines from the scroll on, and marks where more is hidden.
            let lines = plan.lines
            let first = min(max(0, detail.scroll), lines.count - rect.height + 1)
            var shown = rect.height
            if first > 0 {
                buffer.draw(moreAbove(keys: detail.isOpen, in: detail.language), x: rect.x + 1, y: y, columns: width, style: moreStyle)
                y += 1
                shown -= 1
            }
            let below = first + shown < lines.count
            if below { shown -= 1 }
            put(lines[first..<min(lines.count, first + shown)], underlining: focused ? 0 : nil)
            if below { buffer.draw(moreBelow(keys: detail.isOpen, in: detail.language), x: rect.x + 1, y: rect.maxY - 1, columns: width, style: moreStyle) }
            return
        }
        put(plan.above[...], underlining: focused ? 0 : nil)
        if plan.chartRows > 0, let hours = plan.hours {
            // The hours ahead in the city's time, past a summer time change too.
            HourlyChartView.draw(hours, units: detail.units, language: detail.language, utcOffset: { [given = city.zoneGivenAt(now: detail.now)] in city.timeZone?.offsetSeconds(at: $0, sourceTime: given) ?? 0 }, into: &buffer,
                                 rect: Rect(x: rect.x + 1, y: y, width: width, height: plan.chartRows))
            y += plan.chartRows
        }
        put(plan.below[...])
    }

    /// The hours in one line, when there is no room for their chart.
    static func hourSummary(_ hours: [HourlyForecast], units: TemperatureUnit, in language: Language = .english) -> String {
        let degrees = hours.compactMap(\.temperatureCelsius).map { units.degrees(celsius: $0) }
        let rain = hours.compactMap(\.precipitationProbability).max() ?? 0
        return language.text("detail.nextHours", ("n", String(hours.count)), ("low", WeatherFormat.whole(degrees.min() ?? 0)),
                             ("high", WeatherFormat.whole(degrees.max() ?? 0)), ("rain", String(rain)))
    }

    /// Colours only the range bar of a forecast row.
    static func colourBars(_ text: String, into buffer: inout ScreenBuffer, x: Int, y: Int, maxX: Int) {
        var col = x
        for ch in text {
            if ch == "━", col < maxX { buffer.restyle(x: col, y: y, count: 1) { _ in Style(role: .bar) } }
            col += ScreenBuffer.columns(of: ch)
        }
    }
}

extension DetailView.Content {
    /// What of `state` the pane shows, from its line `scroll` (the front end's).
    public init(_ state: State, scroll: Int = 0) {
        let city = state.selectedCity
        // What only the detail's own request brings (gusts, UV, visibility) fills what the list's lacks.
        self.city = city.map { city in state.detail.forecasts[city.key]?.current.map(city.filling(from:)) ?? city }
        cityName = city.map(state.displayName(of:)) ?? ""
        outdatedObservation = city.flatMap { city in state.feed.flatMap { FeedPolicy.outdatedObservation(of: city, in: $0) } }
        units = state.units
        now = state.now
        timeZone = state.config.timeZone
        forecast = state.selectedForecast
        forecastFetchedAt = city.flatMap { state.detail.forecasts[$0.key]?.fetchedAt }
        hourly = state.selectedHourly
        isForecastLoading = state.isSelectedForecastLoading
        forecastError = state.selectedForecastError
        refreshBlocked = FeedPolicy.fetchBlocked(config: state.config).map { $0.description(in: state.language) }
        self.scroll = scroll
        isOpen = state.detail.mode == .detail
        air = DetailView.AirSection(state, city: city)
        language = state.language
        clock = state.clock
        rain = DetailView.RainSection(state, city: city)
        alerts = DetailView.AlertsSection(state, city: city)
    }
}
