import WeatherCore
import WeatherModels
import TerminalKit

extension ScreenState {
    /// Takes `command`'s part at `size` and gives the core action it asks for, nil when it asks
    /// none: an action is sent as it is, but for `Esc` and `q`, which close an open overlay
    /// first; `?` and `!` open or close an overlay here; the page keys move the selection by the
    /// rows the list has now (only the front end knows them); a click is resolved against what
    /// the frame shows; an overlay's or the detail's scroll moves here, bounded by how much of it fits.
    public mutating func resolve(_ command: KeyCommand, state: State, size: TerminalSize) -> Action? {
        // Fitted first, so that PgUp/PgDn move by the rows on screen at `size` (a resize asks
        // nothing of the core: fitting the page is all it does).
        fit(state, size: size)
        switch command {
        case .send(.closeDetail), .send(.quit):
            guard overlay != nil else { return command.action }
            overlay = nil
            return keyTaken(state)
        case .send(let action):
            return action
        case .toggleOverlay(let wanted):
            // One at a time: the other gives way.
            overlay = overlay == wanted ? nil : wanted
            return keyTaken(state)
        case .resize, .redraw:
            return nil
        case .pageList(let pages):
            return .moveBy(pages * pageRows)
        case .halfPageList(let halves):
            return .moveBy(halves * max(1, pageRows / 2))
        case .click(let x, let y):
            switch ScreenTarget.at(x: x, y: y, state: state, screen: self, size: size) {
            case .columnTitle(let field):
                return .sortBy(field)
            case .city(let key):
                return key == state.selectedCity?.key ? .openDetail : .select(key: key)
            case .nothing:
                return nil
            }
        case .scrollOverlay(let lines):
            scrollOverlay(state: state, size: size) { current, _ in
                lines == .min ? 0 : lines == .max ? .max : current + lines
            }
        case .scrollOverlayPages(let pages):
            scrollOverlay(state: state, size: size) { current, page in current + pages * page }
        case .scrollDetailPages(let pages):
            let line = detailScroll + pages * DetailView.pageLines(size: size, state: state)
            detailScroll = min(max(0, line), DetailView.maxScroll(state, size: size))
        }
        return nil
    }

    /// What a key the front end answered alone asks of the core: the notice it clears, as every
    /// key does (nothing when none is shown).
    private func keyTaken(_ state: State) -> Action? {
        state.notice == nil ? nil : .dismissNotice
    }

    /// Scrolls the open overlay to `target(current, page)`, bounded by its length at `size`.
    private mutating func scrollOverlay(state: State, size: TerminalSize, _ target: (Int, Int) -> Int) {
        let extent = OverlayExtent.of(state, overlay: overlay, size: size)
        overlayScroll = min(max(0, target(overlayScroll, max(1, extent.visible - 1))), extent.maxScroll)
    }
}
