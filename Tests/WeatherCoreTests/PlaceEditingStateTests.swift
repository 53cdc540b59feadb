import Testing
import EssentialsSupport
import WeatherModels
@testable import WeatherCore

/// The add-a-place child on its own: what it needs of the rest comes in its context, and what
/// the rest must do goes back as an outcome.
@Suite struct PlaceEditingStateTests {
    static func context(editingFilter: Bool = false, offline: Bool = false, pass: PlaceEditingState.Pass? = nil) -> PlaceEditingState.SearchContext {
        .init(editingFilter: editingFilter, offline: offline, language: .english, requestLanguage: "en", submitKey: "Enter", pass: pass)
    }

    @Test func aWhileTheFilterIsEditedOpensNothing() {
        var editing = PlaceEditingState()
        #expect(editing.reduce(.start, Self.context(editingFilter: true)) == .done([]))
        #expect(editing.search == nil)
        #expect(editing.reduce(.start, Self.context()) == .done([]) && editing.search == PlaceSearch())
    }

    @Test func aRefusedSearchSaysTheGatesWordsInTheBoxAndSendsNothing() {
        var editing = PlaceEditingState()
        _ = editing.reduce(.start, Self.context())
        _ = editing.reduce(.input("Reykjavík"), Self.context())
        #expect(editing.reduce(.submit, Self.context(pass: .refused("held until 14:00"))) == .done([]))
        #expect(editing.search?.message == "held until 14:00" && editing.search?.phase == .typing)
    }

    @Test func aFailedSearchIsLeftToTheRestToHearAndKeep() {
        var editing = PlaceEditingState()
        editing.search = PlaceSearch()
        editing.search?.text = "Oslo"
        editing.search?.phase = .searching
        let outcome = editing.reduce(.found(query: "Oslo", .failure(.network(.quotaExceeded))), Self.context())
        guard case .failed(.network(.quotaExceeded), let said) = outcome else { Issue.record("\(outcome)"); return }
        #expect(editing.search?.message == said && editing.search?.phase == .typing)
    }

    @Test func removingAnOwnCityWaitsForYesAndForgetsItAsJustAdded() {
        var editing = PlaceEditingState()
        editing.addedCityKey = "om:1"
        #expect(editing.reduce(.ask, ownKey: nil) == .notOwn && editing.pendingRemoval == nil)
        #expect(editing.reduce(.ask, ownKey: "om:1") == .asking && editing.pendingRemoval == "om:1")
        #expect(editing.reduce(.confirm, ownKey: nil) == .remove("om:1"))
        #expect(editing.pendingRemoval == nil && editing.addedCityKey == nil)
        #expect(editing.reduce(.confirm, ownKey: nil) == PlaceEditingState.RemovalOutcome.none)
    }

    @Test func aCityAddedIsWaitedForUntilItIsSelected() {
        var editing = PlaceEditingState()
        let startsNow = editing.added("9", fetching: false)
        #expect(startsNow && editing.addedCityKey == "9")
        editing.addedCitySelected()
        #expect(editing.addedCityKey == nil)
    }
}
