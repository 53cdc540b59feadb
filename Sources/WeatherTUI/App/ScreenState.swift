import WeatherCore
import TerminalKit

/// What the front end keeps of the screen beside the core's `State`: which overlay is open, the
/// list's rows and offset, and where the open overlay and the detail are scrolled to. The core
/// knows no rows and no overlays: this is laid out (the list's offset kept around the selection)
/// for each frame, and follows what each action did to the state (another city's detail, or an
/// overlay that opens, starts at its top; a prompt or the filter closes the help).
public struct ScreenState: Equatable, Sendable {
    /// An overlay over the screen, which has the keys while it is open (one at a time).
    public enum Overlay: Equatable, Sendable {
        /// `?`, F1: the keys.
        case help
        /// `!`: the messages, newest first.
        case messages
    }

    /// The overlay open, if one is; each opens at its top.
    public var overlay: Overlay? {
        didSet { if overlay != oldValue { overlayScroll = 0 } }
    }
    /// The list's offset and rows.
    public var list: ListViewState
    /// The first line shown of the open overlay (help or messages); bounded when it scrolls.
    public var overlayScroll: Int
    /// The first line shown of a detail taller than its pane; bounded when it scrolls.
    public var detailScroll: Int

    /// What of the state the scrolls last followed.
    private var seenSelection: String?
    private var seenMode: ScreenMode = .list

    public init(overlay: Overlay? = nil, list: ListViewState = ListViewState(), overlayScroll: Int = 0, detailScroll: Int = 0) {
        self.overlay = overlay
        self.list = list
        self.overlayScroll = overlayScroll
        self.detailScroll = detailScroll
    }

    /// Cities a page moves: the list's rows as last laid out (at least one).
    public var pageRows: Int { max(1, list.rows ?? 1) }

    /// Gives the list the rows the layout has for it for `state` at `size`, and keeps its offset
    /// around the selection.
    public mutating func fit(_ state: State, size: TerminalSize) {
        list.rows = Layout.pageRows(size: size, state: state)
        list.keep(selected: state.list.selectedIndex, count: state.list.visibleCities.count)
    }

    /// This screen state fitted for a frame of `state` at `size` (drawing never changes it: the
    /// front end fits its own before it draws).
    public func fitted(_ state: State, size: TerminalSize) -> ScreenState {
        var screen = self
        screen.fit(state, size: size)
        return screen
    }

    /// Follows what `action` (nil: whatever happened since the last call) left in `state`: the
    /// detail starts at its top for another city and when Enter opens it or Esc closes it; `/`
    /// closes an open overlay, and `a`'s prompt or `d`'s question the help; the list keeps the
    /// selection in sight on the rows it has.
    public mutating func follow(_ state: State, after action: Action? = nil) {
        if state.list.selectedKey != seenSelection { detailScroll = 0 }
        // Beside the list the page keys move the list: a detail closed or opened again shows its top.
        if action == .openDetail || action == .closeDetail, state.detail.mode != seenMode { detailScroll = 0 }
        switch action {
        case .startFilter:
            overlay = nil
        case .addCity(.start) where !state.list.isEditingFilter, .removeCity(.ask) where state.placeEditing.pendingRemoval != nil:
            if overlay == .help { overlay = nil }
        default:
            break
        }
        seenSelection = state.list.selectedKey
        seenMode = state.detail.mode
        list.keep(selected: state.list.selectedIndex, count: state.list.visibleCities.count)
    }

    /// Before a frame of `state` at `size`: follows what changed since the last action it saw, then fits.
    public mutating func layOut(_ state: State, size: TerminalSize) {
        follow(state)
        fit(state, size: size)
    }
}
