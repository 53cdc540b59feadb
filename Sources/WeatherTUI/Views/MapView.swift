import WeatherCore
import WeatherModels
import TerminalKit
import EssentialsSupport

/// `m`: the listed cities on a world map. Land in braille from the bundled mask, each city a `●`
/// coloured by its class on the layer's scale (`v`: temperature, rain chance, wind; without colour,
/// a glyph of its class, fuller as the measure grows; `?` where the place has no value), the
/// selected one `◉` in bold reverse with its name and its measure beside it, and the layer's name
/// and legend on the last row.
public enum MapView {
    /// What the map shows.
    public struct Content {
        /// The cities listed, each a marker where it has coordinates.
        public var cities: [CityWeather]
        public var selectedIndex: Int?
        /// The units chosen and the places' air.
        var measures: MapLayer.Measures
        /// What the markers show.
        public var layer: MapLayer
        /// Why no place has a value on this layer, when none has (AccuWeather sends no rain chance).
        public var missingNote: String?
        /// What the map says when there is no city.
        public var emptyLine: String
        /// A city's name as listed (an own city's namesake with its region).
        public var displayName: (CityWeather) -> String = \.localizedName
    }

    static let marker: Unicode.Scalar = "●"
    static let selectedMarker: Unicode.Scalar = "◉"
    /// The marker of a city without the layer's measure, in colour or not.
    static let unknownMarker: Unicode.Scalar = "?"

    /// The marker of a city of class `grade`: one glyph in colour, else its class's glyph.
    static func marker(_ layer: MapLayer, grade: Int?, color: Bool) -> Unicode.Scalar {
        guard let grade else { return unknownMarker }
        return color ? marker : layer.glyph(grade: grade)
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
        let layer = map.layer, measures = map.measures
        // By index: a city is a large value, and copying each of 10,000 would cost more than drawing it.
        for index in cities.indices where index != map.selectedIndex {
            guard let geo = cities[index].geoPosition, let cell = projection.cell(latitude: geo.latitude, longitude: geo.longitude) else { continue }
            let grade = layer.grade(of: cities, at: index, measures)
            buffer.put(marker(layer, grade: grade, color: color), x: area.x + cell.x, y: area.y + cell.y,
                       style: markerStyle(layer, grade: grade, measures))
        }
        if let selected = map.selectedIndex, cities.indices.contains(selected) {
            drawSelected(cities, at: selected, name: map.displayName(cities[selected]), layer: layer, measures, projection: projection,
                         into: &buffer, area: area)
        }
    }

    /// The marker's colour: its class's on the layer's scale (the temperature's is the list's).
    /// Colour alone, not bold like the list's figures: the glyph already stands out of the
    /// braille, and a marker that differs from the land only in colour costs one colour switch on
    /// the terminal instead of a reset and two.
    static func markerStyle(_ layer: MapLayer, grade: Int?, _ measures: MapLayer.Measures) -> Style {
        Style(role: grade.flatMap { layer.role(grade: $0, measures) })
    }

