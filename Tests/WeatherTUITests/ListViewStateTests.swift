import Testing
@testable import WeatherTUI

/// The list's offset moves only as far as keeps the selection on the page (ratatui's `ListState`).
@Suite struct ListViewStateTests {
    private func kept(offset: Int, rows: Int?, selected: Int?, count: Int) -> Int {
        var list = ListViewState(offset: offset, rows: rows)
        list.keep(selected: selected, count: count)
        return list.offset
    }

    @Test func aSelectionOnThePageMovesNothing() {
        #expect(kept(offset: 5, rows: 10, selected: 5, count: 100) == 5)
        #expect(kept(offset: 5, rows: 10, selected: 14, count: 100) == 5)
    }

    @Test func aSelectionOffThePageScrollsAsLittleAsPossible() {
        #expect(kept(offset: 5, rows: 10, selected: 15, count: 100) == 6)  // on the bottom row
        #expect(kept(offset: 5, rows: 10, selected: 4, count: 100) == 4)  // on the top row
    }

    @Test func endScrollsSoTheLastCityIsOnTheBottomRow() {
        #expect(kept(offset: 0, rows: 10, selected: 29, count: 30) == 20)
    }

    @Test func aSmallerPageKeepsTheSelectionVisible() {
        #expect(kept(offset: 0, rows: 37, selected: 30, count: 40) == 0)
        #expect(kept(offset: 0, rows: 10, selected: 30, count: 40) == 21)  // rows 21…30, City 30 on the bottom row
    }

    @Test func aLargerPageScrollsBackSoNoRowIsBlankUnderTheLastCity() {
        #expect(kept(offset: 90, rows: 10, selected: 99, count: 100) == 90)
        #expect(kept(offset: 90, rows: 27, selected: 99, count: 100) == 73)  // 27 rows: cities 73…99
    }

    @Test func aShorterListOrNoSelectionKeepsToTheLastPage() {
        #expect(kept(offset: 50, rows: 10, selected: nil, count: 20) == 10)
        #expect(kept(offset: 3, rows: 10, selected: nil, count: 0) == 0)
    }

    @Test func beforeTheFirstLayoutThereIsNoPageToKeepTo() {
        #expect(kept(offset: 0, rows: nil, selected: 50, count: 100) == 0)
    }
}
