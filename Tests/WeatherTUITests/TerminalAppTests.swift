@testable import WeatherCore
import Testing
import Foundation
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// A driver that records commands and moves a selection like the real store would.
final class FakeDriver: BrowserDriver {
    var state: State
    var commands: [KeyCommand] = []
    var sizesSeen: [TerminalSize] = []
    /// The sizes the page was fitted to, one per frame drawn.
    var pagesFitted: [TerminalSize] = []
    var pending: [(inout State) -> Void] = []
    var ticks = 0
    var isQuitting = false

    init(_ state: State) { self.state = state }

    private func select(_ index: Int) { state.list.selectedKey = state.list.visibleCities[index].key }

    func handle(_ command: KeyCommand, size: TerminalSize) {
        commands.append(command)
        sizesSeen.append(size)
        let listRows = size.rows - 3
        let last = max(0, state.list.visibleCities.count - 1)
        switch command {
        case .send(.moveDown): select(min(last, (state.list.selectedIndex ?? -1) + 1))
        case .send(.moveUp): select(max(0, (state.list.selectedIndex ?? 1) - 1))
        case .send(.pageDown): select(min(last, (state.list.selectedIndex ?? 0) + listRows))
        case .send(.last): select(last)
        case .send(.first): select(0)
        case .send(.startFilter): state.list.isEditingFilter = true
        case .send(.filterInput(let text)): state.list.filter.append(text)
        case .send(.commitFilter): state.list.isEditingFilter = false
        case .send(.toggleHelp): state.overlays.showHelp.toggle()
        case .send(.quit), .send(.interrupt): isQuitting = true
        default: break
        }
    }

    func fitPage(to size: TerminalSize) { pagesFitted.append(size) }

    /// Results arrive only from this call of `processPendingResults` on (as if the network took a while).
    var resultsArriveAtPoll = 0
    private var polls = 0

    func processPendingResults() -> Bool {
        polls += 1
        guard !pending.isEmpty, polls > resultsArriveAtPoll else { return false }
        for apply in pending { apply(&state) }
        pending = []
        return true
    }

    func tick(now: Date) { ticks += 1 }
}

@Suite struct TerminalAppTests {
    private func cities(_ n: Int) -> [CityWeather] {
        (0..<n).map { ViewFixtures.make(key: "\($0)", name: "City\($0)", country: "Country") }
    }

