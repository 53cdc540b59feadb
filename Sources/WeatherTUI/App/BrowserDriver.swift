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
    /// Applies a key command (already mapped by `KeyMap`); `size` is the terminal's current size.
    func handle(_ command: KeyCommand, size: TerminalSize)
    /// Called before each frame is drawn at `size`: keeps the core's page size equal to the rows
    /// the layout gives the list now (a banner or the filter row may have taken one), so the
    /// frame never shows a scroll offset clamped to a stale height.
    func fitPage(to size: TerminalSize)
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

    public func processPendingResults() -> Bool { store.processPendingResults() }

    public func woke(_ ids: [WakeID], now: Date) { store.woke(ids, now: now) }

    public func scheduleWakes(_ scheduler: WakeScheduler) { store.scheduler = scheduler }

    public func now() -> Date { store.now }

    /// The page is fitted first so that PgUp/PgDn move by the rows on screen at `size` (a resize
    /// has no action of its own: fitting the page is all it asks of the core).
    public func handle(_ command: KeyCommand, size: TerminalSize) {
        fitPage(to: size)
        if let action = command.action ?? Self.pointedAction(for: command, state: store.state, size: size) {
            store.send(action)
        }
    }

    /// Sends `.pageRows` when the layout's list height at `size` is not the core's page size.
    public func fitPage(to size: TerminalSize) {
        if let action = Self.pageAction(for: store.state, size: size) { store.send(action) }
    }

    /// `.pageRows` with the list's rows for `state` at `size`, or nil when the core already has them.
    public static func pageAction(for state: State, size: TerminalSize) -> Action? {
        let rows = Layout.pageRows(size: size, state: state)
        return rows == state.pageRows ? nil : .pageRows(rows)
    }
}
