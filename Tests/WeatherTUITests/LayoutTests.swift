import Foundation
@testable import WeatherCore
import Testing
@testable import WeatherTUI
import TerminalKit

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

    /// The page the core is told: the list's rows less its column titles, whatever takes a row.
    @Test func thePageIsTheListsRowsForTheStateOnScreen() {
        let narrow = TerminalSize(columns: 80, rows: 24), wide = TerminalSize(columns: 140, rows: 40)
        var m = ViewFixtures.state([ViewFixtures.make(name: "A")])
        #expect(Layout.pageRows(size: narrow, state: m) == 21)  // 24 − header − column titles − status line
        #expect(Layout.pageRows(size: wide, state: m) == 37)
        m.banner = .offline(savedAt: nil, reason: "offline")
        #expect(Layout.pageRows(size: narrow, state: m) == 20)
        m.list.isEditingFilter = true
        #expect(Layout.pageRows(size: narrow, state: m) == 19)
        m.list.isEditingFilter = false
        m.list.filter = "A"  // a kept filter keeps its row
        #expect(Layout.pageRows(size: narrow, state: m) == 19)
        // The narrow detail hides the list (and the filter row): ↑↓ move by the list it goes back to.
        m.detail.mode = .detail
        #expect(Layout(size: narrow, state: m).list == nil)
        #expect(Layout.pageRows(size: narrow, state: m) == 19)
        #expect(Layout.pageRows(size: TerminalSize(columns: 30, rows: 3), state: m) == 1)  // too small: still a page
    }

    @Test func rangeBarPlacesTheDayInTheWeek() {
        #expect(RangeBar.bar(low: 0, high: 10, weekLow: 0, weekHigh: 10, width: 5) == "━━━━━")
        #expect(RangeBar.bar(low: 0, high: 5, weekLow: 0, weekHigh: 10, width: 5) == "━━━  ")
        #expect(RangeBar.bar(low: 7.5, high: 10, weekLow: 0, weekHigh: 10, width: 5) == "   ━━")
        #expect(RangeBar.bar(low: 3, high: 3, weekLow: 3, weekHigh: 3, width: 4) == "━━━━")
    }
}
