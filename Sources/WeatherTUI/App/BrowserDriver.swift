#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import EssentialsSupport
import TerminalKit

/// What `TerminalApp` drives: the app's store seen through key commands and its state.
///
/// The CLI passes `StoreDriver` (over WeatherCore's `Store`); tests pass a small fake.
public protocol BrowserDriver: AnyObject {
    /// Called once the terminal is ours (so nothing starts, e.g. a fetch, when it could not be taken).
    func start()
    /// The state to draw now.
    var state: State { get }
    /// The front end's own state of the screen (which overlay has the keys, the scrolls), as the
    /// last command and action left it.
    var screen: ScreenState { get }
    /// Applies a key command (already mapped by `KeyMap`); `size` is the terminal's current size.
    func handle(_ command: KeyCommand, size: TerminalSize)
    /// Called before each frame is drawn at `size`: the screen state to draw it with, its list
    /// fitted to the rows the layout gives it now (a banner or the filter row may have taken one),
    /// so the frame never shows an offset kept to a stale height.
    func layOut(at size: TerminalSize) -> ScreenState
    /// Applies finished background work; true when something changed (redraw).
    func processPendingResults() -> Bool
    /// The wakes under `ids` came at `now` (the minute, a refresh due, a hold's end).
    func woke(_ ids: [WakeID], now: Date)
    /// Where the store's wakes go: the program's timers.
    func scheduleWakes(_ scheduler: WakeScheduler)
    /// What time it is, by the app's clock (the program's deadlines are on it).
    func now() -> Date
    /// Whether the app asked to quit (after `q`).
    var isQuitting: Bool { get }
    /// Readable when background work has a result waiting: the program waits on it beside the
    /// terminal (nil: there is none).
    var wakeDescriptor: Int32? { get }
    /// Hands the app's notifications (`--notify`) to `send`, which writes them to the terminal.
    func sendNotifications(_ send: @escaping (DesktopNotification) -> Void)
}

extension BrowserDriver {
    public func start() {}
    public var screen: ScreenState { ScreenState() }
    public func layOut(at size: TerminalSize) -> ScreenState { screen.fitted(state, size: size) }
    public var wakeDescriptor: Int32? { nil }
    public func sendNotifications(_ send: @escaping (DesktopNotification) -> Void) {}
    public func scheduleWakes(_ scheduler: WakeScheduler) {}
    public func now() -> Date { Date() }
}

/// The live driver: key commands' `Action`s go to the `Store`; frames are drawn from its `State`.
public final class StoreDriver: BrowserDriver {
    private let store: Store
    private let startsStore: Bool
    private var started = false

    /// Wraps `store`; unless `startsStore` is false, `store.start()` runs once the terminal is taken
    /// (it restores the archive synchronously, so the first frame has data, then fetches if stale).
    public init(store: Store, startsStore: Bool = true) {
        self.store = store
        self.startsStore = startsStore
    }

    public func start() {
        guard startsStore, !started else { return }
        started = true
        store.start()
    }

    public var state: State { store.state }

    public func sendNotifications(_ send: @escaping (DesktopNotification) -> Void) {
        store.notifier = send
    }

    public var isQuitting: Bool { store.isQuitting }

    public var wakeDescriptor: Int32? { store.mailbox.fileDescriptor }

    /// Which overlay is open and where the list, the overlay and the detail are scrolled to: the front end's own.
    public private(set) var screen = ScreenState()

    public func processPendingResults() -> Bool {
        store.processPendingResults { action, state in screen.follow(state, after: action) }
    }

    public func woke(_ ids: [WakeID], now: Date) {
        store.woke(ids, now: now)
        screen.follow(store.state)
    }

    public func scheduleWakes(_ scheduler: WakeScheduler) { store.scheduler = scheduler }

    public func now() -> Date { store.now }


    /// The screen state takes the command's part at `size` (the page it fits, a scroll, what a
    /// click is on) and passes on the action it asks of the core.
    public func handle(_ command: KeyCommand, size: TerminalSize) {
        if let action = screen.resolve(command, state: store.state, size: size) { send(action) }
    }

    public func layOut(at size: TerminalSize) -> ScreenState {
        screen.layOut(store.state, size: size)
        return screen
    }

    /// Applies `action`; the screen state follows what it did.
    private func send(_ action: Action) {
        store.send(action)
        screen.follow(store.state, after: action)
    }
}
