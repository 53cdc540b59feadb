import CNcursesw
#if canImport(Glibc)
import Glibc
#endif
import EssentialsSupport
import TerminalKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The real terminal: ncurses (wide-character build), presenting only the cells that changed
/// since the frame it presented last (the program compares frames here and nowhere else).
///
/// The only type that imports `CNcursesw`. All calls must come from one thread (the run loop's).
public final class NcursesBackend: TerminalBackend {
    private let noColor: Bool
    /// The colour of each slot the app's styles name.
    private let palette: Palette
    private let output: UnsafeMutablePointer<FILE>?
    private let input: UnsafeMutablePointer<FILE>?
    private let terminalName: String?
    private let handlesSignals: Bool
    private let reportsMouse: Bool
    /// Characters read after an `ESC` that turned out not to be a mouse report: keys still to deliver.
    private var pendingKeys: [KeyEvent] = []
    private var outputFile: UnsafeMutablePointer<FILE>?
    private var inputDescriptor: Int32 = STDIN_FILENO
    private var outputDescriptor: Int32 = STDOUT_FILENO
    /// Written to by the signal handlers, so a signal wakes the wait (nil without handlers).
    private var signalWake: Wakeup?
    private var screen: OpaquePointer?
    private var lastPresented: ScreenBuffer?
    /// The title set last; nil while the terminal's own is shown.
    private var shownTitle: String?
    public private(set) var size = TerminalSize(columns: 80, rows: 24)
    public private(set) var supportsColor = false
    /// Colours in use: the terminal's count, 0 without colour.
    public private(set) var colorCount = 0
    /// The notification sequence the terminal understands, and whether tmux is between (the
    /// executable decides both from the environment).
    public var notificationDialect: TerminalNotification.Dialect = .osc777
    public var inTmux = false

    /// The interactive terminal on stdin/stdout; refuses a non-terminal stdout (`TerminalError.notATerminal`).
    /// `mouse`: the terminal reports clicks and the wheel (SGR 1006) while the program runs;
    /// without it the mouse stays the terminal's (selecting text).
    public init(palette: Palette, noColor: Bool, mouse: Bool = true) {
        self.palette = palette
        self.noColor = noColor
        reportsMouse = mouse
        output = nil
        input = nil
        terminalName = nil
        handlesSignals = true
    }

    /// A terminal writing to `output` and reading `input` (tests and the byte benchmark: point
    /// `output` at a file); no tty check, no signal handlers.
    public init(output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, terminalName: String? = nil, palette: Palette,
                noColor: Bool = false, mouse: Bool = false) {
        self.palette = palette
        self.noColor = noColor
        reportsMouse = mouse
        self.output = output
        self.input = input
        self.terminalName = terminalName
        handlesSignals = false
    }

    deinit { stop() }

    /// Whether SIGINT/SIGTERM/SIGHUP asked the program to end.
    public var terminationRequested: Bool { cnc_pending_signal() != 0 }

    /// Sets a UTF-8 locale before ncurses starts: the user's if it is UTF-8, else `C.UTF-8`.
    static func setUTF8Locale() {
        setlocale(LC_ALL, "")
        let codeset = cnc_codeset().map { String(cString: $0) } ?? ""
        // Not Foundation's `replacingOccurrences`: four conformance scans at every start (docs/platform.md).
        let normalized = codeset.lowercased().filter { $0 != "-" }
        if normalized != "utf8" {
            if setlocale(LC_ALL, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.utf8") }
        }
    }

    /// ncurses has one current screen a process (its terminfo, `SP`, `stdscr`): a backend started
    /// while another runs would draw into the other's. A start waits for the running one's stop
    /// (the program has one; tests start many, in parallel).
    nonisolated(unsafe) private static let oneScreen: UnsafeMutablePointer<sem_t> = {
        let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 1)
        return semaphore
    }()

