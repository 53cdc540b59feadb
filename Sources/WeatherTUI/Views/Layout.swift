import WeatherCore
import TerminalKit

/// Where each part of the screen goes for a given terminal size (pure: size in, rectangles out).
/// The one place that knows how many rows the list gets (`Layout.pageRows`, the page the front
/// end's `ScreenState` keeps the list's offset to and the page keys move by); the core knows no rows.
public struct Layout: Equatable, Sendable {
    /// Smallest usable terminal; below it only the "too small" notice is drawn.
    public static let minimumSize = TerminalSize(columns: 40, rows: 10)
    /// From this width on, list and detail are shown side by side.
    public static let sideBySideWidth = 100

    public var header: Rect
    public var banner: Rect?
    /// Filter prompt row, when the filter is being edited or applied.
    public var filter: Rect?
    /// The list, its column titles on the first row.
    public var list: Rect?
    public var detail: Rect?
    /// The world map, in place of the list (and of the detail beside it) while `m` shows it.
    public var map: Rect?
    public var status: Rect

    /// Layout for `size`; `detailFullScreen` is the narrow-terminal detail view.
    public init(size: TerminalSize, hasBanner: Bool, hasFilterRow: Bool, detailFullScreen: Bool, showsMap: Bool = false) {
        let w = size.columns, h = size.rows
        header = Rect(x: 0, y: 0, width: w, height: 1)
        var top = 1
        if hasBanner {
            banner = Rect(x: 0, y: top, width: w, height: 1)
            top += 1
        }
        status = Rect(x: 0, y: h - 1, width: w, height: 1)
        var bottom = h - 1
        if hasFilterRow {
            filter = Rect(x: 0, y: bottom - 1, width: w, height: 1)
            bottom -= 1
        }
        let body = Rect(x: 0, y: top, width: w, height: max(0, bottom - top))
        if showsMap {
            // A map wants every column; its detail opens over it, as on a narrow terminal.
            if detailFullScreen { detail = body } else { map = body }
        } else if size.isWide {
            // List gets what its columns need (about 64), the detail the rest but at least 36.
            let listWidth = min(max(56, w - 72), w - 37)
            list = Rect(x: 0, y: body.y, width: listWidth, height: body.height)
            detail = Rect(x: listWidth + 1, y: body.y, width: w - listWidth - 1, height: body.height)
        } else if detailFullScreen {
            detail = body
        } else {
            list = body
        }
    }

    /// The layout `state` is drawn in at `size`: banner, filter row and full-screen detail as the state has them.
    public init(size: TerminalSize, state: State) {
        let detailFullScreen = Self.detailFullScreen(size: size, state: state)
        self.init(size: size, hasBanner: state.banner != .none,
                  hasFilterRow: Self.showsFilterRow(state) && !detailFullScreen, detailFullScreen: detailFullScreen, showsMap: state.map.shown)
    }

    /// Whether the narrow terminal shows the detail instead of the list. Typing a filter shows
    /// the list it narrows, even from the full-screen detail.
    public static func detailFullScreen(size: TerminalSize, state: State) -> Bool {
        (!size.isWide || state.map.shown) && state.detail.mode == .detail && state.selectedCity != nil && !state.list.isEditingFilter
    }

    /// Whether the filter prompt row is wanted: while typing, or while a filter is kept.
    public static func showsFilterRow(_ state: State) -> Bool {
        state.list.isEditingFilter || !state.list.filter.isEmpty
    }

    /// Cities the list shows at once for `state` at `size`: the page PgUp/PgDn move by. While the
    /// narrow detail hides the list, the rows the list has when it comes back (↑↓ still move the
    /// selection there). At least 1, even in a terminal too small to draw.
    public static func pageRows(size: TerminalSize, state: State) -> Int {
        let listed = Layout(size: size, hasBanner: state.banner != .none, hasFilterRow: showsFilterRow(state), detailFullScreen: false)
        return max(1, (listed.list?.height ?? 0) - 1)  // the first row holds the column titles
    }

    /// Whether `size` is too small to draw anything but the notice.
    public static func isTooSmall(_ size: TerminalSize) -> Bool {
        size.isTooSmall
    }
}
