import WeatherCore
import WeatherSource
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminalKit

/// The browser as TerminalKit's `Program` runs it: keys and resizes become commands for the
/// driver, the mailbox's wake-up applies the store's results, the store's wakes are the
/// program's timers, and each frame is drawn from the state. It has no loop of its own.
public final class TerminalApp: ProgramModel {
    /// How the run ended.
    public typealias Exit = ProgramExit

    private let driver: BrowserDriver
    private let backend: TerminalBackend
    private let clock: () -> Date
    private let glyphs: GlyphSet
    /// The terminal's size, from the program's `.resize` events.
    private var size: TerminalSize

    /// `clock`: the program's deadlines' (nil: the driver's, the store's environment's).
    /// `glyphs`: what the terminal's font shows.
    public init(driver: BrowserDriver, backend: TerminalBackend, clock: (() -> Date)? = nil, glyphs: GlyphSet = .unicode) {
        self.driver = driver
        self.backend = backend
        self.glyphs = glyphs
        self.clock = clock ?? { [driver] in driver.now() }
        size = backend.size
    }

    /// Takes over the terminal, runs the program until quit or a termination signal, and always
    /// hands it back.
    @discardableResult
    public func run() throws(TerminalError) -> Exit {
        try Program(model: self, backend: backend, clock: clock).run()
    }

    public var wakeDescriptor: Int32? { driver.wakeDescriptor }

    public func start(_ context: ProgramContext<WakeID>) {
        // Notifications go out between frames, on the program's thread, the backend's.
        driver.sendNotifications { note in context.notify(TerminalNotification(title: note.title, body: note.body)) }
        driver.scheduleWakes(WakeScheduler(schedule: { context.schedule($0, at: $1) }, cancel: { context.cancel($0) }))
        driver.start()
    }

    public func update(_ event: ProgramEvent<WakeID>) -> ProgramCommand {
        switch event {
        case .wake:
            let changed = driver.processPendingResults()
            return driver.isQuitting ? .quit : changed ? .draw : .none
        case .timers(let ids, let now):
            driver.woke(ids, now: now)
            return .draw
        case .terminate:
            driver.handle(.send(.interrupt), size: size)
            return .quit
        case .resize(let newSize):
            size = newSize
            return handle(.resize)
        case .key(let key):
            return press(key)
        case .mouse(let mouse):
            return press(.mouse(mouse))
        }
    }

    /// The frame: the screen state laid out at `size` (the list fitted to the rows the layout gives it), then the views.
    public func view(size: TerminalSize, color: Bool) -> ProgramFrame {
        let state = driver.state
        let screen = BrowserView.render(state, screen: driver.layOut(at: size), size: size, color: color, glyphs: glyphs)
        // `--title`: the home place's weather; the backend sends only a title that changed.
        return ProgramFrame(screen: screen, title: TerminalTitle.text(of: state, glyphs: glyphs))
    }

    private func press(_ key: KeyEvent) -> ProgramCommand {
        let command = Layout.isTooSmall(size) ? KeyMap.tooSmallCommand(for: key) : KeyMap.command(for: key, state: driver.state, overlay: driver.screen.overlay)
        return command.map(handle) ?? .none
    }

    private func handle(_ command: KeyCommand) -> ProgramCommand {
        if command == .redraw { return .repaint }
        driver.handle(command, size: size)
        return command == .send(.interrupt) || driver.isQuitting ? .quit : .draw
    }
}
