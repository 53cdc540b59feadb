/// The list's place on screen, kept from frame to frame as ratatui's `ListState` keeps it: the
/// first city shown and how many the list shows at once. The core knows neither.
public struct ListViewState: Equatable, Sendable {
    /// The first city shown.
    public var offset: Int
    /// How many cities the list shows at once, as last laid out; nil until it first is.
    public var rows: Int?

    public init(offset: Int = 0, rows: Int? = nil) {
        self.offset = offset
        self.rows = rows
    }

    /// Moves the offset only as far as keeps the city at `selected` (of `count` listed) on the
    /// page, and never past the last page; before the first layout there is no page to keep to.
    public mutating func keep(selected: Int?, count: Int) {
        guard let rows else { return }
        let maxOffset = max(0, count - rows)
        var kept = min(offset, maxOffset)
        if let index = selected {
            if index < kept { kept = index }
            if index >= kept + rows { kept = index - rows + 1 }
        }
        offset = max(0, min(kept, maxOffset))
    }
}
