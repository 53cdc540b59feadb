import WeatherCore

/// Where each part of the screen goes for a given terminal size (pure: size in, rectangles out).
public struct Layout: Equatable, Sendable {
    /// Smallest usable terminal; below it only the "too small" notice is drawn.
    public static let minimumSize = TerminalSize.minimum
    /// From this width on, list and detail are shown side by side.
    public static let sideBySideWidth = TerminalSize.sideBySideColumns

    public var header: Rect
    public var banner: Rect?
    /// Filter prompt row, when the filter is being edited or applied.
    public var filter: Rect?
    public var list: Rect?
    public var detail: Rect?
    public var status: Rect

    /// Layout for `size`; `detailFullScreen` is the narrow-terminal detail view.
    public init(size: TerminalSize, hasBanner: Bool, hasFilterRow: Bool, detailFullScreen: Bool) {
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
        if w >= Self.sideBySideWidth {
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

    /// Whether `size` is too small to draw anything but the notice.
    public static func isTooSmall(_ size: TerminalSize) -> Bool {
        size.isTooSmall
    }
}
