import Testing
import WeatherModels
@testable import WeatherCore

/// The list's reducer on its own: the cities to show are given to it.
@Suite struct ListStateTests {
    static func list(_ keys: [String], selected: String? = nil) -> ListState {
        var list = ListState()
        list.show(Make.cities.filter { keys.contains($0.key) })
        if let selected { list.selectedKey = selected }
        return list
    }

    @Test func shownCitiesKeepTheSelectionWhileItIsListedElseTheFirst() {
        var list = Self.list(["1", "2", "3"], selected: "2")
        #expect(list.selectedIndex == 1)
        list.show(Make.cities.filter { $0.key != "2" })
        #expect(list.selectedKey == list.visibleCities.first?.key && list.selectedIndex == 0)
    }

    @Test func aMoveIsHeldToTheListsEnds() {
        var list = Self.list(Make.cities.map(\.key))
        #expect(list.reduce(.moveBy(2)) == .selected && list.selectedIndex == 2)
        #expect(list.reduce(.moveBy(1_000)) == .selected && list.selectedIndex == list.visibleCities.count - 1)
        #expect(list.reduce(.moveBy(-1_000)) == .selected && list.selectedIndex == 0)
    }

    @Test func escOnAFilterReturnsToTheCitySelectedBeforeSlash() {
        var list = Self.list(Make.cities.map(\.key), selected: "3")
        #expect(list.reduce(.startFilter) == .passed)
        #expect(list.reduce(.filterInput("x")) == .refiltered && list.filter == "x")
        list.show([])  // what the state around it would show for "x"
        #expect(list.reduce(.cancelFilter) == .filterCleared && list.filter.isEmpty && !list.isEditingFilter)
        list.show(Make.cities)
        #expect(list.returnFromFilter() && list.selectedKey == "3" && list.selectionBeforeFilter == nil)
    }

    @Test func aClickOnTheSortedColumnInvertsIt() {
        var list = ListState()
        #expect(list.reduce(.sortBy(.name)) == .resorted && list.sortDescending)
        #expect(list.reduce(.sortBy(.wind)) == .resorted && list.sortField == .wind && !list.sortDescending)
    }

    @Test func aCitySelectedBeforeItIsListedIsSelectedOnceShownAndTheFirstIfNever() {
        var list = Self.list(["1", "2"], selected: "1")
        list.selectWhenListed(key: "4")
        #expect(list.selectedKey == "4" && list.selectedCity == nil)
        list.show(Make.cities.filter { ["1", "2", "4"].contains($0.key) })
        #expect(list.selectedCity?.key == "4")
        list.selectWhenListed(key: "9")
        list.show(Make.cities.filter { ["1", "2"].contains($0.key) })
        #expect(list.selectedKey == "1")
    }
}
