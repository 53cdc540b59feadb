import WeatherCore
import WeatherModels
import TerminalKit

extension StoreDriver {
    /// The core action for a command that depends on where things are on screen: a click (what is
    /// under it) and an overlay's or the detail's scrolling (bounded by how much of it fits). Nil
    /// when it does nothing.
    public static func pointedAction(for command: KeyCommand, state: State, size: TerminalSize) -> Action? {
        switch command {
        case .click(let x, let y):
            switch ScreenTarget.at(x: x, y: y, state: state, size: size) {
            case .columnTitle(let field):
                return .sortBy(field)
            case .city(let key):
                return key == state.selectedCity?.key ? .openDetail : .select(key: key)
            case .nothing:
                return nil
            }
        case .scrollOverlay(let lines):
            return overlayScroll(state: state, size: size) { current, _ in
                lines == .min ? 0 : lines == .max ? .max : current + lines
            }
        case .scrollOverlayPages(let pages):
            return overlayScroll(state: state, size: size) { current, page in current + pages * page }
        case .scrollDetailPages(let pages):
            let line = min(max(0, state.detailScroll + pages * DetailView.pageLines(size: size, state: state)), DetailView.maxScroll(state, size: size))
            return line == state.detailScroll ? nil : .scrollDetail(to: line)
        default:
            return nil
        }
    }

    /// `.scrollOverlay` to `target(current, page)` bounded by the open overlay's length at `size`.
    private static func overlayScroll(state: State, size: TerminalSize, _ target: (Int, Int) -> Int) -> Action? {
        let extent = OverlayExtent.of(state, size: size)
        let line = min(max(0, target(state.overlayScroll, max(1, extent.visible - 1))), extent.maxScroll)
        return line == state.overlayScroll ? nil : .scrollOverlay(to: line)
    }
}
