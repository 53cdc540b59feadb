import WeatherCore
import Testing
@testable import WeatherTUI

@Suite struct LayoutTests {
    @Test func wideTerminalPutsListAndDetailSideBySide() throws {
        let l = Layout(size: TerminalSize(columns: 140, rows: 40), hasBanner: true, hasFilterRow: false, detailFullScreen: false)
        #expect(l.banner == Rect(x: 0, y: 1, width: 140, height: 1))
        let list = try #require(l.list), detail = try #require(l.detail)
        #expect(list.y == 2 && detail.y == 2)
        #expect(list.height == 37)
        #expect(detail.x == list.maxX + 1 && detail.maxX == 140)
        #expect(detail.width >= 36)
    }

    @Test func narrowTerminalShowsListOrFullScreenDetail() {
        let size = TerminalSize(columns: 80, rows: 24)
        let listOnly = Layout(size: size, hasBanner: false, hasFilterRow: true, detailFullScreen: false)
        #expect(listOnly.detail == nil)
        #expect(listOnly.list == Rect(x: 0, y: 1, width: 80, height: 21))
        #expect(listOnly.filter == Rect(x: 0, y: 22, width: 80, height: 1))
        let detail = Layout(size: size, hasBanner: false, hasFilterRow: false, detailFullScreen: true)
        #expect(detail.list == nil)
        #expect(detail.detail == Rect(x: 0, y: 1, width: 80, height: 22))
    }

    @Test func tooSmallBelowFortyByTen() {
        #expect(Layout.isTooSmall(TerminalSize(columns: 39, rows: 24)))
        #expect(Layout.isTooSmall(TerminalSize(columns: 80, rows: 9)))
        #expect(!Layout.isTooSmall(TerminalSize(columns: 40, rows: 10)))
    }

    @Test func rangeBarPlacesTheDayInTheWeek() {
        #expect(RangeBar.bar(low: 0, high: 10, weekLow: 0, weekHigh: 10, width: 5) == "━━━━━")
        #expect(RangeBar.bar(low: 0, high: 5, weekLow: 0, weekHigh: 10, width: 5) == "━━━  ")
        #expect(RangeBar.bar(low: 7.5, high: 10, weekLow: 0, weekHigh: 10, width: 5) == "   ━━")
        #expect(RangeBar.bar(low: 3, high: 3, weekLow: 3, weekHigh: 3, width: 4) == "━━━━")
    }
}