    public func start() throws(TerminalError) {
        guard screen == nil else { return }
        while sem_wait(Self.oneScreen) != 0 && errno == EINTR {}
        do throws(TerminalError) { try startScreen() } catch {
            sem_post(Self.oneScreen)
            throw error
        }
    }

    private func startScreen() throws(TerminalError) {
        Self.setUTF8Locale()
        let out: UnsafeMutablePointer<FILE>
        let inp: UnsafeMutablePointer<FILE>
        if let output, let input {
            out = output
            inp = input
        } else {
            guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else { throw .notATerminal }
            guard let o = cnc_stdout(), let i = cnc_stdin() else { throw .notATerminal }
            out = o
            inp = i
        }
        let name = terminalName ?? ProcessInfo.processInfo.environment["TERM"]
        guard let name, !name.isEmpty else { throw .unknownTerminal(nil) }
        // setupterm with an error out-parameter reports an unknown TERM instead of exiting like initscr.
        var status: Int32 = 0
        if setupterm(name, fileno(out), &status) != cnc_ok() {
            throw status == 0 ? .unknownTerminal(name) : .cannotInitialize("no terminfo database for \"\(name)\"")
        }
        // A terminal that cannot move the cursor (TERM=dumb, a hard-copy or an emacs shell) cannot show a screen.
        guard cnc_can_address_cursor() != 0 else { throw .tooLimited(name) }
        guard let scr = newterm(name, out, inp) else { throw .unknownTerminal(name) }
        screen = scr
        set_term(scr)
        set_escdelay(25)
        cbreak()
        noecho()
        nonl()
        let win = cnc_stdscr()
        keypad(win, true)
        intrflush(win, false)
        curs_set(0)
        // tmux and others send these for Home/End whatever terminfo says (xterm-256color has \EOH/\EOF).
        for (sequence, code) in [("\u{1b}[1~", KEY_HOME), ("\u{1b}[4~", KEY_END), ("\u{1b}[7~", KEY_HOME), ("\u{1b}[8~", KEY_END),
                                 ("\u{1b}[H", KEY_HOME), ("\u{1b}[F", KEY_END), ("\u{1b}OH", KEY_HOME), ("\u{1b}OF", KEY_END)] {
            define_key(sequence, code)
        }
        if !noColor, has_colors() {
            start_color()
            use_default_colors()
            defineColorPairs()
            supportsColor = true
            colorCount = Int(cnc_colors())
        }
        size = TerminalSize(columns: Int(cnc_cols()), rows: Int(cnc_lines()))
        lastPresented = nil
        pendingKeys = []
        outputFile = out
        inputDescriptor = fileno(inp)
        outputDescriptor = fileno(out)
        if handlesSignals {
            cnc_install_signal_handlers()
            signalWake = Wakeup()
            cnc_set_wake_fd(signalWake?.writeDescriptor ?? -1)
            cnc_chain_sigwinch()
        }
        // Written straight to the terminal: ncurses' own mouse support follows terminfo's kmous,
        // which for most terminals means the old X10 reports (no release, nothing past column 223).
        if reportsMouse {
            // Terminfo's kmous is `\E[<` in newer xterm entries: ncurses would swallow the report
            // as KEY_MOUSE and decode it only under its own mousemask. Unbound, the report reaches
            // the key reader as text, parsed the same way whatever the terminal's entry says.
            define_key("\u{1b}[<", 0)
            cnc_mouse_reporting(out, 1)
        }
    }

    public func stop() {
        guard let scr = screen else { return }
        if handlesSignals {
            cnc_set_wake_fd(-1)
            cnc_unchain_sigwinch()
            signalWake = nil
        }
        if reportsMouse, let outputFile { cnc_mouse_reporting(outputFile, 0) }
        curs_set(1)
        // Without an alternate screen (TERM=linux, vt100) the last frame would stay under the
        // shell's prompt: clear it.
        let clears = cnc_has_alternate_screen() == 0
        if clears {
            wclear(cnc_stdscr())
            wrefresh(cnc_stdscr())
        }
        endwin()
        if clears, let outputFile { cnc_clear_screen(outputFile) }
        if shownTitle != nil, let outputFile {
            // The title the terminal had before, from its stack.
            fputs(Self.popTitle, outputFile)
            fflush(outputFile)
            shownTitle = nil
        }
        delscreen(scr)
        screen = nil
        if handlesSignals { cnc_restore_signal_handlers() }
        sem_post(Self.oneScreen)
    }

