
/// What a `Program` needs from a terminal; the ncurses backend and `InMemoryBackend` implement it.
public protocol TerminalBackend: AnyObject {
    /// The current size (updated after a `.resize` event).
    var size: TerminalSize { get }
    /// Whether colours will be shown (false with `--no-color` or a monochrome terminal).
    var supportsColor: Bool { get }
    /// Takes over the terminal.
    func start() throws(TerminalError)
    /// Hands the terminal back as it was; safe to call twice.
    func stop()
    /// Shows `buffer`, sending only what changed since the last frame presented (nothing for the
    /// same frame): the caller hands over every frame it draws and compares none itself.
    func present(_ buffer: ScreenBuffer)
    /// Forgets what the terminal shows, so the next `present` paints every cell (Ctrl-L: another
    /// program wrote over the screen).
    func repaintAll()
    /// Waits until input comes, `wake` (a descriptor of the caller's, e.g. a `Wakeup` pipe's) becomes
    /// readable, a signal arrives, or `timeoutMilliseconds` pass, whichever is first; then answers
    /// every key already typed, in order (none after a wake-up or a timeout). A change of the
    /// terminal's size is one `.resize` among them, after which `size` is the newest; a request to
    /// end (SIGINT, SIGTERM, SIGHUP) is `.terminate`, after the keys.
    func waitForInput(timeoutMilliseconds: Int, wake: Int32?) -> [TerminalInput]
    /// Writes a desktop notification's bytes between frames (docs/spec.md §5 "A word when it matters").
    func notify(_ notification: TerminalNotification)
    /// Shows `title` as the terminal's title, once the terminal's own title is kept to be given
    /// back by `stop` (nothing when it is the title shown already). A terminal that has no title
    /// ignores it.
    func setTitle(_ title: String)
}

/// What a terminal's wait brings.
public enum TerminalInput: Equatable, Sendable {
    /// A key, a mouse report or a resize.
    case key(KeyEvent)
    /// SIGINT, SIGTERM or SIGHUP asked the program to end.
    case terminate
}

extension TerminalBackend {
    /// A terminal that shows no notification ignores it.
    public func notify(_ notification: TerminalNotification) {}
    /// A terminal without a title: nothing to show or give back.
    public func setTitle(_ title: String) {}
}
