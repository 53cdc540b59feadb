import WeatherCore
import WeatherModels
import TerminalKit

/// The city list: columns City / Country / Temp / Weather aligned by display width, ★ for pinned
/// cities, the selected row marked `>` and reversed; only the visible rows are drawn. A list 100
/// columns wide or more gains columns by priority (feels like, humidity, wind, local time) and
/// room for whole country names, rather than blank space.
public enum CityListView {
    /// Column positions for a list `width` columns wide.
    struct Columns: Equatable {
        var city: (x: Int, width: Int)
        var country: (x: Int, width: Int)
        var temp: (x: Int, width: Int)
        var weather: (x: Int, width: Int)
        /// The wide list's extra columns, in the order drawn.
        var extras: [(column: ExtraColumn, x: Int)] = []

        static func == (a: Columns, b: Columns) -> Bool {
            a.city == b.city && a.country == b.country && a.temp == b.temp && a.weather == b.weather
                && a.extras.map(\.column) == b.extras.map(\.column) && a.extras.map(\.x) == b.extras.map(\.x)
        }

        init(width: Int) {
            self = width >= CityListView.extraColumnsFrom ? Columns(wide: width) : Columns(narrow: width)
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

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let cols = Columns(width: rect.width)
        let arrow = m.sortDescending ? "▼" : "▲"
        func title(_ name: String, _ field: SortField?) -> String { field == m.sortField ? "\(name) \(arrow)" : name }
        let titleY = rect.y
        buffer.fill(x: rect.x, y: titleY, count: rect.width, style: .columnTitle)
        buffer.draw(title("City", .name), x: rect.x + cols.city.x, y: titleY, columns: cols.city.width, style: .columnTitle)
        buffer.draw(title("Country", .country), x: rect.x + cols.country.x, y: titleY, columns: cols.country.width, style: .columnTitle)
        buffer.draw(title("Temp", .temperature), x: rect.x + cols.temp.x, y: titleY, columns: cols.temp.width, style: .columnTitle, alignRight: true)
        buffer.draw(title("Weather", .weather), x: rect.x + cols.weather.x, y: titleY, columns: cols.weather.width, style: .columnTitle)
        for extra in cols.extras {
            let column = extra.column
            let sorted = title(column.title, column.sortField)
            if column.alignsRight, ScreenBuffer.columns(of: sorted) > column.width {
                // A title as wide as its column (Humidity, Local) takes its arrow into the gap before it.
                buffer.draw(arrow + " " + column.title, x: rect.x + extra.x - 2, y: titleY, columns: column.width + 2, style: .columnTitle, alignRight: true)
            } else {
                buffer.draw(sorted, x: rect.x + extra.x, y: titleY, columns: column.width, style: .columnTitle, alignRight: column.alignsRight)
            }
        }

        let rows = rect.height - 1
        guard rows > 0 else { return }
        let cities = m.visibleCities
        if cities.isEmpty {
            let lines: [String]
            if !m.filter.isEmpty {
                lines = ["No city matches \"\(m.filter)\" (Esc clears the filter)"]
            } else {
                lines = m.emptyExplanation ?? ["No cities to show yet."]
            }
            for (i, line) in lines.prefix(rows).enumerated() {
                buffer.draw(line, x: rect.x + cols.city.x, y: rect.y + 1 + i, columns: rect.width - cols.city.x, style: i == 0 ? .sectionTitle : .plain)
            }
            return
        }
        // The reducer keeps the selection within the page the driver told it (this list's rows);
        // bounding the offset only keeps a hand-made state from trapping on an empty range.
        let offset = min(max(0, m.listScrollOffset), cities.count - 1)
        let end = min(cities.count, offset + rows)
        let pinnedKeys = Set(m.pinned.map(\.key))
        for index in offset..<end {
            drawRow(cities[index], name: m.displayName(of: cities[index]), selected: index == m.selectedIndex, pinned: pinnedKeys.contains(cities[index].key),
                    units: m.units, cols: cols, into: &buffer, x: rect.x, y: rect.y + 1 + index - offset, width: rect.width)
            for extra in cols.extras {
                buffer.draw(extra.column.value(of: cities[index], units: m.units, now: m.now), x: rect.x + extra.x, y: rect.y + 1 + index - offset,
                            columns: extra.column.width, style: index == m.selectedIndex ? .selected : .plain, alignRight: extra.column.alignsRight)
            }
        }
    }

    static func drawRow(_ city: CityWeather, name: String, selected: Bool, pinned: Bool, units: TemperatureUnit, cols: Columns,
                        into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let base: Style = selected ? .selected : .plain
        buffer.fill(x: x, y: y, count: width, style: base)
        if selected { buffer.draw(">", x: x, y: y, style: Style(bold: true, reverse: true)) }
        if pinned { buffer.draw("★", x: x + 1, y: y, style: selected ? Style.pinned.reversed() : .pinned) }
        buffer.draw(name, x: x + cols.city.x, y: y, columns: cols.city.width, style: selected ? Style(bold: true, reverse: true) : base)
        buffer.draw(city.country.localizedName, x: x + cols.country.x, y: y, columns: cols.country.width, style: base)
        var tempStyle = Style.temperature(celsius: WeatherFormat.temperatureValue(city.temperature, units: .metric))
        if selected { tempStyle = tempStyle.reversed() }
        buffer.draw(WeatherFormat.temperature(city.temperature, units: units), x: x + cols.temp.x, y: y, columns: cols.temp.width, style: tempStyle, alignRight: true)
        if cols.weather.width > 2 {
            buffer.draw(ViewFormat.glyph(icon: city.weatherIcon), x: x + cols.weather.x, y: y, style: base)
            buffer.draw(city.weatherText, x: x + cols.weather.x + 2, y: y, columns: cols.weather.width - 2, style: base)
        }
    }
}
