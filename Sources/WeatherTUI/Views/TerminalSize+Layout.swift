import TerminalKit

extension TerminalSize {
    /// Whether only the "terminal too small" notice fits (below `Layout.minimumSize`).
    public var isTooSmall: Bool { columns < Layout.minimumSize.columns || rows < Layout.minimumSize.rows }
    /// Whether list and detail are side by side (from `Layout.sideBySideWidth` on).
    public var isWide: Bool { columns >= Layout.sideBySideWidth }
}
