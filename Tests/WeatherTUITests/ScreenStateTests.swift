import Testing
import TerminalKit
import WeatherModels
@testable import WeatherCore
@testable import WeatherTUI

/// The front end's screen state: the rows the page keys move by, the list's offset kept around
/// the selection after a move, a resize or a filter, which overlay is open, and the overlay's and
/// the detail's scroll.
@Suite struct ScreenStateTests {
    private static func cities(_ n: Int) -> [CityWeather] {
        (0..<n).map { ViewFixtures.make(key: "k\($0)", name: String(format: "City %03d", $0), country: "Land") }
    }

    /// 80×13: header, column titles and status line leave the list 10 rows.
    private static let tenRows = TerminalSize(columns: 80, rows: 13)

    /// Applies `command` as `StoreDriver.handle` does: the screen state's part, then the core's.
    private static func press(_ command: KeyCommand, _ state: inout State, _ screen: inout ScreenState, size: TerminalSize) -> Action? {
        let action = screen.resolve(command, state: state, size: size)
        if let action {
            _ = state.reduce(action)
            screen.follow(state, after: action)
        }
        return action
    }

    @Test func pgDnAndPgUpMoveByTheRowsOnScreen() {
        var state = ViewFixtures.state(Self.cities(100))
        var screen = ScreenState()
        #expect(Layout.pageRows(size: Self.tenRows, state: state) == 10)
        #expect(Self.press(.pageList(1), &state, &screen, size: Self.tenRows) == .moveBy(10))
        #expect(state.list.selectedKey == "k10" && screen.list.offset == 1)
        #expect(Self.press(.pageList(1), &state, &screen, size: Self.tenRows) == .moveBy(10))
        #expect(state.list.selectedKey == "k20" && screen.list.offset == 11)
        #expect(Self.press(.pageList(-1), &state, &screen, size: Self.tenRows) == .moveBy(-10))
        #expect(state.list.selectedKey == "k10" && screen.list.offset == 10)
        #expect(Self.press(.pageList(-1), &state, &screen, size: Self.tenRows) == .moveBy(-10))
        #expect(state.list.selectedKey == "k0" && screen.list.offset == 0)
        // A taller terminal: a page is its rows.
        let tall = TerminalSize(columns: 80, rows: 24)
        #expect(Self.press(.pageList(1), &state, &screen, size: tall) == .moveBy(Layout.pageRows(size: tall, state: state)))
    }

    @Test func ctrlDAndCtrlUMoveHalfAPageOfAtLeastARow() {
        var state = ViewFixtures.state(Self.cities(10))
        var screen = ScreenState()
        let fourRows = TerminalSize(columns: 80, rows: 7)
        #expect(Self.press(.halfPageList(1), &state, &screen, size: fourRows) == .moveBy(2))
        #expect(state.list.selectedIndex == 2)
        #expect(Self.press(.halfPageList(-1), &state, &screen, size: fourRows) == .moveBy(-2))
        #expect(state.list.selectedIndex == 0)
        let oneRow = TerminalSize(columns: 80, rows: 4)  // half of one row is still a row
        #expect(Self.press(.halfPageList(1), &state, &screen, size: oneRow) == .moveBy(1))
        #expect(state.list.selectedIndex == 1)
    }

    /// The offset is kept from frame to frame: a move within the page scrolls nothing.
    @Test func theListKeepsItsOffsetWhileTheSelectionIsOnThePage() {
        var state = ViewFixtures.state(Self.cities(100))
        var screen = ScreenState()
        _ = Self.press(.pageList(1), &state, &screen, size: Self.tenRows)  // k10 on the bottom row
        #expect(screen.list.offset == 1)
        _ = Self.press(.send(.moveUp), &state, &screen, size: Self.tenRows)
        #expect(state.list.selectedKey == "k9" && screen.list.offset == 1)
        _ = Self.press(.send(.moveBy(-8)), &state, &screen, size: Self.tenRows)
        #expect(state.list.selectedKey == "k1" && screen.list.offset == 1)
        _ = Self.press(.send(.moveUp), &state, &screen, size: Self.tenRows)
        #expect(screen.list.offset == 0)
    }

    @Test func aSmallerTerminalKeepsTheSelectionOnThePage() {
        var state = ViewFixtures.state(Self.cities(40))
        var screen = ScreenState()
        _ = state.reduce(.moveBy(30))
        screen.layOut(state, size: TerminalSize(columns: 80, rows: 40))  // 37 rows: City 30 on the first page
        #expect(screen.list.offset == 0)
        screen.layOut(state, size: Self.tenRows)
        #expect(screen.list == ListViewState(offset: 21, rows: 10))  // rows 21…30, City 30 on the bottom row
        screen.layOut(state, size: TerminalSize(columns: 80, rows: 30))  // 27 rows: no blank row under the last city
        #expect(screen.list == ListViewState(offset: 13, rows: 27))
    }

