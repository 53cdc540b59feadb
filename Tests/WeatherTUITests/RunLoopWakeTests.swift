import WeatherCore
import Testing
import Foundation
import Glibc
import WeatherModels
@testable import WeatherTUI
import TerminalKit
import TerminalNcurses
import EssentialsSupport

/// The run loop sleeps in one wait on the terminal, the store's wake-up and the next tick: no
/// fixed poll, nothing handled late, no resize lost behind a key.
@Suite(.serialized) struct RunLoopWakeTests {
    /// A pseudo-terminal pair: the backend gets the terminal's end as its input and output.
    final class PseudoTerminal {
        /// TIOCSPTLCK and TIOCGPTN (Linux's generic ioctl numbers), which the Glibc module leaves out.
        static let unlockRequest: UInt = 0x4004_5431
        static let numberRequest: UInt = 0x8004_5430

        let master: Int32
        let terminal: UnsafeMutablePointer<FILE>
        let input: UnsafeMutablePointer<FILE>

        init?(columns: Int, rows: Int) {
            // posix_openpt and friends by hand (the Glibc module leaves them out): unlock, then its number.
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0, number: UInt32 = 0
            guard master >= 0, ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0 else { return nil }
            let path = "/dev/pts/\(number)"
            guard let terminal = fopen(path, "r+"), let input = fopen(path, "r") else { return nil }
            self.master = master
            self.terminal = terminal
            self.input = input
            setSize(columns: columns, rows: rows)
            // The terminal's output is drained so ncurses never blocks on a full pty.
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        }

        func setSize(columns: Int, rows: Int) {
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
        }

        func drain() {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while buffer.withUnsafeMutableBytes({ read(master, $0.baseAddress, $0.count) }) > 0 {}
        }

        deinit {
            fclose(input)
            fclose(terminal)
            close(master)
        }
    }

