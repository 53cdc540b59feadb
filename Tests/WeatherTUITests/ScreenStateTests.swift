import Testing
import TerminalKit
import WeatherModels
@testable import WeatherCore
@testable import WeatherTUI

/// The front end's screen state: the rows the page keys move by, the list's offset kept around
/// the selection after a move, a resize or a filter, and the overlay's and the detail's scroll.
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
        _ = Self.press(.send(.toggleHelp), &state, &screen, size: size)
        _ = Self.press(.scrollOverlay(4), &state, &screen, size: size)
        #expect(screen.overlayScroll == 4)
        _ = Self.press(.send(.toggleMessages), &state, &screen, size: size)  // the help gives way to the messages, from their top
        #expect(state.overlays.showMessages && !state.overlays.showHelp && screen.overlayScroll == 0)
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
