#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels
import TerminalKit
import EssentialsSupport

/// The city list: columns City / Country / Temp / Weather aligned by display width, ★ for pinned
/// cities (⌂ for home), the selected row marked `>` and reversed; only the visible rows are drawn. A list 100
/// columns wide or more gains columns by priority (feels like, air quality, humidity, wind, local time) and
/// room for whole country names, rather than blank space.
public enum CityListView {
    /// What the list shows.
    public struct Content {
        /// The cities listed, in order.
        public var cities: [CityWeather]
        public var selectedIndex: Int?
        /// The first city in sight.
        public var scrollOffset: Int
        public var pinnedKeys: Set<String>
        /// The home place, marked ⌂ where the others have ★.
        public var homeKey: String? = nil
        public var units: TemperatureUnit
        /// When the local clocks are read.
        public var now: Date
        public var sortField: SortField
        public var sortDescending: Bool
        /// What the list says when it has no city, first line first.
        public var emptyLines: [String]
        /// A city's name as listed (an own city's namesake with its region).
        public var displayName: (CityWeather) -> String
        /// A city's air, by its key, and the index shown of it.
        public var air: (String) -> AirQuality?
        public var airScale: AirQualityScale
        /// The language of its titles and words.
        public var language: Language = .english
        /// A kept place's mark of rain due within the hour (`14:30`, `now`); nil for none.
        public var rainMark: (CityWeather) -> String? = { _ in nil }
        /// The highest severity of a place's official alerts in force; nil: none, or not known.
        /// Asked only of the rows drawn, so the frame's cost does not grow with the list.
        public var alertSeverity: (CityWeather) -> AlertSeverity? = { _ in nil }
        /// How the `Local` column tells the time.
        public var clock: ClockStyle = .twentyFourHour
    }

    /// Column positions for a list `width` columns wide.
    struct Columns: Equatable {
        var city: (x: Int, width: Int)
        var country: (x: Int, width: Int)
        var temp: (x: Int, width: Int)
        var weather: (x: Int, width: Int)
        /// The wide list's extra columns, in the order drawn, each as wide as the clock makes it.
        var extras: [(column: ExtraColumn, x: Int, width: Int)] = []

        static func == (a: Columns, b: Columns) -> Bool {
            a.city == b.city && a.country == b.country && a.temp == b.temp && a.weather == b.weather
                && a.extras.map(\.column) == b.extras.map(\.column) && a.extras.map(\.x) == b.extras.map(\.x)
                && a.extras.map(\.width) == b.extras.map(\.width)
        }

        init(width: Int, clock: ClockStyle = .twentyFourHour) {
            self = width >= CityListView.extraColumnsFrom ? Columns(wide: width, clock: clock) : Columns(narrow: width)
        }

        /// City, country, temperature and weather sharing the width.
        init(narrow width: Int) {
            let marker = 3, gap = 2, tempWidth = 7
            let flexible = max(0, width - marker - tempWidth - 3 * gap)
            let cityWidth = max(6, flexible * 38 / 100)
            let countryWidth = max(4, flexible * 24 / 100)
            city = (marker, cityWidth)
            country = (city.x + cityWidth + gap, countryWidth)
            temp = (country.x + countryWidth + gap, tempWidth)
            weather = (temp.x + tempWidth + gap, max(0, width - (temp.x + tempWidth + gap)))
        }
    }

    /// List width from which the extra columns may appear: below it nothing changes.
    static let extraColumnsFrom = Layout.sideBySideWidth