    /// Sets the size of a headless terminal (the benchmark's 90×40 / 140×40 frames).
    public func resize(to newSize: TerminalSize) {
        guard screen != nil else { return }
        resizeterm(Int32(newSize.rows), Int32(newSize.columns))
        size = TerminalSize(columns: Int(cnc_cols()), rows: Int(cnc_lines()))
        lastPresented = nil
    }

    // MARK: Colours

    private func defineColorPairs() {
        let colors = Int(cnc_colors())
        // A slot's colour pair is its number; -1 is the terminal's default colour.
        for slot in palette.colors.keys where slot != .plain {
            init_pair(Int16(slot.rawValue), palette.number(of: slot, colors: colors) ?? -1, -1)
        }
    }

    private func attributes(for style: Style) -> (attr_t, Int16) {
        var a = cnc_a_normal()
        // A bright colour of a terminal of 8 is its basic colour in bold (`Palette.Color.bright`).
        if style.bold || (supportsColor && palette.isBold(style.color, colors: colorCount)) { a |= cnc_a_bold() }
        if style.reverse { a |= cnc_a_reverse() }
        if style.dim { a |= cnc_a_dim() }
        if style.underline { a |= cnc_a_underline() }
        // A slot the palette does not name has no pair: the default colours.
        let pair: Int16 = supportsColor && style.color != .plain && palette.colors[style.color] != nil ? Int16(style.color.rawValue) : 0
        return (a, pair)
    }

    // MARK: Drawing

    public func present(_ buffer: ScreenBuffer) {
        guard screen != nil else { return }
        let win = cnc_stdscr()
        if let last = lastPresented, last.width != buffer.width || last.height != buffer.height {
            clearok(cnc_curscr(), true)
        }
        // The program's one comparison of frames: nothing changed, nothing sent, no refresh.
        let runs = buffer.changedRuns(since: lastPresented)
        guard !runs.isEmpty else { return }
        var text: [wchar_t] = []
        text.reserveCapacity(buffer.width + 1)
        for run in runs {
            var x = run.x
            let end = run.x + run.count
            while x < end {
                // One segment: consecutive cells of one style whose width ncurses agrees with.
                let style = buffer[x, run.y].style
                let segmentStart = x
                text.removeAll(keepingCapacity: true)
                var mismatch = false
                while x < end {
                    let cell = buffer[x, run.y]
                    if cell.style != style { break }
                    if cell.isContinuation { x += 1; continue }
                    // ncurses advances by libc's wcwidth of each scalar; draw only what agrees with our layout.
                    let grapheme = cell.isCluster ? buffer.grapheme(x: x, y: run.y) : nil
                    var libcWidth = 0
                    if let grapheme {
                        for s in grapheme.unicodeScalars { libcWidth += max(0, Int(wcwidth(wchar_t(bitPattern: s.value)))) }
                    } else {
                        libcWidth = Int(wcwidth(wchar_t(bitPattern: cell.scalar.value)))
                    }
                    if libcWidth != Int(cell.width) {
                        if x == segmentStart { mismatch = true }
                        break
                    }
                    if let grapheme {
                        for s in grapheme.unicodeScalars { text.append(wchar_t(bitPattern: s.value)) }
                    } else {
                        text.append(wchar_t(bitPattern: cell.scalar.value))
                    }
                    x += Int(cell.width)
                }
                let (attr, pair) = attributes(for: style)
                wattr_set(win, attr, pair, nil)
                if mismatch {
                    // libc and our width table disagree on this grapheme (☀️ with its variation
                    // selector, a family joined by ZWJ): draw its first glyph libc gives columns
                    // that fit (☀, 👨), padded to the width the layout expects, so ncurses' cursor
                    // stays in step; `?` only where no glyph of it fits.
                    let cell = buffer[x, run.y]
                    let scalars = cell.isCluster ? Array(buffer.grapheme(x: x, y: run.y).unicodeScalars) : [cell.scalar]
                    var filler: [wchar_t] = [0x3F]
                    var used = 1
                    for scalar in scalars {
                        let w = Int(wcwidth(wchar_t(bitPattern: scalar.value)))
                        if w >= 1 && w <= Int(cell.width) {
                            filler = [wchar_t(bitPattern: scalar.value)]
                            used = w
                            break
                        }
                    }
                    if Int(cell.width) > used { filler += Array(repeating: 0x20, count: Int(cell.width) - used) }
                    filler.append(0)
                    _ = filler.withUnsafeBufferPointer { mvwaddnwstr(win, Int32(run.y), Int32(x), $0.baseAddress, Int32(filler.count - 1)) }
                    x += max(1, Int(cell.width))
                    continue
                }
                if !text.isEmpty {
                    text.append(0)
                    _ = text.withUnsafeBufferPointer { mvwaddnwstr(win, Int32(run.y), Int32(segmentStart), $0.baseAddress, Int32($0.count - 1)) }
                }
            }
        }
        wattr_set(win, cnc_a_normal(), 0, nil)
        wrefresh(win)
        lastPresented = buffer
    }

