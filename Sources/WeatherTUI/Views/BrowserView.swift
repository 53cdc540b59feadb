import WeatherCore
import TerminalKit
import EssentialsSupport

/// The whole screen: header, banner, list and/or detail, filter prompt, status line, overlays.
public enum BrowserView {
    /// Draws `state` for a terminal of `size` into a new buffer, scrolled as `screen` says (fitted
    /// to `size` first); `color` is false when the terminal shows none (`--no-color`, `NO_COLOR`,
    /// a monochrome terminal); `glyphs` what its font shows.
    public static func render(_ state: State, screen: ScreenState = ScreenState(), size: TerminalSize, color: Bool = true,
                              glyphs: GlyphSet = .unicode) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: size.columns, height: size.rows)
        draw(state, screen: screen, into: &buffer, color: color, glyphs: glyphs)
        return buffer
    }

    /// Draws `state` into `buffer` (cleared first), sized as the buffer. Without `color`, what
    /// colour alone would say (the map's temperature classes) is said by glyphs (docs/spec.md §5).
    /// Each view is given what it draws of the state and its area of the layout; the glyphs the
    /// terminal's font lacks are swapped for their stand-ins once the frame is drawn.
    public static func draw(_ state: State, screen: ScreenState = ScreenState(), into buffer: inout ScreenBuffer, color: Bool = true,
                            glyphs: GlyphSet = .unicode) {
        defer { glyphs.apply(to: &buffer) }
        buffer.clear()
        let size = TerminalSize(columns: buffer.width, rows: buffer.height)
        if Layout.isTooSmall(size) {
            TooSmallView.draw(into: &buffer, size: size, language: state.language)
            return
        }
        let layout = Layout(size: size, state: state)
        let screen = screen.fitted(state, size: size)
        let detailFullScreen = Layout.detailFullScreen(size: size, state: state)
        HeaderView.draw(HeaderView.Content(state), into: &buffer, rect: layout.header)
        let language = state.language
        if let rect = layout.banner {
            BannerView.draw(state.banner, now: state.now, timeZone: state.config.timeZone, savedFeedNotUsed: state.savedFeedNotUsed != nil,
                            into: &buffer, rect: rect, language: language, clock: state.clock)
        }
        if let rect = layout.list { CityListView.draw(CityListView.Content(state, scrollOffset: screen.list.offset), into: &buffer, rect: rect) }
        if let rect = layout.map { MapView.draw(MapView.Content(state, glyphs: glyphs), into: &buffer, rect: rect, color: color) }
        if let rect = layout.detail {
            if let list = layout.list {
                for row in rect.y..<rect.maxY { buffer.draw("│", x: list.maxX, y: row, style: .dimmed) }
            }
            let focused = size.isWide && state.detail.mode == .detail && !detailFullScreen
            DetailView.draw(DetailView.Content(state, scroll: screen.detailScroll), into: &buffer, rect: rect, focused: focused)
        }
        if let rect = layout.filter { FilterPromptView.draw(state.list.filter, editing: state.list.isEditingFilter, into: &buffer, rect: rect) }
        StatusLineView.draw(hints: KeyBindings.hints(on: .of(state, detailFullScreen: detailFullScreen), in: language), notice: state.notices.notice,
                            position: StatusLineView.position(selected: state.list.selectedIndex, listed: state.list.visibleCities.count, in: language),
                            into: &buffer, rect: layout.status, language: language)
        PlaceSearchView.draw(search: state.placeEditing.search, removing: state.pendingRemovalName, into: &buffer, size: size, language: language)
        switch screen.overlay {
        case .help:
            HelpOverlay.draw(KeyBindings.help(mouse: state.config.mouse, in: language), scroll: screen.overlayScroll, into: &buffer, size: size,
                             language: language)
        case .messages:
            MessagesOverlay.draw(state.notices.messages, now: state.now, timeZone: state.config.timeZone, scroll: screen.overlayScroll, into: &buffer, size: size,
                                 language: language, clock: state.clock)
        case nil:
            break
        }
    }
}