    /// The selected marker and its label (name and measure), right of it when it fits, else left;
    /// when it fits neither side, cut short on the roomier one, so the marker stays in sight.
    static func drawSelected(_ cities: [CityWeather], at index: Int, name: String, layer: MapLayer, _ measures: MapLayer.Measures,
                             projection: MapProjection, into buffer: inout ScreenBuffer, area: Rect) {
        let city = cities[index]
        var label = " \(name) \(layer.reading(of: city, measures)) "
        var labelWidth = ScreenBuffer.columns(of: label)
        guard let geo = city.geoPosition, let cell = projection.cell(latitude: geo.latitude, longitude: geo.longitude) else {
            // A city without a place still says which it is, in the map's corner.
            buffer.draw(label + "(no coordinates)", x: area.x, y: area.y, columns: min(area.width, labelWidth + 16), style: Style(bold: true, reverse: true))
            return
        }
        let x = area.x + cell.x, y = area.y + cell.y
        var style = markerStyle(layer, grade: layer.grade(of: cities, at: index, measures), measures)
        style.bold = true
        style.reverse = true
        buffer.put(selectedMarker, x: x, y: y, style: style)
        let right = area.maxX - (x + 1), left = x - area.x
        if labelWidth > right && labelWidth > left {
            label = DisplayWidth.truncate(label, to: max(right, left))
            labelWidth = ScreenBuffer.columns(of: label)
        }
        let labelX = labelWidth <= right ? x + 1 : x - labelWidth
        // The label in the marker's own style: one run of one style, and its colour says the class too.
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

    /// `temperature  ● < 0  ● 0–10  ● 10–18  ● 18–25  ● 25–32  ● ≥ 32 °C`: the layer's name, then
    /// each class's dot in its colour, or without colour each class's own marker; or the name and
    /// why no place has a value.
    static func drawLegend(_ map: Content, into buffer: inout ScreenBuffer, y: Int, x: Int, width: Int, color: Bool) {
        let layer = map.layer
        var column = x + 1
        if let note = map.missingNote {
            column = buffer.draw(layer.title(map.measures), x: column, y: y, style: .sectionTitle, maxWidth: x + width - 1 - column) + 2
            guard column + 2 < x + width else { return }
            buffer.put(unknownMarker, x: column, y: y, style: .plain)
            column = buffer.draw(note, x: column + 2, y: y, style: .dimmed, maxWidth: x + width - 1 - column - 2)
        } else {
            column = drawClasses(layer, map.measures, into: &buffer, y: y, from: column, to: x + width - 1, row: x..<(x + width), color: color)
        }
        // At the right end, what fits first: places left off the map, then whose data the layer is.
        let cities = map.cities
        var placed = 0
        for index in cities.indices where cities[index].geoPosition != nil { placed += 1 }
        let notes = placed < cities.count ? [map.measures.language.text("map.noCoordinates", ("n", String(cities.count - placed)))] : layer.attributions(in: map.measures.language)
        guard let note = notes.first(where: { x + width - ScreenBuffer.columns(of: $0) - 1 > column + 1 }) else { return }
        buffer.draw(note, x: x + width - ScreenBuffer.columns(of: note) - 1, y: y, style: .dimmed)
    }

    /// The layer's name and classes from `start`, as far as `end`; where they end. `row` is the
    /// whole row, the margins included.
    static func drawClasses(_ layer: MapLayer, _ measures: MapLayer.Measures, into buffer: inout ScreenBuffer, y: Int, from start: Int, to end: Int,
                            row: Range<Int>, color: Bool) -> Int {
        let variants = layer.classLabels(measures)
        var labels = variants[0]
        var title: String? = layer.title(measures)
        var (start, end) = (start, end)
        // Too narrow for every class spaced out (40 columns): the classes in shorter words, then
        // close together, then without the name, then over the margins (`>= 90 °F` at 40), since
        // without colour a class left out would leave its marker unexplained.
        var (labelAt, nextAt) = (2, 2)  // from the marker to its label, from a label to the next marker
        func width() -> Int {
            labels.reduce(title.map { ScreenBuffer.columns(of: $0) + 2 } ?? 0) { $0 + labelAt + ScreenBuffer.columns(of: $1) }
                + nextAt * (labels.count - 1)
        }
        for shorter in variants.dropFirst() where start + width() > end { labels = shorter }
        if start + width() > end {
            labels = labels.map { String($0.filter { $0 != " " }) }
            (labelAt, nextAt) = (1, 1)
        }
        if start + width() > end { title = nil }
        if start + width() > end { (start, end) = (min(start, row.lowerBound), max(end, row.upperBound)) }
        var column = start
        if let title { column = buffer.draw(title, x: column, y: y, style: .sectionTitle) + 2 }
        for (grade, label) in labels.enumerated() {
            guard column + labelAt + ScreenBuffer.columns(of: label) <= end else { break }
            buffer.put(marker(layer, grade: grade, color: color), x: column, y: y, style: markerStyle(layer, grade: grade, measures))
            column = buffer.draw(label, x: column + labelAt, y: y, style: .dimmed) + nextAt
        }
        return column
    }
}

extension MapView.Content {
    /// What of `state` the map shows.
    public init(_ state: State) {
        cities = state.list.visibleCities
        selectedIndex = state.list.selectedIndex
        measures = MapLayer.Measures(units: state.units, air: state.air(for:), airScale: state.airQualityScale, language: state.language)
        if state.map.layer == .alerts {
            var grades: [String: Int] = [:]
            for city in state.list.visibleCities { grades[city.key] = MapLayer.alertGrade(state.alertStatus(for: city)) }
            measures.alertGrades = grades
        }
        layer = state.map.layer
        missingNote = state.mapLayerMissingNote
        emptyLine = CityListView.emptyLines(state)[0]
        displayName = state.displayName(of:)
    }

    /// What of `state` the map shows, in the words a terminal of `glyphs` can show.
    public init(_ state: State, glyphs: GlyphSet) {
        self.init(state)
        measures.plainComparisons = glyphs != .unicode
    }
}
