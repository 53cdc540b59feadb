#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What the program hands its model, one at a time (Bubble Tea's `Msg`).
public enum ProgramEvent<Timer: Hashable & Sendable>: Equatable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A click or the wheel.
    case mouse(MouseEvent)
    /// The terminal's size now: the first event of every run, and each change after it.
    case resize(TerminalSize)
    /// SIGINT, SIGTERM or SIGHUP asked the program to end: the last event of the run.
    case terminate
    /// These timers' deadlines came (or the clock was set back, which makes every deadline on
    /// the old clock meaningless); `now` is the clock's reading.
    case timers([Timer], now: Date)
    /// The model's wake-up descriptor is readable: its own messages wait.
    case wake
}

/// What the model answers an event with.
public enum ProgramCommand: Equatable, Sendable {
    /// Nothing a frame shows changed.
    case none
    /// Draw a frame (the backend sends only what changed).
    case draw
    /// Paint every cell of the next frame again (another program wrote over the screen).
    case repaint
    /// End the run.
    case quit
}

/// How a program's run ended.
public enum ProgramExit: Equatable, Sendable {
    /// The model asked to (`q`, Ctrl-C).
    case quit
    /// SIGINT / SIGTERM / SIGHUP.
    case terminated
}

/// A frame: the screen, and the terminal's title (nil: leave it as it is).
public struct ProgramFrame {
    public var screen: ScreenBuffer
    public var title: String?

    public init(screen: ScreenBuffer, title: String? = nil) {
        self.screen = screen
        self.title = title
    }
}

/// What a `Program` runs: the state of an app on a terminal, changed only by events, and the
/// frame it shows.
public protocol ProgramModel: AnyObject {
    /// The names of the model's timers.
    associatedtype Timer: Hashable & Sendable
    /// Readable while the model's own messages wait (a mailbox's pipe); the program waits on it
    /// beside the terminal and the nearest deadline. Nil: the model has none.
    var wakeDescriptor: Int32? { get }
    /// The terminal is the program's and the model has had its size (`.resize`): the model
    /// starts its work, and keeps `context` to schedule timers and notify.
    func start(_ context: ProgramContext<Timer>)
    /// Applies one event.
    func update(_ event: ProgramEvent<Timer>) -> ProgramCommand
    /// The frame for a terminal of `size`.
    func view(size: TerminalSize, color: Bool) -> ProgramFrame
}

/// What a model may ask of its program between frames, on the program's thread: timers and
/// desktop notifications.
public final class ProgramContext<Timer: Hashable & Sendable> {
    var timers = TimerQueue<Timer>()
    private let backend: TerminalBackend

    init(backend: TerminalBackend) { self.backend = backend }

    /// `id` comes due at `deadline` (in place of any deadline it had): the model gets `.timers`
    /// once the clock reaches it.
    public func schedule(_ id: Timer, at deadline: Date) { timers.schedule(id, at: deadline) }

    /// `id` does not come due.
    public func cancel(_ id: Timer) { timers.cancel(id) }

    /// The deadline `id` has, if any.
    public func deadline(of id: Timer) -> Date? { timers.deadline(of: id) }

    /// Writes a desktop notification between frames.
    public func notify(_ notification: TerminalNotification) { backend.notify(notification) }
}

/// The one loop: it owns the terminal, waits in one wait on the terminal's input, the model's
/// wake-up descriptor and the nearest deadline, hands whatever came to the model as events, and
/// presents the model's frame when it asks (the backend sends only what changed). As Bubble
/// Tea's `Program` and ratatui's `Terminal::draw`; the model has no loop of its own.
public final class Program<Model: ProgramModel> {
    private let model: Model
    private let backend: TerminalBackend
    private let clock: () -> Date

    /// `clock`: what time it is, for the deadlines (tests pass one they move on by hand).
    public init(model: Model, backend: TerminalBackend, clock: @escaping () -> Date = Date.init) {
        self.model = model
        self.backend = backend
        self.clock = clock
    }

    /// The longest wait without a deadline: the clock is read again at least this often.
    static var longestWaitMilliseconds: Int { 3_600_000 }

    /// Milliseconds from `now` to `deadline`, rounded up (a wait never ends before its deadline),
    /// within 0 and `longestWaitMilliseconds`.
    static func milliseconds(from now: Date, to deadline: Date?) -> Int {
        guard let deadline else { return longestWaitMilliseconds }
        let milliseconds = (deadline.timeIntervalSince(now) * 1000).rounded(.up)
        guard milliseconds.isFinite else { return milliseconds > 0 ? longestWaitMilliseconds : 0 }
        return Int(min(max(milliseconds, 0), Double(longestWaitMilliseconds)))
    }

    /// Takes over the terminal, runs until the model quits or a signal ends it, and always hands
    /// the terminal back.
    @discardableResult
    public func run() throws(TerminalError) -> ProgramExit {
        try backend.start()
        defer { backend.stop() }
        let context = ProgramContext<Model.Timer>(backend: backend)
        var lastReading = clock()
        var draw = true, repaint = false
        /// Applies `event`; true when the model asked to end.
        func deliver(_ event: ProgramEvent<Model.Timer>) -> Bool {
            switch model.update(event) {
            case .none: return false
            case .draw: draw = true
            case .repaint: repaint = true
            case .quit: return true
            }
            return false
        }
        if deliver(.resize(backend.size)) { return .quit }
        model.start(context)
        while true {
            if wakeWaiting(), deliver(.wake) { return .quit }
            let now = clock()
            // A clock set back (by hand, NTP after a suspend) makes every deadline on the old clock
            // meaningless: they all come at once, and the model asks again on the new clock.
            let due = now < lastReading ? context.timers.popAll() : context.timers.popDue(at: now)
            lastReading = now
            if !due.isEmpty, deliver(.timers(due, now: now)) { return .quit }
            if repaint {
                backend.repaintAll()
                draw = true
                repaint = false
            }
            if draw {
                let size = backend.size
                let frame = model.view(size: size, color: backend.supportsColor)
                backend.present(frame.screen)
                if let title = frame.title { backend.setTitle(title) }
                draw = false
            }
            let timeout = Self.milliseconds(from: now, to: context.timers.nextDeadline())
            for input in backend.waitForInput(timeoutMilliseconds: timeout, wake: model.wakeDescriptor) {
                guard case .key(let key) = input else {
                    _ = deliver(.terminate)
                    return .terminated
                }
                // What the model's own work sent while the key was awaited comes first: the key
                // acts on what was on screen.
                if wakeWaiting(), deliver(.wake) { return .quit }
                let event: ProgramEvent<Model.Timer> = switch key {
                case .resize: .resize(backend.size)
                case .mouse(let mouse): .mouse(mouse)
                default: .key(key)
                }
                if deliver(event) { return .quit }
            }
        }
    }

    /// Whether the model's wake-up descriptor is readable now.
    private func wakeWaiting() -> Bool {
        guard let descriptor = model.wakeDescriptor else { return false }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 1 && watched.revents & Int16(POLLIN) != 0
    }
}