    public static func draw(_ list: Content, into buffer: inout ScreenBuffer, rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let cols = Columns(width: rect.width, clock: list.clock)
        let arrow = list.sortDescending ? "▼" : "▲"
        func title(_ name: String, _ field: SortField?) -> String { field == list.sortField ? "\(name) \(arrow)" : name }
        let titleY = rect.y
        buffer.fill(x: rect.x, y: titleY, count: rect.width, style: .columnTitle)
        let words = list.language
        buffer.draw(title(words.text("column.city"), .name), x: rect.x + cols.city.x, y: titleY, columns: cols.city.width, style: .columnTitle)
        buffer.draw(title(words.text("column.country"), .country), x: rect.x + cols.country.x, y: titleY, columns: cols.country.width, style: .columnTitle)
        buffer.draw(title(words.text("column.temp"), .temperature), x: rect.x + cols.temp.x, y: titleY, columns: cols.temp.width, style: .columnTitle,
                    alignRight: true)
        buffer.draw(title(words.text("column.weather"), .weather), x: rect.x + cols.weather.x, y: titleY, columns: cols.weather.width, style: .columnTitle)
        for extra in cols.extras {
            let column = extra.column, x = rect.x + extra.x, width = extra.width, columnTitle = column.title(in: words)
            guard column.sortField == list.sortField else {
                buffer.draw(columnTitle, x: x, y: titleY, columns: width, style: .columnTitle, alignRight: column.alignsRight)
                continue
            }
            // The arrow follows its title: `AQI▲` in a column too narrow for the blank, and where
            // the title fills its column (Humidity, Local, Rain 6h) in the gap after it; never in
            // the gap before it, where it reads as the previous column's (`Local▲` for the rain).
            let spaced = "\(columnTitle) \(arrow)", close = columnTitle + arrow
            if ScreenBuffer.columns(of: spaced) <= width {
                buffer.draw(spaced, x: x, y: titleY, columns: width, style: .columnTitle, alignRight: column.alignsRight)
            } else if ScreenBuffer.columns(of: close) <= width {
                buffer.draw(close, x: x, y: titleY, columns: width, style: .columnTitle, alignRight: column.alignsRight)
            } else {
                buffer.draw(columnTitle, x: x, y: titleY, columns: width, style: .columnTitle, alignRight: column.alignsRight)
                buffer.draw(arrow, x: x + width, y: titleY, style: .columnTitle, maxWidth: 1)
            }
        }
        // A sort by a column this width leaves out (`s` reaches rain and wind) is named at the
        // titles' end, so the order on screen is never unexplained.
        if let hidden = ExtraColumn.allCases.first(where: { $0.sortField == list.sortField }), !cols.extras.contains(where: { $0.column == hidden }) {
            buffer.draw(words.text("column.by", ("column", hidden.title(in: words))) + " \(arrow)", x: rect.x + cols.weather.x, y: titleY, columns: max(0, cols.weather.width - 1),
                        style: .columnTitle, alignRight: true)
        }

        let rows = rect.height - 1
        guard rows > 0 else { return }
        let cities = list.cities
        if cities.isEmpty {
            for (i, line) in list.emptyLines.prefix(rows).enumerated() {
                buffer.draw(line, x: rect.x + cols.city.x, y: rect.y + 1 + i, columns: rect.width - cols.city.x, style: i == 0 ? .sectionTitle : .plain)
            }
            return
        }
        // The reducer keeps the selection within the page the driver told it (this list's rows);
        // bounding the offset only keeps a hand-made state from trapping on an empty range.
        let offset = min(max(0, list.scrollOffset), cities.count - 1)
        let end = min(cities.count, offset + rows)
        for index in offset..<end {
            drawRow(cities[index], name: list.displayName(cities[index]), selected: index == list.selectedIndex,
                    pinned: list.pinnedKeys.contains(cities[index].key), home: cities[index].key == list.homeKey, units: list.units, language: words,
                    cols: cols, into: &buffer, x: rect.x, y: rect.y + 1 + index - offset, width: rect.width, rainMark: list.rainMark(cities[index]),
                    alert: list.alertSeverity(cities[index]))
            let air = cols.extras.isEmpty ? nil : list.air(cities[index].key)
            for extra in cols.extras {
                var style: Style = .plain
                if extra.column == .airQuality {
                    // The index in its category's colour, bold so it reads in monochrome as a value apart.
                    style = Style(bold: true, role: .air(air?.category(on: list.airScale), on: list.airScale))
                    if index == list.selectedIndex { style = style.reversed() }
                } else if index == list.selectedIndex {
                    style = .selected
                }
                buffer.draw(extra.column.value(of: cities[index], units: list.units, now: list.now, air: air, scale: list.airScale, in: words,
                                               clock: list.clock),
                            x: rect.x + extra.x, y: rect.y + 1 + index - offset, columns: extra.width, style: style,
                            alignRight: extra.column.alignsRight)
            }
        }
    }

