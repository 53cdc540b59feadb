import WeatherCore
import WeatherModels
import TerminalKit

/// `m`: the listed cities on a world map. Land in braille from the bundled mask, each city a `●`
/// coloured by its temperature on the list's scale (without colour, a glyph of its class, fuller
/// as it is warmer), the selected one `◉` in bold reverse with its name and temperature beside it,
/// and a legend on the last row.
public enum MapView {
    /// What the map shows.
    public struct Content {
        /// The cities listed, each a marker where it has coordinates.
        public var cities: [CityWeather]
        public var selectedIndex: Int?
        public var units: TemperatureUnit
        /// What the map says when there is no city.
        public var emptyLine: String
    }

    static let marker: Unicode.Scalar = "●"
    static let selectedMarker: Unicode.Scalar = "◉"
    /// The markers of the temperature classes (coldest first) when there is no colour to tell
    /// them apart: emptiest to fullest, the hottest a diamond.
    static let classMarkers: [Unicode.Scalar] = ["○", "◔", "◑", "◕", "●", "◆"]
    /// Without colour, the marker of a city whose temperature is unknown.
    static let unknownMarker: Unicode.Scalar = "?"

    /// The marker of a city at `celsius`: one glyph in colour, else its class's glyph.
    static func marker(celsius: Double?, color: Bool) -> Unicode.Scalar {
        guard !color else { return marker }
        return WeatherFormat.temperatureGrade(celsius: celsius).map { classMarkers[min($0, classMarkers.count - 1)] } ?? unknownMarker
    }

    public static func draw(_ map: Content, into buffer: inout ScreenBuffer, rect: Rect, color: Bool = true) {
        guard rect.height >= 2, rect.width >= 10 else { return }
        let area = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - 1)
        let projection = MapProjection(columns: area.width, rows: area.height)
        drawLand(projection, into: &buffer, at: area)
        drawLegend(map, into: &buffer, y: rect.maxY - 1, x: rect.x, width: rect.width, color: color)