    // MARK: Title

    /// xterm's window operations: push the window title on the terminal's stack, pop it back.
    /// Terminals without a stack ignore them (the title then stays until the shell sets its own).
    public static let pushTitle = "\u{1b}[22;0t", popTitle = "\u{1b}[23;0t"

    /// OSC 2, the window title: `title` with every control shown as U+FFFD (`TerminalText`), so
    /// no byte of it ends the sequence or starts another.
    public static func titleSequence(_ title: String) -> String {
        "\u{1b}]2;" + TerminalText.printable(title) + "\u{07}"
    }

    public func setTitle(_ title: String) {
        guard screen != nil, let outputFile, title != shownTitle else { return }
        // The first title keeps the terminal's own, which `stop` gives back.
        if shownTitle == nil { fputs(Self.pushTitle, outputFile) }
        fputs(Self.titleSequence(title), outputFile)
        fflush(outputFile)
        shownTitle = title
    }

    /// Ctrl-L: the next `present` clears the terminal and paints every cell.
    public func repaintAll() {
        guard screen != nil else { return }
        clearok(cnc_curscr(), true)
        lastPresented = nil
    }

    // MARK: Input

    public func waitForInput(timeoutMilliseconds: Int, wake: Int32?) -> [TerminalInput] {
        let keys = waitForKeys(timeoutMilliseconds: timeoutMilliseconds, wake: wake).map(TerminalInput.key)
        return terminationRequested ? keys + [.terminate] : keys
    }

