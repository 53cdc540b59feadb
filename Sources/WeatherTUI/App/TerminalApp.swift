import WeatherCore
import WeatherSource
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminalKit

/// The run loop: one thread owns the terminal and the state. It sleeps in one wait on the
/// terminal's input, the store's wake-up (a result to apply), signals and the next clock tick, and
/// handles whichever comes the moment it comes: keys and resizes become commands, results are
/// applied, and the frame is drawn and handed to the backend, which sends what changed. It never
/// waits on the network.
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
    private let tickInterval: TimeInterval
    private let clock: () -> Date
    private let glyphs: GlyphSet

    /// `tickInterval`: ages and clocks move on at each multiple of it on the clock (every minute,
    /// on the minute, as the header shows minutes). `glyphs`: what the terminal's font shows.
    public init(driver: BrowserDriver, backend: TerminalBackend, tickInterval: TimeInterval = 60, clock: @escaping () -> Date = Date.init,
                glyphs: GlyphSet = .unicode) {
        self.driver = driver
        self.backend = backend
        self.glyphs = glyphs
        self.tickInterval = tickInterval
        self.clock = clock
    }

    /// The first multiple of `interval` on the clock after `date`.
    static func nextTick(after date: Date, every interval: TimeInterval) -> Date {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, interval > 0 else { return date.addingTimeInterval(max(interval, 1)) }
        return Date(timeIntervalSince1970: ((seconds / interval).rounded(.down) + 1) * interval)
    }

    /// When the loop next ticks: the next minute, or sooner the instant an automatic refresh falls
    /// due (a due time already ticked at, or past, waits for the minute: it never spins).
    static func wakeTime(refreshDue: Date?, lastTick: Date, nextTick: Date) -> Date {
        guard let refreshDue, refreshDue > lastTick else { return nextTick }
        return min(refreshDue, nextTick)
    }

    /// Takes over the terminal, runs until quit or a termination signal, and always hands it back.
    @discardableResult
    public func run() throws(TerminalError) -> Exit {
        try backend.start()
        defer { backend.stop() }
        var lastFrame: ScreenBuffer?
        var lastTick = clock()
        var nextTick = Self.nextTick(after: lastTick, every: tickInterval)
        var dirty = true
        driver.handle(.resize, size: backend.size)
        // Notifications go out between frames, on this thread, the backend's.
        driver.sendNotifications { [backend] note in backend.notify(TerminalNotification(title: note.title, body: note.body)) }
        driver.start()
        var state = driver.state
        while true {
            if backend.terminationRequested {
                driver.handle(.send(.interrupt), size: backend.size)
                return .terminated
            }
            if driver.processPendingResults() { dirty = true }
            if driver.isQuitting { return .quit }
            let now = clock()
            // The clock ticks on the minute, and at the instant an automatic refresh falls due
            // (once: a due time already ticked at waits for the minute).
            var wakeAt = Self.wakeTime(refreshDue: driver.state.refreshPlan.next, lastTick: lastTick, nextTick: nextTick)
            // A clock set back ticks at once too: waiting for it to pass the next tick again
            // would freeze every age and the header's time for as long as it was set back.
            if now >= wakeAt || now < lastTick {
                lastTick = now
                nextTick = Self.nextTick(after: now, every: tickInterval)
                driver.tick(now: now)
                wakeAt = Self.wakeTime(refreshDue: driver.state.refreshPlan.next, lastTick: lastTick, nextTick: nextTick)
                dirty = true
            }
            if dirty {
                state = driver.state
                // Handed over whatever it holds: the backend compares it with what the terminal shows
                // and sends only what changed (nothing for the same frame).
                let frame = BrowserView.render(state, screen: driver.layOut(at: backend.size), size: backend.size, color: backend.supportsColor,
                                               glyphs: glyphs)
                backend.present(frame)
                // `--title`: the home place's weather; the backend sends only a title that changed.
                if let title = TerminalTitle.text(of: state, glyphs: glyphs) { backend.setTitle(title) }
                lastFrame = frame
                dirty = false
            }
            let untilTick = max(0, wakeAt.timeIntervalSince(now) * 1000).rounded(.up)
            let keys = backend.waitForKeys(timeoutMilliseconds: Int(min(untilTick, 3_600_000)), wake: driver.wakeDescriptor)
            for key in keys {
                // A result that arrived while the key was awaited is applied first: the key acts on
                // what the user saw (a refresh that landed is over, so `r` starts the next one).
                if driver.processPendingResults() { dirty = true }
                state = driver.state
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
                if command == .send(.interrupt) || driver.isQuitting { return .quit }
                dirty = true
            }
        }
    }
}
