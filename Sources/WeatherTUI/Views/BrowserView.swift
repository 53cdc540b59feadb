import WeatherCore

/// The whole screen: header, banner, list and/or detail, filter prompt, status line, overlays.
public enum BrowserView {
    /// Draws `state` for a terminal of `size` into a new buffer; `color` is false when the
    /// terminal shows none (`--no-color`, `NO_COLOR`, a monochrome terminal).
    public static func render(_ state: State, size: TerminalSize, color: Bool = true) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: size.columns, height: size.rows)
        draw(state, into: &buffer, color: color)
        return buffer
    }

    /// Draws `state` into `buffer` (cleared first), sized as the buffer. Without `color`, what
    /// colour alone would say (the map's temperature classes) is said by glyphs (docs/spec.md §5).
    public static func draw(_ m: State, into buffer: inout ScreenBuffer, color: Bool = true) {
        buffer.clear()
        let size = TerminalSize(columns: buffer.width, rows: buffer.height)
        if Layout.isTooSmall(size) {
            TooSmallView.draw(into: &buffer, size: size)
            return
        }
        let wide = size.isWide
        let layout = Layout(size: size, state: m)
        let detailFullScreen = Layout.detailFullScreen(size: size, state: m)
        HeaderView.draw(m, into: &buffer, rect: layout.header)
        if let rect = layout.banner { BannerView.draw(m, into: &buffer, rect: rect) }
        if let rect = layout.list { CityListView.draw(m, into: &buffer, rect: rect) }
        if let rect = layout.map { MapView.draw(m, into: &buffer, rect: rect, color: color) }
        if let rect = layout.detail {
            if let list = layout.list {
                for row in rect.y..<rect.maxY { buffer.draw("│", x: list.maxX, y: row, style: .dimmed) }
            }
            DetailView.draw(m, into: &buffer, rect: rect, focused: wide && m.mode == .detail && !detailFullScreen)
        }
        if let rect = layout.filter { FilterPromptView.draw(m, into: &buffer, rect: rect) }
        StatusLineView.draw(hints: KeyBindings.hints(on: .of(m, detailFullScreen: detailFullScreen)), notice: m.notice,
                            position: StatusLineView.position(m), into: &buffer, rect: layout.status)
        PlaceSearchView.draw(m, into: &buffer, size: size)
        if m.showHelp { HelpOverlay.draw(KeyBindings.help(mouse: m.config.mouse), scroll: m.overlayScroll, into: &buffer, size: size) }
        if m.showMessages { MessagesOverlay.draw(m, into: &buffer, size: size) }
    }
}
