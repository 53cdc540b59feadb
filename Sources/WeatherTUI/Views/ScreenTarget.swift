import WeatherCore
import WeatherModels

/// What is on screen under a cell, for the mouse: a column title, a city's row, or nothing that
/// answers a click. Found from the same `Layout` and columns the frame is drawn with.
public enum ScreenTarget: Equatable, Sendable {
    /// A list column's title (the weather column sorts by nothing).
    case columnTitle(SortField)
    /// A city: its row in the list. The world map, where there is one, answers here with the
    /// marker nearest the click (`Layout` gives it a rect like the list's; a `case` in `at`
    /// finds the marker).
    case city(key: String)
    case nothing

    /// The target at column `x`, row `y` of the frame `state` is drawn in at `size`.
    public static func at(x: Int, y: Int, state: State, size: TerminalSize) -> ScreenTarget {
        guard !Layout.isTooSmall(size), !state.overlayShown else { return .nothing }
        let layout = Layout(size: size, state: state)
        guard let list = layout.list, list.contains(x: x, y: y) else { return .nothing }
        if y == list.y {
            let cols = CityListView.Columns(width: list.width)
            let column = x - list.x
            func inside(_ c: (x: Int, width: Int)) -> Bool { column >= c.x && column < c.x + c.width }
            if inside(cols.city) || column < cols.city.x { return .columnTitle(.name) }
            if inside(cols.country) { return .columnTitle(.country) }
            if inside(cols.temp) { return .columnTitle(.temperature) }
            return .nothing
        }
        let index = state.listScrollOffset + (y - list.y - 1)
        guard index >= 0, index < state.visibleCities.count else { return .nothing }
        return .city(key: state.visibleCities[index].key)
    }
}

extension Rect {
    /// Whether the cell at `x`, `y` is inside.
    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }
}