    /// `waitForInput`'s keys alone.
    public func waitForKeys(timeoutMilliseconds: Int, wake: Int32?) -> [KeyEvent] {
        guard screen != nil else { return [] }
        let before = size
        var keys = pendingKeys
        pendingKeys = []
        if keys.isEmpty {
            // One wait for everything: typing, the caller's wake-up (a result to apply), a signal
            // (its handler writes to `signalWake`: a resize or a request to end), the timeout.
            var watched = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)]
            if let signalWake { watched.append(pollfd(fd: signalWake.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            if let wake { watched.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&watched, nfds_t(watched.count), Int32(clamping: timeoutMilliseconds))
            signalWake?.drain()
        }
        // Everything typed so far, so a burst is handled at once and ends in the last size.
        wtimeout(cnc_stdscr(), 0)
        while let read = nextKey() {
            if let key = read { keys.append(key) }
            keys += pendingKeys
            pendingKeys = []
        }
        followTerminalSize()
        keys.removeAll { $0 == .resize }
        if size != before { keys.append(.resize) }
        return keys
    }

    /// The next key waiting: nil when none is, `.some(nil)` for input that is no key (a mouse
    /// report the parser does not take).
    private func nextKey() -> KeyEvent?? {
        let win = cnc_stdscr()
        var ch: wint_t = 0
        let result = wget_wch(win, &ch)
        if result == cnc_ok(), ch == 27, reportsMouse { return .some(readAfterEscape()) }
        if result == cnc_key_code_yes() {
            return .some(Self.map(keyCode: Int32(ch)))
        }
        guard result == cnc_ok() else { return nil }
        return .some(Self.map(character: UInt32(ch)))
    }

    /// Takes the size the kernel gives the terminal when ncurses has not caught up with it (a
    /// resize whose signal came while a frame was drawn), and keeps `size` equal to ncurses'.
    private func followTerminalSize() {
        var rows: Int32 = 0, columns: Int32 = 0
        cnc_terminal_size(outputDescriptor, &rows, &columns)
        if rows > 0, columns > 0, rows != cnc_lines() || columns != cnc_cols() {
            resizeterm(rows, columns)
        }
        size = TerminalSize(columns: Int(cnc_cols()), rows: Int(cnc_lines()))
    }

    /// After an `ESC`: a mouse report (`[<b;x;yM`) when the rest of one is already waiting (a
    /// terminal writes it at once), else `Esc`, the characters read meanwhile kept as the next keys.
    private func readAfterEscape() -> KeyEvent? {
        let win = cnc_stdscr()
        wtimeout(win, 0)
        var read: [UInt32] = []
        var text = ""
        while read.count < 32 {
            var ch: wint_t = 0
            let result = wget_wch(win, &ch)
            guard result == cnc_ok() else {
                if result == cnc_key_code_yes(), let key = Self.map(keyCode: Int32(ch)) {
                    pendingKeys = read.compactMap(Self.map(character:)) + [key]
                    return .escape
                }
                break
            }
            read.append(UInt32(ch))
            guard let scalar = Unicode.Scalar(UInt32(ch)) else { break }
            text.unicodeScalars.append(scalar)
            if !"[<".hasPrefix(text), !text.hasPrefix("[<") { break }
            if text.count > 2, scalar == "M" || scalar == "m" {
                if let event = MouseEvent.parseSGR(text.dropFirst(2)) { return .mouse(event) }
                return nil  // a report the parser does not take (motion, sideways wheel)
            }
            if text.count > 2, !(scalar == ";" || ("0"..."9").contains(scalar)) { break }
        }
        pendingKeys = read.compactMap(Self.map(character:))
        return .escape
    }

    /// Maps an ncurses function-key code.
    static func map(keyCode: Int32) -> KeyEvent? {
        switch keyCode {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_RESIZE: return .resize
        default:
            for n in 1...12 where keyCode == cnc_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }

    /// Maps a character read by `get_wch`.
    static func map(character code: UInt32) -> KeyEvent? {
        switch code {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 96)))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// Reads back row `y` of what ncurses holds on screen (headless tests).
    public func screenLine(_ y: Int) -> String {
        guard screen != nil else { return "" }
        var buf = [wchar_t](repeating: 0, count: size.columns * 4 + 1)
        let n = buf.withUnsafeMutableBufferPointer { mvwinnwstr(cnc_stdscr(), Int32(y), 0, $0.baseAddress, Int32(size.columns * 4)) }
        guard n > 0 else { return "" }
        return String(String.UnicodeScalarView(buf.prefix(Int(n)).compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
    }
}

extension NcursesBackend {
    /// Writes the notification's bytes after what ncurses has sent, and sends them at once.
    public func notify(_ notification: TerminalNotification) {
        guard let outputFile else { return }
        fflush(outputFile)
        let bytes = notification.bytes(notificationDialect, inTmux: inTmux)
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, outputFile) }
        fflush(outputFile)
    }
}