    @Test func aResizeRightAfterAKeyIsNotLost() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let backend = NcursesBackend(output: pty.terminal, input: pty.input, terminalName: "xterm-256color", palette: ColorRole.palette)
        try backend.start()
        defer { backend.stop() }
        pty.drain()
        #expect(backend.size == TerminalSize(columns: 80, rows: 24))
        // A key, then the window resized before the program reads anything (no signal reaches
        // this test process: only the kernel's size tells).
        pty.type("j")
        pty.setSize(columns: 120, rows: 40)
        let keys = backend.waitForKeys(timeoutMilliseconds: 2000, wake: nil)
        #expect(keys == [.character("j"), .resize])
        #expect(backend.size == TerminalSize(columns: 120, rows: 40))
        pty.drain()
    }

    @Test func aBurstOfKeysComesInOneWait() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let backend = NcursesBackend(output: pty.terminal, input: pty.input, terminalName: "xterm-256color", palette: ColorRole.palette)
        try backend.start()
        defer { backend.stop() }
        pty.drain()
        pty.type("jjk")
        pty.setSize(columns: 100, rows: 30)
        pty.setSize(columns: 90, rows: 25)
        let keys = backend.waitForKeys(timeoutMilliseconds: 2000, wake: nil)
        #expect(keys == [.character("j"), .character("j"), .character("k"), .resize])
        #expect(backend.size == TerminalSize(columns: 90, rows: 25), "the last size, not the first")
    }

    @Test func aWakeUpEndsTheWaitAtOnce() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let backend = NcursesBackend(output: pty.terminal, input: pty.input, terminalName: "xterm-256color", palette: ColorRole.palette)
        try backend.start()
        defer { backend.stop() }
        let wakeup = try #require(Wakeup())
        wakeup.signal()
        // An hour's timeout: a wait that returns was woken by the descriptor (no wall-clock bound).
        let keys = backend.waitForKeys(timeoutMilliseconds: 3_600_000, wake: wakeup.fileDescriptor)
        #expect(keys.isEmpty)
        // Without a wake-up and without input the wait lasts its timeout.
        wakeup.drain()
        let quiet = Date()
        #expect(backend.waitForKeys(timeoutMilliseconds: 150, wake: wakeup.fileDescriptor).isEmpty)
        #expect(Date().timeIntervalSince(quiet) >= 0.14)
    }

    /// A store's result makes its mailbox readable the moment it is posted; applying it empties it.
    @Test func aStoreResultWakesTheLoop() async throws {
        let feed = WeatherFeed(fetchedAt: ViewFixtures.now, request: FeedRequest(count: 50, language: "en-us"),
                               cities: [ViewFixtures.make(key: "1", name: "Lima", country: "Peru")])
        let environment = StoreDriverTests.environment(feed: nil, fetch: .success(FeedPayload(feed: feed, rateLimitRemaining: nil)))
        let store = try Store(config: AppConfig(), environment: environment)
        store.send(.refresh)
        // Waited for as the loop waits, on a thread of its own: the fetch needs the pool's threads.
        let descriptor = store.mailbox.fileDescriptor
        let woke = await DedicatedThread.run {
            var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            return poll(&watched, 1, 120_000)
        }
        #expect(woke == 1, "readable once the result is posted")
        var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        #expect(store.processPendingResults())
        // Applying the feed starts more work (its save, the places' air), whose letters follow.
        await store.settle()
        watched[0].revents = 0
        #expect(poll(&watched, 1, 0) == 0, "drained by applying the results")
    }

    /// The real terminal, with a test's hand at the last moment before each wait: after the loop
    /// has applied what the mailbox held and drawn, before `poll(2)` sleeps.
    final class LastMomentBackend: TerminalBackend {
        let terminal: NcursesBackend
        /// Run before each wait in turn, given the descriptor the wait is for.
        var beforeSleep: [(Int32?) -> Void] = []
        /// Whether the wake descriptor was readable as each wait began (a result waiting).
        private(set) var readableAtSleep: [Bool] = []
        private(set) var framesPresented = 0

        init(_ terminal: NcursesBackend) { self.terminal = terminal }

        var size: TerminalSize { terminal.size }
        var supportsColor: Bool { terminal.supportsColor }
        func start() throws(TerminalError) { try terminal.start() }
        func stop() { terminal.stop() }
        func repaintAll() { terminal.repaintAll() }

        func present(_ buffer: ScreenBuffer) {
            framesPresented += 1
            terminal.present(buffer)
        }

        func waitForInput(timeoutMilliseconds: Int, wake: Int32?) -> [TerminalInput] {
            if !beforeSleep.isEmpty { beforeSleep.removeFirst()(wake) }
            var watched = [pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0)]
            readableAtSleep.append(wake != nil && poll(&watched, 1, 0) == 1)
            return terminal.waitForInput(timeoutMilliseconds: timeoutMilliseconds, wake: wake)
        }
    }

    /// An answer posted after the loop drained the mailbox and before it sleeps (an effect that
    /// ends while the frame is drawn) wakes that very sleep, and the next frame shows it: it never
    /// waits for the next key, tick or other answer.
    @Test func anAnswerPostedJustBeforeTheSleepWakesIt() async throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        let cities = [ViewFixtures.make(key: "b", name: "Berlin", country: "Germany"), ViewFixtures.make(key: "a", name: "Athens", country: "Greece")]
        let feed = WeatherFeed(fetchedAt: ViewFixtures.now, request: FeedRequest(count: 50, language: "en-us"), cities: cities)
        let store = try Store(config: AppConfig(refreshAfter: 3600), environment: StoreDriverTests.environment(feed: feed))
        // Started and settled first: no other letter is on its way to wake the loop.
        store.start()
        await store.settle()
        #expect(!store.hasRunningEffects)
        let shownFirst = store.state.list.selectedKey
        let other = try #require(store.state.list.visibleCities.first { $0.key != shownFirst }?.key)
        let backend = LastMomentBackend(NcursesBackend(output: pty.terminal, input: pty.input, terminalName: "xterm-256color", palette: ColorRole.palette))
        var framesBeforeAnswer = 0, framesAtSecondWait = 0
        var selectedAtSecondWait: String?
        backend.beforeSleep = [
            { _ in
                framesBeforeAnswer = backend.framesPresented
                // An effect ends now (its task posts exactly this way, from its own thread).
                store.mailbox.post(.select(key: other))
            },
            { _ in
                framesAtSecondWait = backend.framesPresented
                selectedAtSecondWait = store.state.list.selectedKey
                pty.type("q")
            },
        ]
        // The clock stands on a minute: each wait's timeout is a whole minute, so only the wake-up ends it early.
        let exit = try TerminalApp(driver: StoreDriver(store: store, startsStore: false), backend: backend, clock: { ViewFixtures.now }).run()
        pty.drain()
        #expect(exit == .quit)
        #expect(backend.readableAtSleep.first == true, "the answer posted before the sleep wakes it")
        #expect(selectedAtSecondWait == other, "applied right after that wake")
        #expect(framesAtSecondWait > framesBeforeAnswer, "and drawn before the loop sleeps again")
    }

    // The program waits until the next minute on the clock (when the header's minutes change),
    // not a fixed poll, and ticks there: `TerminalAppWakeTests`.
}
