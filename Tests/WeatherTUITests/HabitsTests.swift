@testable import WeatherCore
import Foundation
import BrowserTestSupport
import Testing
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// Habits from other terminal programs, at the front end: every key in the help, Ctrl-L, the
/// mouse (SGR reports, what a click hits), the messages overlay, the footer at 80 columns.
@Suite struct HabitsTests {
    static func cities(_ n: Int) -> [CityWeather] {
        (0..<n).map { ViewFixtures.make(key: "k\($0)", name: String(format: "City %03d", $0), country: "Land", celsius: Double($0)) }
    }

    // MARK: keys

    /// Every key that does something in the list must be in the help (the issue found Space,
    /// Ctrl-F/B, F1 and Backspace working but listed nowhere).
    @Test func theHelpListsEveryKeyTheBrowserAnswers() {
        var keys: [KeyEvent] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .delete, .tab]
        keys += (1...12).map(KeyEvent.function)
        keys += "abcdefghijklmnopqrstuvwxyz".map(KeyEvent.control)
        keys += (32...126).map { KeyEvent.character(Character(Unicode.Scalar(UInt8($0)))) }
        let helpKeys = KeyBindings.help(mouse: false).flatMap { $0.key.split(separator: " ").map(String.init) }
        for key in keys where KeyMap.command(for: key, editingFilter: false) != nil {
            #expect(helpKeys.contains(KeyBindings.name(of: key)), "\(key) does something but the help does not list \(KeyBindings.name(of: key))")
        }
    }

    @Test func newKeysMapToTheirCommands() {
        #expect(KeyMap.command(for: .control("d"), editingFilter: false) == .halfPageList(1))
        #expect(KeyMap.command(for: .control("u"), editingFilter: false) == .halfPageList(-1))
        #expect(KeyMap.command(for: .control("l"), editingFilter: false) == .redraw)
        #expect(KeyMap.command(for: .control("l"), editingFilter: true) == .redraw)
        #expect(KeyMap.command(for: .character("!"), editingFilter: false) == .toggleOverlay(.messages))
        #expect(KeyMap.command(for: .character("!"), editingFilter: true) == .send(.filterInput("!")))
    }

    @Test func anOverlayScrollsWithTheMovingKeysAndClosesWithQ() {
        func inHelp(_ key: KeyEvent) -> KeyCommand? { KeyMap.command(for: key, editingFilter: false, overlay: .help) }
        func inMessages(_ key: KeyEvent) -> KeyCommand? { KeyMap.command(for: key, editingFilter: false, overlay: .messages) }
        #expect(inHelp(.down) == .scrollOverlay(1) && inHelp(.character("k")) == .scrollOverlay(-1))
        #expect(inHelp(.pageDown) == .scrollOverlayPages(1) && inHelp(.control("u")) == .scrollOverlayPages(-1))
        #expect(inHelp(.character("G")) == .scrollOverlay(.max))
        #expect(inHelp(.character("q")) == .toggleOverlay(.help) && inMessages(.character("q")) == .toggleOverlay(.messages))
        #expect(inMessages(.character("!")) == .toggleOverlay(.messages) && inMessages(.escape) == .toggleOverlay(.messages))
        #expect(inMessages(.character("r")) == nil)  // nothing behind the overlay changes unseen
    }

    /// The too-small notice says `q quits`: so it does, even with the filter prompt open.
    @Test func qQuitsTheTooSmallScreenEvenFromTheFilter() async throws {
        let store = try Store(config: AppConfig(refreshAfter: 3600), environment: StoreDriverTests.environment(feed: nil))
        let backend = InMemoryBackend(size: TerminalSize(columns: 80, rows: 24),
                                      keys: [.character("/"), .resize, .character("q")], sizes: [TerminalSize(columns: 30, rows: 8)])
        let exit = try? await TerminalApp(driver: StoreDriver(store: store), backend: backend).runOffThePool()
        #expect(exit == .quit)
        #expect(store.state.list.filter.isEmpty)
    }

    // MARK: Ctrl-L

    @Test func ctrlLPaintsTheWholeFrameAgain() throws {
        let driver = FakeDriver(ViewFixtures.state(Self.cities(5)))
        let backend = InMemoryBackend(keys: [.control("l")])
        _ = try TerminalApp(driver: driver, backend: backend).run()
        #expect(backend.repaints == 1)
        #expect(backend.frames.count == 2 && backend.frames[0] == backend.frames[1])  // the same frame, every cell sent again
    }

    // MARK: a key after a result

    /// The cause of the lost `r`: a refresh landed while the loop waited for a key, and the key
    /// was applied before the result, to a state still "refreshing". Results come first now.
    @Test func aKeyPressedJustAfterARefreshLandedStartsTheNextOne() async throws {
        let fetches = LockedCount(), gate = LockedCount()
        var env = StoreDriverTests.environment(feed: nil)
        env.loadForecasts = nil  // the fetches are the only effects: the mailbox wakes for their answers alone
        env.fetchFeed = { _, _ in
            // Answers only once the loop waits for a key, so the result lands during that wait.
            while gate.value == 0 { try? await Task.sleep(for: .milliseconds(1)) }
            fetches.increment()
            return .success(FeedPayload(feed: WeatherFeed(fetchedAt: ViewFixtures.now, request: .standard, cities: Self.cities(3)), rateLimitRemaining: 42))
        }
        let store = try Store(config: AppConfig(refreshAfter: 0), environment: env)
        let backend = ResultThenKeyBackend(store: store, keys: [.character("r")], gate: gate, fetches: fetches, fetchesBeforeLeaving: 2)
        // The loop waits for the store's tasks: on a thread of its own, not one the tasks need.
        _ = try await TerminalApp(driver: StoreDriver(store: store), backend: backend).runOffThePool()
        #expect(fetches.value == 1 + 1, "the start-up fetch and the one r asked for")
    }

    // MARK: mouse

    @Test func sgrReportsParse() {
        #expect(MouseEvent.parseSGR("0;10;5M") == MouseEvent(.press, x: 9, y: 4))
        #expect(MouseEvent.parseSGR("0;10;5m") == MouseEvent(.release, x: 9, y: 4))
        #expect(MouseEvent.parseSGR("64;1;1M") == MouseEvent(.wheelUp, x: 0, y: 0))
        #expect(MouseEvent.parseSGR("65;300;90M") == MouseEvent(.wheelDown, x: 299, y: 89))  // past column 223: why SGR
        #expect(MouseEvent.parseSGR("2;3;4M") == MouseEvent(.otherPress, x: 2, y: 3))
        #expect(MouseEvent.parseSGR("32;3;4M") == nil)  // motion
        #expect(MouseEvent.parseSGR("0;0;4M") == nil)
        #expect(MouseEvent.parseSGR("0;3M") == nil)
        #expect(MouseEvent.parseSGR("a;3;4M") == nil)
        #expect(MouseEvent.parseSGR("0;3;4") == nil)
    }

    @Test func theMouseMapsToCommands() {
        func command(_ e: MouseEvent, overlay: Bool = false) -> KeyCommand? {
            KeyMap.command(for: .mouse(e), editingFilter: false, overlay: overlay ? .messages : nil)
        }
        #expect(command(MouseEvent(.press, x: 4, y: 6)) == .click(x: 4, y: 6))
        #expect(command(MouseEvent(.wheelDown, x: 4, y: 6)) == .send(.moveBy(3)))
        #expect(command(MouseEvent(.wheelUp, x: 4, y: 6), overlay: true) == .scrollOverlay(-3))
        #expect(command(MouseEvent(.release, x: 4, y: 6)) == nil)
        #expect(command(MouseEvent(.press, x: 4, y: 6), overlay: true) == nil)
    }

    /// On the map a click selects the nearest marker: Oslo's cell, a cell beside Cape Town's.
    @Test func aClickOnTheMapFindsTheNearestMarker() throws {
        var oslo = ViewFixtures.make(key: "oslo", name: "Oslo"), capeTown = ViewFixtures.make(key: "cpt", name: "Cape Town")
        oslo.geoPosition = GeoPosition(latitude: 59.91, longitude: 10.75)
        capeTown.geoPosition = GeoPosition(latitude: -33.92, longitude: 18.42)
        var state = ViewFixtures.state([oslo, capeTown], selected: 0)
        state.map.shown = true
        let size = TerminalSize(columns: 80, rows: 24)
        let map = try #require(Layout(size: size, state: state).map)
        let projection = MapProjection(columns: map.width, rows: map.height - 1)
        let osloCell = try #require(projection.cell(latitude: 59.91, longitude: 10.75))
        let capeCell = try #require(projection.cell(latitude: -33.92, longitude: 18.42))
        #expect(ScreenTarget.at(x: map.x + osloCell.x, y: map.y + osloCell.y, state: state, size: size) == .city(key: "oslo"))
        #expect(ScreenTarget.at(x: map.x + capeCell.x + 2, y: map.y + capeCell.y - 1, state: state, size: size) == .city(key: "cpt"))
        #expect(ScreenTarget.at(x: map.x + 1, y: map.maxY - 1, state: state, size: size) == .nothing)  // the legend
    }

    /// At 80×24 without a banner: header row 0, column titles row 1, cities from row 2.
    @Test func aClickFindsTheRowOrTheTitleUnderIt() {
        let state = ViewFixtures.state(Self.cities(40), selected: 12)
        let screen = ScreenState(list: ListViewState(offset: 10))
        let size = TerminalSize(columns: 80, rows: 24)
        #expect(ScreenTarget.at(x: 20, y: 2, state: state, screen: screen, size: size) == .city(key: "k10"))
        #expect(ScreenTarget.at(x: 20, y: 5, state: state, screen: screen, size: size) == .city(key: "k13"))
        // The offset is the one the frame is drawn with: kept around the selection.
        #expect(ScreenTarget.at(x: 20, y: 2, state: ViewFixtures.state(Self.cities(40), selected: 2), screen: screen, size: size) == .city(key: "k2"))
        let cols = CityListView.Columns(width: 80)
        #expect(ScreenTarget.at(x: cols.city.x, y: 1, state: state, size: size) == .columnTitle(.name))
        #expect(ScreenTarget.at(x: cols.country.x + 1, y: 1, state: state, size: size) == .columnTitle(.country))
        #expect(ScreenTarget.at(x: cols.temp.x + 1, y: 1, state: state, size: size) == .columnTitle(.temperature))
        #expect(ScreenTarget.at(x: cols.weather.x + 1, y: 1, state: state, size: size) == .columnTitle(.weather))
        #expect(ScreenTarget.at(x: 20, y: 0, state: state, size: size) == .nothing)  // the header
        #expect(ScreenTarget.at(x: 20, y: 23, state: state, size: size) == .nothing)  // the status line
    }

    /// The wide list's titles (Feels, Humidity, Wind, Local) sort by their column as the others
    /// do, and the title sorted by carries the arrow, whole, right after it: never in the gap
    /// before it, where it reads as the previous column's (`Local▲` sorted by rain).
    @Test func everyTitleOfTheWideListSortsByItsColumn() {
        let state = ViewFixtures.state(Self.cities(5), selected: 0)
        let size = TerminalSize(columns: 200, rows: 60)
        let list = Layout(size: size, state: state).list!
        let cols = CityListView.Columns(width: list.width)
        #expect(cols.extras.map(\.column) == ExtraColumn.allCases)
        for extra in cols.extras {
            let target = ScreenTarget.at(x: list.x + extra.x + 1, y: list.y, state: state, size: size)
            #expect(target == .columnTitle(extra.column.sortField), "\(extra.column.title)")
            var sorted = state
            _ = sorted.reduce(.sortBy(extra.column.sortField))
            let titles = BrowserView.render(sorted, size: size).line(list.y)
            #expect(titles.contains("\(extra.column.title) ▲") || titles.contains("\(extra.column.title)▲"), "\(titles)")
            #expect(!titles.contains("…"), "\(titles)")
            // The one arrow on the row follows the sorted title, with no other title's letter after it.
            #expect(titles.components(separatedBy: "▲").count == 2, "\(titles)")
            let afterArrow = titles.components(separatedBy: "▲")[1]
            #expect(afterArrow.isEmpty || afterArrow.hasPrefix(" "), "\(titles)")
        }
    }

    @Test func aClickSelectsAndASecondClickOpens() throws {
        let store = try Store(config: AppConfig(refreshAfter: 3600),
                          environment: StoreDriverTests.environment(feed: WeatherFeed(fetchedAt: ViewFixtures.now, request: .standard, cities: Self.cities(5))))
        let driver = StoreDriver(store: store)
        driver.start()
        let size = TerminalSize(columns: 80, rows: 24)
        driver.handle(.click(x: 10, y: 4), size: size)  // the third row
        #expect(store.state.list.selectedKey == "k2" && store.state.detail.mode == .list)
        driver.handle(.click(x: 10, y: 4), size: size)
        #expect(store.state.detail.mode == .detail)
        driver.handle(.send(.closeDetail), size: size)
        driver.handle(.click(x: CityListView.Columns(width: 80).temp.x, y: 1), size: size)
        #expect(store.state.list.sortField == .temperature && !store.state.list.sortDescending)
        driver.handle(.click(x: CityListView.Columns(width: 80).temp.x, y: 1), size: size)
        #expect(store.state.list.sortDescending)
        driver.handle(.send(.moveBy(3)), size: size)
        #expect(store.state.list.selectedIndex.map { $0 > 0 } == true)
    }

    // MARK: messages and the status line

    @Test func theStatusLineShowsTheNewestNoticeShortenedAndPointsAtBang() {
        var state = ViewFixtures.state(Self.cities(5))
        state.notice = "could not save settings: cannot write in /home/someone/a/rather/long/folder/ro: Permission denied"
        let frame = BrowserView.render(state, size: TerminalSize(columns: 80, rows: 24))
        let status = frame.line(23)
        #expect(status.contains("could not save settings: cannot write"))
        #expect(status.contains("…") && status.contains("(! full text)"))
        #expect(!status.contains("Permission denied"))
    }

    @Test func theMessagesOverlayShowsTheWholeTextNewestFirstWithTimes() {
        var state = ViewFixtures.state(Self.cities(5))
        state.notice = "could not save settings: cannot write in /home/someone/a/rather/long/folder/ro: Permission denied"
        state.now = ViewFixtures.now.addingTimeInterval(120)
        state.notice = "the second message"
        let text = BrowserView.render(state, screen: ScreenState(overlay: .messages), size: TerminalSize(columns: 80, rows: 24))
            .lines.joined(separator: "\n")
        #expect(text.contains("Messages, newest first"))
        #expect(text.contains("/home/someone/a/rather/long/folder/ro: Permission") && text.contains("denied"))  // wrapped, not cut
        let second = try? #require(text.range(of: "the second message"))
        let first = try? #require(text.range(of: "could not save settings"))
        #expect(second.map { s in first.map { s.lowerBound < $0.lowerBound } ?? false } == true)
        #expect(text.contains("12:11  the second message") && text.contains("12:09  could not save settings"))
    }

    @Test func theHelpScrollsOnAShortTerminalAndSaysThereIsMore() {
        let state = ViewFixtures.state(Self.cities(5))
        let size = TerminalSize(columns: 60, rows: 16)
        let top = BrowserView.render(state, screen: ScreenState(overlay: .help), size: size).lines.joined(separator: "\n")
        #expect(top.contains("↓ more") && top.contains("move") && !top.contains("wheel"))
        let extent = OverlayExtent.of(state, overlay: .help, size: size)
        #expect(extent.maxScroll > 0)
        let bottom = BrowserView.render(state, screen: ScreenState(overlay: .help, overlayScroll: extent.maxScroll), size: size)
            .lines.joined(separator: "\n")
        #expect(bottom.contains("wheel") && bottom.contains("↑ more") && !bottom.contains("↓ more"))
    }

    @Test func scrollingAnOverlayStopsAtItsEnds() {
        let state = ViewFixtures.state(Self.cities(5))
        let size = TerminalSize(columns: 60, rows: 16)
        let max = OverlayExtent.of(state, overlay: .help, size: size).maxScroll
        var screen = ScreenState(overlay: .help)
        func scroll(_ command: KeyCommand) -> Int {
            #expect(screen.resolve(command, state: state, size: size) == nil)  // the core is asked nothing
            return screen.overlayScroll
        }
        #expect(scroll(.scrollOverlay(-1)) == 0)
        #expect(scroll(.scrollOverlay(.max)) == max)
        #expect(scroll(.scrollOverlayPages(1)) == max)
        #expect(scroll(.scrollOverlay(-1)) == max - 1)
        #expect(scroll(.scrollOverlay(.min)) == 0)
    }

    /// At 80 columns the footer keeps sorting and pinning, which a new user looks for.
    @Test func theFooterKeepsSortAndPinAt80Columns() {
        let state = ViewFixtures.state(Self.cities(150), selected: 120)
        let status = BrowserView.render(state, size: TerminalSize(columns: 80, rows: 24)).line(23)
        for hint in ["s sort", "p pin", "/ filter", "r refresh", "? help", "q quit", "city 121 of 150"] {
            #expect(status.contains(hint), "\(hint) missing from \(status)")
        }
    }

    /// However wide the terminal, the last hint and the position stay apart ("q quit   city 2 of 4").
    @Test func theHintsNeverRunIntoThePosition() {
        let state = ViewFixtures.state(Self.cities(4), selected: 1)
        for columns in 40...140 {
            let status = BrowserView.render(state, size: TerminalSize(columns: columns, rows: 24)).line(23)
            guard let position = status.range(of: "city 2 of 4") else {
                Issue.record("no position at \(columns) columns: \(status)")
                continue
            }
            #expect(status[..<position.lowerBound].hasSuffix("   "), "\(columns) columns: \(status)")
        }
    }

    /// Under `--no-mouse` the help lists no clicks and no wheel: the terminal has the mouse.
    @Test func theHelpListsTheMouseOnlyWhenItIsRead() {
        var state = ViewFixtures.state(Self.cities(5))
        let help = ScreenState(overlay: .help)
        let size = TerminalSize(columns: 80, rows: 40)
        let withMouse = BrowserView.render(state, screen: help, size: size).lines.joined(separator: "\n")
        #expect(withMouse.contains("click a title") && withMouse.contains("wheel"))
        state.config.mouse = false
        let without = BrowserView.render(state, screen: help, size: size).lines.joined(separator: "\n")
        #expect(!without.contains("click") && !without.contains("wheel"))
        #expect(without.contains("q Ctrl-C"))
        #expect(OverlayExtent.of(state, overlay: .help, size: TerminalSize(columns: 60, rows: 16)).maxScroll
            == OverlayExtent.of(ViewFixtures.state(Self.cities(5)), overlay: .help, size: TerminalSize(columns: 60, rows: 16)).maxScroll - 3)
    }

    // MARK: the header

    @Test func dataOlderThanADayShowsItsDate() {
        var state = ViewFixtures.state(Self.cities(5))
        state.feed?.fetchedAt = ViewFixtures.now.addingTimeInterval(-40 * 86_400)
        let header = HeaderView.text(HeaderView.Content(state))
        #expect(header.contains("updated 2026-") && header.contains("(40 days ago)"))
        state.feed?.fetchedAt = ViewFixtures.now.addingTimeInterval(-3600)
        #expect(!HeaderView.text(HeaderView.Content(state)).contains("updated 2026-"))
    }

    /// A view is given what it draws, not the state: the header from its values alone.
    @Test func theHeaderIsDrawnFromItsOwnValues() {
        let header = HeaderView.Content(cityCount: 150, source: "Weather data by Open-Meteo.com", fetchedAt: ViewFixtures.now.addingTimeInterval(-300),
                                        now: ViewFixtures.now, timeZone: .utc, isFetching: true, refreshCalls: 3,
                                        rateLimitRemaining: 40)
        var buffer = ScreenBuffer(width: 140, height: 1)
        HeaderView.draw(header, into: &buffer, rect: Rect(x: 0, y: 0, width: 140, height: 1))
        let line = buffer.line(0)
        for part in ["Top 150 cities", "Weather data by Open-Meteo.com", "(5 min ago)", "refreshing…", "refresh: 3 calls", "40 API calls left"] {
            #expect(line.contains(part), "\(part) in \(line)")
        }
        #expect(buffer[0, 0].style == .header)
    }
}