        let cities = map.cities
        if cities.isEmpty {
            buffer.draw(map.emptyLine, x: area.x + 2, y: area.y, columns: area.width - 2, style: .sectionTitle)
            return
        }
        // By index: a city is a large value, and copying each of 10,000 would cost more than drawing it.
        for index in cities.indices where index != map.selectedIndex {
            guard let geo = cities[index].geoPosition, let cell = projection.cell(latitude: geo.latitude, longitude: geo.longitude) else { continue }
            let celsius = WeatherFormat.temperatureValue(cities[index].temperature, units: .metric)
            buffer.put(marker(celsius: celsius, color: color), x: area.x + cell.x, y: area.y + cell.y, style: markerStyle(celsius: celsius))
        }
        if let selected = map.selectedIndex, cities.indices.contains(selected) {
            drawSelected(cities[selected], units: map.units, projection: projection, into: &buffer, area: area)
        }
    }

    /// The marker's colour: the list's temperature scale. Colour alone, not bold like the list's
    /// figures: the glyph already stands out of the braille, and a marker that differs from the land
    /// only in colour costs one colour switch on the terminal instead of a reset and two.
    static func markerStyle(_ temperature: MetricImperial) -> Style {
        markerStyle(celsius: WeatherFormat.temperatureValue(temperature, units: .metric))
    }

    static func markerStyle(celsius: Double?) -> Style {
        Style(role: ColorRole.grade(celsius: celsius))
    }

    /// The selected marker and its label (name and temperature), right of it when it fits, else left.
    static func drawSelected(_ city: CityWeather, units: TemperatureUnit, projection: MapProjection, into buffer: inout ScreenBuffer, area: Rect) {
        let label = " \(city.localizedName) \(WeatherFormat.temperature(city.temperature, units: units)) "
        let labelWidth = ScreenBuffer.columns(of: label)
        guard let geo = city.geoPosition, let cell = projection.cell(latitude: geo.latitude, longitude: geo.longitude) else {
            // A city without a place still says which it is, in the map's corner.
            buffer.draw(label + "(no coordinates)", x: area.x, y: area.y, columns: min(area.width, labelWidth + 16), style: Style(bold: true, reverse: true))
            return
        }
        let x = area.x + cell.x, y = area.y + cell.y
        var style = markerStyle(city.temperature)
        style.bold = true
        style.reverse = true
        buffer.put(selectedMarker, x: x, y: y, style: style)
        let labelX = x + 1 + labelWidth <= area.maxX ? x + 1 : max(area.x, x - labelWidth)
        // The label in the marker's own style: one run of one style, and its colour says the grade too.
        buffer.draw(label, x: labelX, y: y, columns: min(labelWidth, area.maxX - labelX), style: style)
    }

    /// Land as braille: each of a cell's 8 dots reads the mask pixel under its centre. The sea's
    /// blanks carry the land's colour too (a blank shows no colour): the whole map is then one
    /// style but for its markers, and the terminal is sent no colour switch at each coast.
    static func drawLand(_ projection: MapProjection, into buffer: inout ScreenBuffer, at area: Rect) {
        let mask = LandMask.world
        let dotsWide = area.width * 2, dotsHigh = area.height * 4
        // The mask pixel of each dot column and row, once a frame rather than once a dot.
        let maskColumns = (0..<dotsWide).map { x -> Int in
            projection.place(dotX: x, dotY: dotsHigh / 2).map { LandMask.pixel(latitude: 0, longitude: $0.longitude).column } ?? -1
        }
        let maskRows = (0..<dotsHigh).map { y -> Int in
            projection.place(dotX: dotsWide / 2, dotY: y).map { LandMask.pixel(latitude: $0.latitude, longitude: 0).row } ?? -1
        }
        let style = Style(role: .land)
        for row in 0..<area.height {
            for column in 0..<area.width {
                var bits: UInt32 = 0
                for dy in 0..<4 {
                    let maskRow = maskRows[row * 4 + dy]
                    guard maskRow >= 0 else { continue }
                    if mask.isLand(column: maskColumns[column * 2], row: maskRow) { bits |= UInt32(HourlyChartView.brailleBit(dx: 0, dy: dy)) }
                    if mask.isLand(column: maskColumns[column * 2 + 1], row: maskRow) { bits |= UInt32(HourlyChartView.brailleBit(dx: 1, dy: dy)) }
                }
                buffer.put(bits != 0 ? Unicode.Scalar(0x2800 + bits) ?? " " : " ", x: area.x + column, y: area.y + row, style: style)
            }
        }
    }

    /// `● < 0  ● 0–10  ● 10–18  ● 18–25  ● 25–32  ● ≥ 32 °C`, each dot in its grade's colour, or
    /// without colour each class's own marker.
    static func drawLegend(_ map: Content, into buffer: inout ScreenBuffer, y: Int, x: Int, width: Int, color: Bool) {
        let bounds = WeatherFormat.temperatureGradeBounds.map { celsius in
            WeatherFormat.whole(map.units.degrees(celsius: celsius))
        }
        var labels = ["< \(bounds[0])"]
        for i in 1..<bounds.count { labels.append("\(bounds[i - 1])–\(bounds[i])") }
        labels.append("≥ \(bounds[bounds.count - 1]) \(map.units == .metric ? "°C" : "°F")")
        // Too narrow for every class spaced out (40 columns): every class close together, since
        // without colour a class left out would leave its marker unexplained.
        var (labelAt, nextAt) = (2, 2)  // from the marker to its label, from a label to the next marker
        if labels.reduce(1, { $0 + labelAt + ScreenBuffer.columns(of: $1) + nextAt }) > width {
            labels = labels.map { String($0.filter { $0 != " " }) }
            (labelAt, nextAt) = (1, 1)
        }
        var column = x + 1
        for (grade, label) in labels.enumerated() {
            let celsius = grade == 0 ? WeatherFormat.temperatureGradeBounds[0] - 1 : WeatherFormat.temperatureGradeBounds[grade - 1]
            guard column + labelAt + ScreenBuffer.columns(of: label) < x + width else { return }
            buffer.put(marker(celsius: celsius, color: color), x: column, y: y, style: markerStyle(celsius: celsius))
            column = buffer.draw(label, x: column + labelAt, y: y, style: .dimmed) + nextAt
        }
        let cities = map.cities
        var placed = 0
        for index in cities.indices where cities[index].geoPosition != nil { placed += 1 }
        guard placed < cities.count else { return }
        let note = "\(cities.count - placed) without coordinates, not on the map"
        let noteX = x + width - ScreenBuffer.columns(of: note) - 1
        if noteX > column { buffer.draw(note, x: noteX, y: y, style: .dimmed) }
    }
}

extension MapView.Content {
    /// What of `state` the map shows.
    public init(_ state: State) {
        cities = state.visibleCities
        selectedIndex = state.selectedIndex
        units = state.units
        emptyLine = CityListView.emptyLines(state)[0]
    }
}
