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
    /// Simulates SIGTERM: once true, `terminationRequested` reports it.
    public var terminationRequested = false
    /// When the script runs out: request termination (so a test's run loop ends) or keep returning nil.
    public var terminateWhenScriptEnds: Bool
    public private(set) var isStarted = false
    public private(set) var stopCount = 0
    /// Number of waits that delivered no key (idle ticks).
    public private(set) var idleReads = 0
    /// After the script: idle reads (each waiting a few milliseconds, as a real key poll does)
    /// before termination is requested, so background results can arrive.
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

    /// One scripted key a call (a wake-up or a timeout waits at most 10 ms).
    public func waitForKeys(timeoutMilliseconds: Int, wake: Int32?) -> [KeyEvent] {
        waits.append(timeoutMilliseconds)
        guard !scriptedKeys.isEmpty else {
            idleReads += 1
            if idleReads <= idleReadsBeforeTermination {
                usleep(UInt32(min(max(timeoutMilliseconds, 0), 10)) * 1000)
            } else if terminateWhenScriptEnds {
                terminationRequested = true
            }
            return []
        }
        let key = scriptedKeys.removeFirst()
        if key == .resize, !pendingSizes.isEmpty { size = pendingSizes.removeFirst() }
        return [key]
    }
}

extension InMemoryBackend {
    public func notify(_ notification: TerminalNotification) {
        notificationBytes.append(notification.bytes(notificationDialect, inTmux: inTmux))
    }
}