    static func drawRow(_ city: CityWeather, name: String, selected: Bool, pinned: Bool, home: Bool = false, units: TemperatureUnit, language: Language = .english,
                        cols: Columns, into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int, rainMark: String? = nil, alert: AlertSeverity? = nil) {
        let base: Style = selected ? .selected : .plain
        buffer.fill(x: x, y: y, count: width, style: base)
        if selected { buffer.draw(">", x: x, y: y, style: Style(bold: true, reverse: true)) }
        if pinned { buffer.draw(home ? "⌂" : "★", x: x + 1, y: y, style: selected ? Style.pinned.reversed() : .pinned) }
        buffer.draw(name, x: x + cols.city.x, y: y, columns: cols.city.width, style: selected ? Style(bold: true, reverse: true) : base)
        buffer.draw(city.country.localizedName, x: x + cols.country.x, y: y, columns: cols.country.width, style: base)
        var tempStyle = Style.temperature(celsius: WeatherFormat.temperatureValue(city.temperature, units: .metric))
        if selected { tempStyle = tempStyle.reversed() }
        buffer.draw(language.decimal(WeatherFormat.temperature(city.temperature, units: units)), x: x + cols.temp.x, y: y, columns: cols.temp.width, style: tempStyle, alignRight: true)
        if cols.weather.width > 2 {
            // Rain due within the hour at a kept place comes before the weather now: `☂ 14:30 · Cloudy`.
            let glyph = rainMark == nil ? ViewFormat.glyph(icon: city.weatherIcon) : "☂"
            let text = rainMark.map { "\($0) · \(city.weatherText)" } ?? city.weatherText
            buffer.draw(glyph, x: x + cols.weather.x, y: y, style: rainMark == nil ? base : selected ? Style.rainSoon.reversed() : .rainSoon)
            // An alert in force goes before the weather's words, in its severity's mark and colour.
            var textX = x + cols.weather.x + 2
            if let alert, cols.weather.width > 4 {
                buffer.draw(AlertMark.glyph(alert), x: textX, y: y, style: AlertMark.style(alert, selected: selected))
                textX += 2
            }
            buffer.draw(text, x: textX, y: y, columns: cols.weather.width - (textX - x - cols.weather.x), style: base)
        }
    }
}

extension CityListView.Content {
    /// What of `state` the list shows, from the city at `scrollOffset` (the front end's).
    public init(_ state: State, scrollOffset: Int = 0) {
        cities = state.list.visibleCities
        selectedIndex = state.list.selectedIndex
        self.scrollOffset = scrollOffset
        pinnedKeys = Set(state.pinned.map(\.key))
        homeKey = state.homeKey
        units = state.units
        now = state.now
        sortField = state.list.sortField
        sortDescending = state.list.sortDescending
        emptyLines = CityListView.emptyLines(state)
        displayName = state.displayName(of:)
        air = state.air(for:)
        airScale = state.airQualityScale
        language = state.language
        rainMark = state.rainMark(for:)
        // No alert in force anywhere (the demo, most of the world): nothing to ask of any row.
        let highest = state.alertsState.highest
        if !highest.isEmpty { alertSeverity = { highest[$0.key] } }
        clock = state.clock
    }
}

extension CityListView {
    /// What a list or map with no city says: that the filter matches none, or why there are none.
    static func emptyLines(_ state: State) -> [String] {
        let clear = ("key", KeyBindings.name(of: .send(.cancelFilter), in: KeyBindings.filter))
        guard state.list.filter.isEmpty else { return [state.language.text("list.noMatch", clear, ("filter", state.list.filter))] }
        guard let explanation = state.emptyExplanation, !explanation.isEmpty else { return [state.language.text("list.none")] }
        return explanation
    }
}