/// Delivers each key only once the store's background work has finished and its result waits
/// in the inbox: the moment the lost `r` was pressed.
final class ResultThenKeyBackend: TerminalBackend {
    let size = TerminalSize(columns: 100, rows: 30)
    let supportsColor = false
    private let store: Store
    private var keys: [KeyEvent]
    private let gate: LockedCount
    private let fetches: LockedCount?

    private let fetchesBeforeLeaving: Int

    /// `fetchesBeforeLeaving`: once the keys are used, the run ends when that many fetches answered.
    init(store: Store, keys: [KeyEvent], gate: LockedCount, fetches: LockedCount? = nil, fetchesBeforeLeaving: Int = 0) {
        self.fetches = fetches
        self.fetchesBeforeLeaving = fetchesBeforeLeaving
        self.store = store
        self.keys = keys
        self.gate = gate
    }

    func start() throws(TerminalError) {}
    func stop() {}
    func present(_ buffer: ScreenBuffer) {}
    func repaintAll() {}

    func waitForInput(timeoutMilliseconds: Int, wake: Int32?) -> [TerminalInput] {
        gate.increment()
        // The fetch this wait let go answers while the loop waits here: its result is in the
        // store's mailbox (the start-up ledger reading may be there already) before the key is read.
        if fetches != nil, !keys.isEmpty, store.hasRunningEffects {
            // Each run ends by posting its letter: once every run under way (the fetch this wait
            // let go among them) has ended, its result waits in the mailbox, whatever the load.
            let runs = store.runningTasks, ended = DispatchSemaphore(value: 0)
            Task.detached {
                for run in runs { await run.value }
                ended.signal()
            }
            ended.wait()
        }
        guard !keys.isEmpty else {
            // `r` reads the shared files before its fetch: the loop applies that reading, then the
            // fetch's answer, each at the wake its letter brings, before the run ends.
            if let fetches, fetches.value < fetchesBeforeLeaving, store.hasRunningEffects {
                var mailbox = pollfd(fd: store.mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&mailbox, 1, 30_000)
                return []
            }
            return [.terminate]
        }
        return [.key(keys.removeFirst())]
    }
}

/// A count shared with the store's background closures.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

