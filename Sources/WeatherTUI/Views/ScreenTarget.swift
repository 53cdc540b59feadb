import WeatherCore
import WeatherModels
import TerminalKit

/// What is on screen under a cell, for the mouse: a column title, a city's row, or nothing that
/// answers a click. Found from the same `Layout` and columns the frame is drawn with.
public enum ScreenTarget: Equatable, Sendable {
    /// A list column's title: every one sorts by its field.
    case columnTitle(SortField)
    /// A city: its row in the list, or on the world map the marker nearest the click.
    case city(key: String)
    case nothing

    /// The target at column `x`, row `y` of the frame `state` is drawn in at `size`, scrolled as `screen` says.
    public static func at(x: Int, y: Int, state: State, screen: ScreenState = ScreenState(), size: TerminalSize) -> ScreenTarget {
        guard !Layout.isTooSmall(size), screen.overlay == nil else { return .nothing }
        let layout = Layout(size: size, state: state)
        if let map = layout.map, map.contains(x: x, y: y) { return nearestMarker(x: x - map.x, y: y - map.y, state: state, map: map) }
        guard let list = layout.list, list.contains(x: x, y: y) else { return .nothing }
        if y == list.y {
            let cols = CityListView.Columns(width: list.width, clock: state.clock)
            let column = x - list.x
            func inside(_ c: (x: Int, width: Int)) -> Bool { column >= c.x && column < c.x + c.width }
            if inside(cols.city) || column < cols.city.x { return .columnTitle(.name) }
            if inside(cols.country) { return .columnTitle(.country) }
            if inside(cols.temp) { return .columnTitle(.temperature) }
            if let extra = cols.extras.first(where: { inside(($0.x, $0.width)) }) { return .columnTitle(extra.column.sortField) }
            if inside(cols.weather) { return .columnTitle(.weather) }
            return .nothing
        }
        let index = screen.fitted(state, size: size).list.offset + (y - list.y - 1)
        guard index >= 0, index < state.list.visibleCities.count else { return .nothing }
        return .city(key: state.list.visibleCities[index].key)
    }
}

extension ScreenTarget {
    /// The listed city whose marker is nearest the cell clicked on the map drawn in `map` (its
    /// last row is the legend, as `MapView` draws it); a cell is about twice as tall as wide.
    static func nearestMarker(x: Int, y: Int, state: State, map: Rect) -> ScreenTarget {
        guard y < map.height - 1 else { return .nothing }
        let projection = MapProjection(columns: map.width, rows: map.height - 1)
        var best: (key: String, distance: Int)?
        for index in state.list.visibleCities.indices {
            guard let geo = state.list.visibleCities[index].geoPosition,
                  let cell = projection.cell(latitude: geo.latitude, longitude: geo.longitude) else { continue }
            let dx = cell.x - x, dy = (cell.y - y) * 2
            let distance = dx * dx + dy * dy
            if distance < best?.distance ?? .max { best = (state.list.visibleCities[index].key, distance) }
        }
        return best.map { .city(key: $0.key) } ?? .nothing
    }
}

extension Rect {
    /// Whether the cell at `x`, `y` is inside.
    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }
}
