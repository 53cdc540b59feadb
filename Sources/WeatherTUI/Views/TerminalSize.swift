/// The terminal's size in cells: what the backend reports and the layout is computed for.
public struct TerminalSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Whether only the "terminal too small" notice fits (below `Layout.minimumSize`).
    public var isTooSmall: Bool { columns < Layout.minimumSize.columns || rows < Layout.minimumSize.rows }
    /// Whether list and detail are side by side (from `Layout.sideBySideWidth` on).
    public var isWide: Bool { columns >= Layout.sideBySideWidth }
}
