#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A terminal double for tests: plays scripted keys and keeps every frame a real backend would
/// have sent something for.
public final class InMemoryBackend: TerminalBackend {
    public private(set) var size: TerminalSize
    public let supportsColor: Bool
    /// Keys still to be delivered, in order; a `.resize` applies the next entry of `pendingSizes`.
    public var scriptedKeys: [KeyEvent]
    /// Sizes applied one by one at each scripted `.resize`.
    public var pendingSizes: [TerminalSize]
    /// Every frame that sent something, oldest first: one that differs from the frame shown
    /// before it (by `changedRuns`, as a real backend decides), or any after `repaintAll`.
    public private(set) var frames: [ScreenBuffer] = []
    /// The bytes of every notification written, oldest first, as a real terminal would get them.
    public private(set) var notificationBytes: [[UInt8]] = []
    /// The sequence and wrapping written (`TerminalNotification.Dialect`, tmux's passthrough).
    public var notificationDialect: TerminalNotification.Dialect = .osc777
    public var inTmux = false
    /// Every title set, oldest first (the same title twice is set once, as a real backend sends it).
    public private(set) var titles: [String] = []
    /// What the terminal shows: nil before the first frame and after `repaintAll`.
    private var shown: ScreenBuffer?
    /// Simulates SIGTERM: once true, the next wait brings `.terminate` at once.
    public var terminationRequested = false
    /// When the script runs out: request termination (so a test's run loop ends) or keep returning nil.
    public var terminateWhenScriptEnds: Bool
    public private(set) var isStarted = false
    public private(set) var stopCount = 0
    /// Number of waits that delivered no key (idle ticks).
    public private(set) var idleReads = 0
    /// After the script: idle waits (each ended by the caller's wake-up or its timeout) before
    /// termination is requested, so background results and timers can arrive.
    public var idleReadsBeforeTermination = 0
    /// Ends the run early (as a signal would) once a presented frame satisfies this.
    public var stopWhen: ((ScreenBuffer) -> Bool)?

    public init(size: TerminalSize = TerminalSize(columns: 80, rows: 24), supportsColor: Bool = true, keys: [KeyEvent] = [], sizes: [TerminalSize] = [], terminateWhenScriptEnds: Bool = true) {
        self.size = size
        self.supportsColor = supportsColor
        scriptedKeys = keys
        pendingSizes = sizes
        self.terminateWhenScriptEnds = terminateWhenScriptEnds
    }

    /// The last presented frame.
    public var lastFrame: ScreenBuffer? { frames.last }

    public func start() throws(TerminalError) { isStarted = true }

    public func setTitle(_ title: String) {
        if titles.last != title { titles.append(title) }
    }

    public func stop() {
        if isStarted { stopCount += 1 }
        isStarted = false
    }

    public func present(_ buffer: ScreenBuffer) {
        guard !buffer.changedRuns(since: shown).isEmpty else { return }
        shown = buffer
        frames.append(buffer)
        if let stopWhen, stopWhen(buffer) { terminationRequested = true }
    }

    /// How many times the run loop asked for a whole repaint (Ctrl-L).
    public private(set) var repaints = 0

    public func repaintAll() {
        repaints += 1
        shown = nil
    }

    /// The timeouts the run loop waited with, in order.
    public private(set) var waits: [Int] = []
    /// The clock a wait's timeout moves on (nil: a wait that nothing wakes lasts its timeout, as
    /// a real terminal's would).
    public var clock: ManualClock?

    /// One scripted key a call, or `.terminate` once termination is requested. After the script, a wait ends when `wake` is readable (the
    /// caller's work posted something) or its timeout passes: on `clock`, at once, moving it on
    /// by the timeout; without one, in real time when there is a `wake` to wait on, else at once
    /// (nothing but time could end it, and a test that wants time passes a clock).
    public func waitForInput(timeoutMilliseconds: Int, wake: Int32?) -> [TerminalInput] {
        waits.append(timeoutMilliseconds)
        // A signal asked already (`stopWhen`, a test's SIGTERM) ends the wait at once, as its
        // wake-up ends a real terminal's.
        if terminationRequested { return [.terminate] }
        guard !scriptedKeys.isEmpty else {
            idleReads += 1
            guard idleReads <= idleReadsBeforeTermination else {
                guard terminateWhenScriptEnds else { return [] }
                terminationRequested = true
                return [.terminate]
            }
            let timeout = max(timeoutMilliseconds, 0)
            if let wake, Self.readable(wake, withinMilliseconds: clock == nil ? timeout : 0) { return [] }
            clock?.advance(by: Double(timeout) / 1000)
            return []
        }
        let key = scriptedKeys.removeFirst()
        if key == .resize, !pendingSizes.isEmpty { size = pendingSizes.removeFirst() }
        return [.key(key)]
    }

    /// Whether `descriptor` becomes readable within `milliseconds`.
    private static func readable(_ descriptor: Int32, withinMilliseconds milliseconds: Int) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, Int32(clamping: milliseconds)) == 1
    }
}

extension InMemoryBackend {
    public func notify(_ notification: TerminalNotification) {
        notificationBytes.append(notification.bytes(notificationDialect, inTmux: inTmux))
    }
}