    /// A filter narrows the list under a scrolled page: the selection comes back into sight.
    @Test func aFilterKeepsTheSelectionInSight() {
        var state = ViewFixtures.state(Self.cities(100))
        var screen = ScreenState()
        _ = Self.press(.send(.last), &state, &screen, size: Self.tenRows)
        #expect(screen.list.offset == 90)
        _ = Self.press(.send(.startFilter), &state, &screen, size: Self.tenRows)
        _ = Self.press(.send(.filterInput("City 09")), &state, &screen, size: Self.tenRows)
        #expect(state.list.visibleCities.count == 10 && state.list.selectedKey == "k99")
        #expect(screen.list == ListViewState(offset: 1, rows: 9))  // the filter row takes one: 9 rows, City 099 the last
        screen.layOut(state, size: Self.tenRows)
        #expect(screen.list == ListViewState(offset: 1, rows: 9))
        #expect(BrowserView.render(state, screen: screen, size: Self.tenRows).line(10).hasPrefix(">  City 099"))
    }

    @Test func anOverlayOpensAtItsTop() {
        var state = ViewFixtures.state(Self.cities(5))
        var screen = ScreenState()
        let size = TerminalSize(columns: 60, rows: 16)
        _ = Self.press(.toggleOverlay(.help), &state, &screen, size: size)
        _ = Self.press(.scrollOverlay(4), &state, &screen, size: size)
        #expect(screen.overlay == .help && screen.overlayScroll == 4)
        _ = Self.press(.toggleOverlay(.messages), &state, &screen, size: size)  // the help gives way to the messages, from their top
        #expect(screen.overlay == .messages && screen.overlayScroll == 0)
        _ = Self.press(.toggleOverlay(.help), &state, &screen, size: size)
        _ = Self.press(.scrollOverlay(4), &state, &screen, size: size)
        _ = Self.press(.toggleOverlay(.help), &state, &screen, size: size)
        #expect(screen.overlay == nil && screen.overlayScroll == 0)
        _ = Self.press(.toggleOverlay(.help), &state, &screen, size: size)  // opened again: from its top
        #expect(screen.overlay == .help && screen.overlayScroll == 0)
    }

    /// `?`, F1 and `!` are the front end's alone: the core hears of them only as a key that clears
    /// the notice (when one shows), which every key does; a scroll of the overlay does not.
    @Test func theOverlaysAreTheFrontEndsAndTheirKeysClearTheNotice() {
        var state = ViewFixtures.state(Self.cities(5))
        var screen = ScreenState()
        let size = TerminalSize(columns: 60, rows: 16)
        let before = state
        #expect(Self.press(.toggleOverlay(.help), &state, &screen, size: size) == nil)
        #expect(state == before && screen.overlay == .help)
        state.notice = "disk full"
        #expect(Self.press(.scrollOverlay(1), &state, &screen, size: size) == nil)
        #expect(state.notice == "disk full")
        #expect(Self.press(.toggleOverlay(.messages), &state, &screen, size: size) == .dismissNotice)
        #expect(state.notice == nil && screen.overlay == .messages)
        #expect(state.notices.messages.map(\.text) == ["disk full"])  // the `!` overlay still has it
        state.notice = "saved"
        #expect(Self.press(.toggleOverlay(.messages), &state, &screen, size: size) == .dismissNotice)
        #expect(state.notice == nil && screen.overlay == nil)
    }

    /// One overlay at a time; `Esc` and `q` close the one open before anything else (the detail
    /// stays open, the program runs on); with none open they are the core's.
    @Test func escAndQCloseTheOpenOverlayFirst() {
        var state = ViewFixtures.state(Self.cities(5))
        _ = state.reduce(.openDetail)
        var screen = ScreenState(overlay: .help)
        let size = TerminalSize(columns: 80, rows: 24)
        #expect(KeyMap.command(for: .escape, state: state, overlay: screen.overlay) == .toggleOverlay(.help))
        #expect(KeyMap.command(for: .character("q"), state: state, overlay: screen.overlay) == .toggleOverlay(.help))
        for command in [KeyCommand.send(.closeDetail), .send(.quit)] {
            for overlay in [ScreenState.Overlay.help, .messages] {
                screen.overlay = overlay
                #expect(Self.press(command, &state, &screen, size: size) == nil, "\(command) over \(overlay)")
                #expect(screen.overlay == nil && state.detail.mode == .detail && !state.isQuitting)
            }
        }
        #expect(Self.press(.send(.closeDetail), &state, &screen, size: size) == .closeDetail)
        #expect(state.detail.mode == .list)
        #expect(Self.press(.send(.quit), &state, &screen, size: size) == .quit)
        #expect(state.isQuitting)
    }

