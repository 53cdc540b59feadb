import WeatherCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The run loop: one thread owns the terminal; keys and resizes become commands, background
/// results are picked up every tick, and the screen is redrawn only when the frame changed.
/// It never waits on the network: the longest wait is one key poll.
public final class TerminalApp {
    /// How the loop ended.
    public enum Exit: Equatable, Sendable {
        /// `q` or Ctrl-C.
        case quit
        /// SIGINT / SIGTERM / SIGHUP.
        case terminated
    }

    private let driver: BrowserDriver
    private let backend: TerminalBackend
    private let pollMilliseconds: Int
    private let tickInterval: TimeInterval
    private let clock: () -> Date

    /// `pollMilliseconds` bounds how long a key read blocks; `tickInterval` is how often ages refresh.
    public init(driver: BrowserDriver, backend: TerminalBackend, pollMilliseconds: Int = 100, tickInterval: TimeInterval = 20, clock: @escaping () -> Date = Date.init) {
        self.driver = driver
        self.backend = backend
        self.pollMilliseconds = pollMilliseconds
        self.tickInterval = tickInterval
        self.clock = clock
    }

    /// Takes over the terminal, runs until quit or a termination signal, and always hands it back.
    @discardableResult
    public func run() throws(TerminalError) -> Exit {
        try backend.start()
        defer { backend.stop() }
        var lastFrame: ScreenBuffer?
        var lastTick = clock()
        var dirty = true
        driver.handle(.resize, size: backend.size)
        driver.start()
        var state = driver.state
        while true {
            if backend.terminationRequested {
                driver.handle(.interrupt, size: backend.size)
                return .terminated
            }
            if driver.processPendingResults() { dirty = true }
            if driver.isQuitting { return .quit }
            let now = clock()
            // A clock set back ticks at once too: waiting for it to pass the last tick again
            // would freeze every age and the header's time for as long as it was set back.
            let sinceTick = now.timeIntervalSince(lastTick)
            if sinceTick >= tickInterval || sinceTick < 0 {
                lastTick = now
                driver.tick(now: now)
                dirty = true
            }
            if dirty {
                driver.fitPage(to: backend.size)
                state = driver.state
                let frame = BrowserView.render(state, size: backend.size, color: backend.supportsColor)
                if frame != lastFrame {
                    backend.present(frame)
                    lastFrame = frame
                }
                dirty = false
            }
            guard let key = backend.readKey(timeoutMilliseconds: pollMilliseconds) else { continue }
            // A result that arrived while the key was awaited is applied first: the key acts on
            // what the user saw (a refresh that landed is over, so `r` starts the next one).
            if driver.processPendingResults() {
                dirty = true
                state = driver.state
            }
            let command = Layout.isTooSmall(backend.size)
                ? KeyMap.tooSmallCommand(for: key)
                : KeyMap.command(for: key, state: state)
            guard let command else { continue }
            if command == .redraw {
                backend.repaintAll()
                if let lastFrame { backend.present(lastFrame) }
                continue
            }
            driver.handle(command, size: backend.size)
            if command == .interrupt || driver.isQuitting { return .quit }
            dirty = true
        }
    }
}