    @Test func keysBecomeCommandsAndFramesFollow() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(60)))
        let backend = InMemoryBackend(keys: [.character("j"), .down, .pageDown, .character("G"), .character("g"), .character("q")])
        let exit = try TerminalApp(driver: driver, backend: backend).run()
        #expect(exit == .quit)
        #expect(driver.commands == [.resize, .send(.moveDown), .send(.moveDown), .send(.pageDown), .send(.last), .send(.first), .send(.quit)])
        #expect(driver.sizesSeen.first == TerminalSize(columns: 80, rows: 24))
        #expect(backend.frames.first?.line(2).hasPrefix(">  City0") == true)
        #expect(backend.frames.contains { $0.line(3).hasPrefix(">  City1") })
        #expect(backend.frames.contains { $0.line(23).hasSuffix("city 60 of 60 ") })
        #expect(backend.stopCount == 1)
        #expect(!backend.isStarted)
    }

    @Test func filterModeSendsPrintableKeysToTheFilter() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(3)))
        let backend = InMemoryBackend(keys: [.character("/"), .character("q"), .character("東"), .enter, .character("q")])
        try TerminalApp(driver: driver, backend: backend).run()
        #expect(driver.commands == [.resize, .send(.startFilter), .send(.filterInput("q")), .send(.filterInput("東")), .send(.commitFilter), .send(.quit)])
        #expect(driver.state.list.filter == "q東")
    }

    @Test func qClosesHelpBeforeQuitting() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(3)))
        let backend = InMemoryBackend(keys: [.character("?"), .character("q"), .character("q")])
        try TerminalApp(driver: driver, backend: backend).run()
        #expect(driver.commands == [.resize, .send(.toggleHelp), .send(.toggleHelp), .send(.quit)])
    }

    @Test func ctrlCQuitsAndSignalTerminates() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(3)))
        let backend = InMemoryBackend(keys: [.control("c")])
        #expect(try TerminalApp(driver: driver, backend: backend).run() == .quit)
        #expect(driver.commands.last == .send(.interrupt))
        let quiet = InMemoryBackend(keys: [.character("j")])
        let signalled = FakeDriver(ViewFixtures.state(cities(3)))
        #expect(try TerminalApp(driver: signalled, backend: quiet).run() == .terminated)
        #expect(signalled.commands.last == .send(.interrupt))
        #expect(quiet.stopCount == 1)
    }

    @Test func resizeRedrawsAtTheNewSizeAndTooSmallIsSafe() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(10)))
        let backend = InMemoryBackend(keys: [.resize, .character("j"), .resize, .character("q")],
                                      sizes: [TerminalSize(columns: 30, rows: 8), TerminalSize(columns: 120, rows: 30)])
        try TerminalApp(driver: driver, backend: backend).run()
        #expect(driver.commands.contains(.resize))
        #expect(backend.frames.contains { $0.width == 30 && $0.lines.contains { $0.contains("too small") } })
        #expect(backend.lastFrame?.width == 120)
        #expect(backend.lastFrame?.line(2).contains("│") == true)
    }

    @Test func backgroundResultsRedrawWithoutKeys() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(3)))
        driver.pending = [{ $0.isFetching = true }]
        driver.resultsArriveAtPoll = 1
        // Keys that mean nothing: the loop polls results again after each.
        let backend = InMemoryBackend(keys: [.character("x"), .character("x")])
        try TerminalApp(driver: driver, backend: backend).run()
        #expect(backend.frames.last?.line(0).contains("refreshing…") == true)
        #expect(backend.frames.count == 2)
    }

    @Test func unchangedFramesAreNotPresentedAgain() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(3)))
        let backend = InMemoryBackend(keys: [.character("x"), .character("s"), .character("q")])
        try TerminalApp(driver: driver, backend: backend).run()
        #expect(backend.frames.count == 1)
    }

    @Test func ticksComeFromTheClock() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(3)))
        var now = ViewFixtures.now
        let backend = InMemoryBackend(keys: [.character("x"), .character("x"), .character("q")])
        try TerminalApp(driver: driver, backend: backend, tickInterval: 15, clock: { now = now.addingTimeInterval(10); return now }).run()
        #expect(driver.ticks >= 1)
    }

    /// A clock set back (by hand, NTP after a suspend) ticks at once: the ages and the header's
    /// time must not freeze until the clock is past the last tick again.
    @Test func aClockSetBackTicksAtOnce() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(3)))
        var readings = [ViewFixtures.now, ViewFixtures.now - 3600]
        let backend = InMemoryBackend(keys: [.character("x"), .character("x"), .character("q")])
        try TerminalApp(driver: driver, backend: backend, tickInterval: 15, clock: {
            readings.count > 1 ? readings.removeFirst() : readings[0]
        }).run()
        #expect(driver.ticks == 1)
    }
}

/// The loop's wait ends at the next minute or the instant a refresh falls due, whichever is first,
/// and a due time already ticked at never makes it spin.
@Suite struct RefreshWakeTests {
    @Test func theLoopWakesWhenARefreshFallsDue() {
        let last = Date(timeIntervalSince1970: 1_000_020), minute = Date(timeIntervalSince1970: 1_000_080)
        #expect(TerminalApp.wakeTime(refreshDue: last + 30, lastTick: last, nextTick: minute) == last + 30)
        #expect(TerminalApp.wakeTime(refreshDue: last + 600, lastTick: last, nextTick: minute) == minute)
        #expect(TerminalApp.wakeTime(refreshDue: last, lastTick: last, nextTick: minute) == minute, "already ticked at")
        #expect(TerminalApp.wakeTime(refreshDue: nil, lastTick: last, nextTick: minute) == minute)
    }
}
