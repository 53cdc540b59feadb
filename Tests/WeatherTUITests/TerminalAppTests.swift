@testable import WeatherCore
import Testing
import Foundation
import WeatherModels
@testable import WeatherTUI
import TerminalKit
import EssentialsSupport

/// A driver that records commands and moves a selection like the real store would.
final class FakeDriver: BrowserDriver {
    var state: State
    /// The overlay opens and closes here, as the front end's screen state has it.
    var screen = ScreenState()
    var commands: [KeyCommand] = []
    var sizesSeen: [TerminalSize] = []
    /// The sizes the page was fitted to, one per frame drawn.
    var pagesFitted: [TerminalSize] = []
    var pending: [(inout State) -> Void] = []
    var ticks = 0
    var isQuitting = false
    /// Readable while a posted result waits, as the store's mailbox is.
    let wakeup = Wakeup()

    init(_ state: State) { self.state = state }

    var wakeDescriptor: Int32? { wakeup?.fileDescriptor }

    /// A background result, applied at the program's next wake.
    func post(_ apply: @escaping (inout State) -> Void) {
        pending.append(apply)
        wakeup?.signal()
    }

    private func select(_ index: Int) { state.list.selectedKey = state.list.visibleCities[index].key }

    func handle(_ command: KeyCommand, size: TerminalSize) {
        commands.append(command)
        sizesSeen.append(size)
        let listRows = size.rows - 3
        let last = max(0, state.list.visibleCities.count - 1)
        switch command {
        case .send(.moveDown): select(min(last, (state.list.selectedIndex ?? -1) + 1))
        case .send(.moveUp): select(max(0, (state.list.selectedIndex ?? 1) - 1))
        case .pageList(1): select(min(last, (state.list.selectedIndex ?? 0) + listRows))
        case .send(.last): select(last)
        case .send(.first): select(0)
        case .send(.startFilter): state.list.isEditingFilter = true
        case .send(.filterInput(let text)): state.list.filter.append(text)
        case .send(.commitFilter): state.list.isEditingFilter = false
        case .toggleOverlay(let overlay): screen.overlay = screen.overlay == overlay ? nil : overlay
        case .send(.quit), .send(.interrupt): isQuitting = true
        default: break
        }
    }

    func layOut(at size: TerminalSize) -> ScreenState {
        pagesFitted.append(size)
        return screen.fitted(state, size: size)
    }

    func processPendingResults() -> Bool {
        wakeup?.drain()
        guard !pending.isEmpty else { return false }
        for apply in pending { apply(&state) }
        pending = []
        return true
    }

    func woke(_ ids: [WakeID], now: Date) { ticks += 1 }
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
        #expect(driver.commands == [.resize, .send(.moveDown), .send(.moveDown), .pageList(1), .send(.last), .send(.first), .send(.quit)])
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
        #expect(driver.commands == [.resize, .toggleOverlay(.help), .toggleOverlay(.help), .send(.quit)])
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
        // The result is posted once the first frame is up, while the program waits: its wake-up
        // ends the wait, and no key comes.
        let backend = InMemoryBackend()
        backend.idleReadsBeforeTermination = 1
        backend.stopWhen = { _ in
            if backend.frames.count == 1 { driver.post { $0.isFetching = true } }
            return false
        }
        try TerminalApp(driver: driver, backend: backend).run()
        #expect(backend.frames.last?.line(0).contains("refreshing…") == true)
        #expect(backend.frames.count == 2)
        #expect(backend.idleReads == 2, "woken once by the result, then the script's end")
    }

    @Test func unchangedFramesAreNotPresentedAgain() throws {
        let driver = FakeDriver(ViewFixtures.state(cities(3)))
        let backend = InMemoryBackend(keys: [.character("x"), .character("s"), .character("q")])
        try TerminalApp(driver: driver, backend: backend).run()
        #expect(backend.frames.count == 1)
    }
}