    /// `/` closes an open overlay and goes on to the filter; `a`'s prompt and `d`'s question
    /// close the help (not the messages).
    @Test func theFilterAndThePromptsCloseTheHelp() throws {
        let size = TerminalSize(columns: 80, rows: 24)
        for overlay in [ScreenState.Overlay.help, .messages] {
            var state = ViewFixtures.state(Self.cities(5))
            var screen = ScreenState(overlay: overlay)
            _ = Self.press(.send(.startFilter), &state, &screen, size: size)
            #expect(screen.overlay == nil && state.list.isEditingFilter)
        }
        var state = ViewFixtures.state(Self.cities(5))
        var screen = ScreenState(overlay: .help)
        _ = Self.press(.send(.addCity(.start)), &state, &screen, size: size)
        #expect(screen.overlay == nil && state.placeEditing.search != nil)
        _ = Self.press(.send(.addCity(.cancel)), &state, &screen, size: size)
        screen.overlay = .messages
        _ = Self.press(.send(.addCity(.start)), &state, &screen, size: size)
        #expect(screen.overlay == .messages)
        _ = Self.press(.send(.addCity(.cancel)), &state, &screen, size: size)

        let place = PlaceMatch(id: "om:1", name: "Own", latitude: 1, longitude: 2)
        var removing = ViewFixtures.state([ViewFixtures.make(key: place.id, name: "Own", country: "Land")] + Self.cities(2))
        removing.pinned = [PinnedCity(place: place)]
        screen.overlay = .help
        _ = Self.press(.send(.removeCity(.ask)), &removing, &screen, size: size)
        #expect(removing.placeEditing.pendingRemoval == place.id && screen.overlay == nil)
        // Not an own place: no question, and the help stays.
        screen.overlay = .help
        _ = Self.press(.send(.removeCity(.ask)), &state, &screen, size: size)
        #expect(state.placeEditing.pendingRemoval == nil && screen.overlay == .help)
    }

    /// A click under an open overlay hits nothing, and the wheel scrolls the overlay.
    @Test func anOpenOverlayTakesTheMouse() {
        let state = ViewFixtures.state(Self.cities(5))
        let size = TerminalSize(columns: 80, rows: 24)
        #expect(ScreenTarget.at(x: 20, y: 3, state: state, size: size) == .city(key: "k1"))
        #expect(ScreenTarget.at(x: 20, y: 3, state: state, screen: ScreenState(overlay: .messages), size: size) == .nothing)
        let wheel = KeyEvent.mouse(MouseEvent(.wheelDown, x: 20, y: 3))
        #expect(KeyMap.command(for: wheel, state: state) == .send(.moveBy(KeyMap.wheelRows)))
        #expect(KeyMap.command(for: wheel, state: state, overlay: .help) == .scrollOverlay(KeyMap.wheelRows))
        let click = KeyEvent.mouse(MouseEvent(.press, x: 20, y: 3))
        #expect(KeyMap.command(for: click, state: state, overlay: .help) == nil)
    }

    /// Another city's detail, and a detail opened or closed, starts at its top; a filter
    /// started from the detail leaves it where it was.
    @Test func theDetailStartsAtItsTopForAnotherCityOrWhenOpened() {
        var state = ViewFixtures.state(Self.cities(5))
        var screen = ScreenState()
        screen.layOut(state, size: Self.tenRows)
        _ = state.reduce(.openDetail)
        screen.follow(state, after: .openDetail)
        screen.detailScroll = 6
        _ = Self.press(.send(.moveDown), &state, &screen, size: Self.tenRows)
        #expect(screen.detailScroll == 0)
        screen.detailScroll = 6
        _ = Self.press(.send(.startFilter), &state, &screen, size: Self.tenRows)
        #expect(state.detail.mode == .list && screen.detailScroll == 6)
        _ = Self.press(.send(.commitFilter), &state, &screen, size: Self.tenRows)
        _ = Self.press(.send(.openDetail), &state, &screen, size: Self.tenRows)
        #expect(state.detail.mode == .detail && screen.detailScroll == 0)
        screen.detailScroll = 6
        _ = Self.press(.send(.openDetail), &state, &screen, size: Self.tenRows)  // already open: it stays
        #expect(screen.detailScroll == 6)
        _ = Self.press(.send(.closeDetail), &state, &screen, size: Self.tenRows)
        #expect(state.detail.mode == .list && screen.detailScroll == 0)
    }

    /// The driver follows results too: a selection a result moves resets the detail's scroll
    /// before the next frame, though no key was pressed.
    @Test func layingOutFollowsWhatChangedUnseen() {
        var state = ViewFixtures.state(Self.cities(5))
        var screen = ScreenState()
        screen.layOut(state, size: Self.tenRows)
        screen.detailScroll = 3
        state.list.selectedKey = "k4"
        screen.layOut(state, size: Self.tenRows)
        #expect(screen.detailScroll == 0)
    }
}
