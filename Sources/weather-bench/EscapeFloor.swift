import TerminalKit
import TerminalNcurses
import WeatherTUI

/// The fewest bytes a terminal writer could send to turn one frame into the next on an
/// xterm-compatible terminal: the baseline against which `scripts/bench render` sets the bytes
/// ncurses writes, so that a figure says how much is the writer's and how much the change's own.
///
/// The model is generous to the writer, so that a real one should not go below it (a test holds
/// ncurses to that over a session through every screen):
/// - every changed grapheme is sent as its UTF-8 bytes, a run of one repeated grapheme as one
///   copy and `REP` when shorter; blanks are erased where that is shorter: by `ECH` over their
///   whole stretch (the cursor counted as moved on), by `EL` when only blanks follow or precede
///   on the row, by `ED` when only blanks follow on the screen;
/// - a changed row that equals another row of the old frame costs 3 bytes for each block of
///   such rows moved by the same distance, as if one scroll brought them;
/// - the cursor reaches the next changed cell by the shortest of `CUP`, `VPA`/`CUU`/`CUD`/`LF`
///   with `CHA`/`CUF`/`CUB`/`BS`/`CR`/`HT`, or by sending the unchanged cells between again
///   (their bytes only); the first move of a frame is a `CUP`, nothing being known of the cursor;
/// - a change of rendition is one `SGR` with the fewest parameters (from the current state, or
///   from a reset: an empty first parameter), and a blank that is neither reversed nor underlined
///   shows no attribute, so it needs none; the frame need not end with a reset.
struct EscapeFloor: Sendable {
    /// Colours the terminal has: 256, 8, or 0 for none.
    let colors: Int
    /// The slots' colours, as `NcursesBackend` is given them.
    let palette: Palette

    init(colors: Int, palette: Palette = ColorRole.palette) {
        self.colors = colors
        self.palette = palette
    }

    /// The floor for writing `new` over `old` (over a frame of another size: after clearing the screen).
    func bytes(from old: ScreenBuffer, to new: ScreenBuffer) -> Int {
        guard old.width == new.width, old.height == new.height else {
            return 4 + bytes(from: ScreenBuffer(width: new.width, height: new.height), to: new)  // ESC[2J
        }
        let shifted = Self.shiftedRows(from: old, to: new)
        // Rows brought by one scroll cost one short control sequence for the whole block.
        var total = 3 * Self.blocks(shifted)
        // Where the frame's last visible cell is, overall and per row: past it, ED and EL erase.
        var lastShown = -1
        var lastShownInRow = [Int](repeating: -1, count: new.height)
        var firstShownInRow = [Int](repeating: new.width, count: new.height)
        for y in 0..<new.height {
            for x in 0..<new.width where !Self.isPlainBlank(new[x, y]) {
                firstShownInRow[y] = min(firstShownInRow[y], x)
                lastShownInRow[y] = x
                lastShown = y * new.width + x
            }
        }
        var cursor: (x: Int, y: Int)?
        var current = Rendition.normal
        for y in 0..<new.height where shifted[y] == nil {
            var x = 0
            while x < new.width {
                let cell = new[x, y]
                let span = max(1, Int(cell.width))
                guard !cell.isContinuation, changed(new, old, x: x, y: y, span: span), !Self.invisible(old[x, y], cell) else {
                    x += 1
                    continue
                }
                if Self.isPlainBlank(cell) {
                    // Blanks: erased rather than written where that is shorter.
                    if y * new.width + x > lastShown {
                        return total + moveCost(from: cursor, toX: x, y: y, in: new) + 3   // ESC[J
                    }
                    if x > lastShownInRow[y] {
                        total += moveCost(from: cursor, toX: x, y: y, in: new) + 3         // ESC[K
                        cursor = (x, y)
                        break
                    }
                    if x < firstShownInRow[y] {
                        let last = firstShownInRow[y] - 1                                   // ESC[1K from there
                        total += moveCost(from: cursor, toX: last, y: y, in: new) + 3
                        cursor = (last, y)
                        x = last + 1
                        continue
                    }
                    total += moveCost(from: cursor, toX: x, y: y, in: new)
                    var region = 1, changedRun = 1
                    while x + region < new.width, Self.isPlainBlank(new[x + region, y]) { region += 1 }
                    while changedRun < region, new[x + changedRun, y] == cell, changed(new, old, x: x + changedRun, y: y, span: 1) {
                        changedRun += 1
                    }
                    // ECH over the whole stretch, or every changed blank in it written (and the
                    // unchanged ones between stepped over): the shorter.
                    let erase = Self.csi(region)
                    var writeAll = 0, c = x
                    while c < x + region {
                        var run = 0, gap = 0
                        while c + gap < x + region, !changed(new, old, x: c + gap, y: y, span: 1) { gap += 1 }
                        while c + gap + run < x + region, changed(new, old, x: c + gap + run, y: y, span: 1) { run += 1 }
                        if run > 0 { writeAll += min(gap, Self.csi(gap)) + Self.repeated(run, bytes: 1) }
                        c += gap + run
                    }
                    let write = Self.repeated(changedRun, bytes: 1)
                    total += erase <= writeAll ? erase : write
                    x += erase <= writeAll ? region : changedRun
                    cursor = x < new.width ? (x, y) : nil
                    continue
                }
                total += moveCost(from: cursor, toX: x, y: y, in: new)
                // A run of the same grapheme, each changed: one copy and REP.
                var count = 1
                while !cell.isCluster, span == 1, x + count < new.width, new[x + count, y] == cell,
                      changed(new, old, x: x + count, y: y, span: 1) {
                    count += 1
                }
                let wanted = rendition(cell.style)
                total += Self.sgrCost(from: current, to: wanted)
                current = wanted
                total += Self.repeated(count, bytes: new.utf8Count(y * new.width + x))
                x += span * count
                cursor = x < new.width ? (x, y) : nil
            }
        }
        return total
    }

    /// For each row of `new` that changed but equals another row of `old` (not a blank one), how
    /// far it moved: what a scroll of the region between could bring (nil: not so).
    static func shiftedRows(from old: ScreenBuffer, to new: ScreenBuffer) -> [Int?] {
        var shifts = [Int?](repeating: nil, count: new.height)
        for y in 0..<new.height where !new.sameRow(y, as: old, row: y) {
            var blankRow = true
            for x in 0..<new.width where !isPlainBlank(new[x, y]) { blankRow = false; break }
            if blankRow { continue }
            // The nearest match first: a scroll by one or two rows is the common case.
            for distance in 1..<max(1, old.height) {
                if y + distance < old.height, new.sameRow(y, as: old, row: y + distance) { shifts[y] = distance; break }
                if y - distance >= 0, new.sameRow(y, as: old, row: y - distance) { shifts[y] = -distance; break }
            }
        }
        return shifts
    }

    /// Runs of consecutive rows moved by the same distance.
    static func blocks(_ shifts: [Int?]) -> Int {
        var count = 0
        for (y, shift) in shifts.enumerated() where shift != nil && (y == 0 || shifts[y - 1] != shift) { count += 1 }
        return count
    }

    static func isPlainBlank(_ c: Cell) -> Bool {
        c.scalar == " " && !c.isCluster && c.width == 1 && !c.style.reverse && !c.style.underline
    }

    /// A blank that stays a blank without reverse or underline looks the same whatever its other attributes.
    static func invisible(_ old: Cell, _ new: Cell) -> Bool {
        isPlainBlank(old) && isPlainBlank(new)
    }

    private func changed(_ new: ScreenBuffer, _ old: ScreenBuffer, x: Int, y: Int, span: Int) -> Bool {
        for c in x..<min(new.width, x + span) where !new.sameCell(y * new.width + c, old) { return true }
        return false
    }

    // MARK: Moves

    /// The shortest way from `cursor` to (`x`, `y`).
    func moveCost(from cursor: (x: Int, y: Int)?, toX x: Int, y: Int, in frame: ScreenBuffer) -> Int {
        // CUP: ESC [ row ; col H, the column left out when it is the first.
        let cup = x == 0 ? (y == 0 ? 3 : Self.csi(y + 1)) : Self.csi(y + 1) + 1 + Self.digits(x + 1)
        guard let cursor else { return cup }
        if cursor.x == x, cursor.y == y { return 0 }
        let dy = y - cursor.y
        let vertical: Int
        if dy == 0 {
            vertical = 0
        } else if dy > 0 {
            vertical = min(dy, Self.csi(dy), Self.csi(y + 1))  // LF each, CUD, VPA
        } else {
            vertical = min(Self.csi(-dy), Self.csi(y + 1))      // CUU, VPA
        }
        var horizontal = 0
        let dx = x - cursor.x
        if dx > 0 {
            horizontal = min(Self.forward(from: cursor.x, to: x), Self.csi(x + 1))
            if dy == 0 {
                // Sending the cells between again (their bytes; the same row only).
                var again = 0
                for c in cursor.x..<x where !frame[c, y].isContinuation { again += frame.utf8Count(y * frame.width + c) }
                horizontal = min(horizontal, again)
            }
        } else if dx < 0 {
            // CUB, BS each, CHA, or CR and forward from the first column.
            horizontal = min(Self.csi(-dx), -dx, Self.csi(x + 1), 1 + (x == 0 ? 0 : Self.forward(from: 0, to: x)))
        }
        return min(cup, vertical + horizontal)
    }

    /// Forward on one row: CUF, or tabs to the last stop before `to` (every 8 columns) and CUF the rest.
    static func forward(from: Int, to: Int) -> Int {
        let rest = { (n: Int) in n == 0 ? 0 : csi(n) }
        var best = rest(to - from)
        let lastStop = to / 8 * 8
        if lastStop > from {
            let tabs = lastStop / 8 - from / 8
            best = min(best, tabs + rest(to - lastStop))
        }
        return best
    }

    // MARK: Renditions

    struct Rendition: Equatable {
        var bold = false, dim = false, reverse = false, underline = false
        /// Foreground colour number; nil for the terminal's default.
        var foreground: Int?

        static let normal = Rendition()
    }

    func rendition(_ style: Style) -> Rendition {
        var r = Rendition(bold: style.bold, dim: style.dim, reverse: style.reverse, underline: style.underline)
        if colors > 0, style.color != .plain {
            r.foreground = palette.number(of: style.color, colors: colors).map(Int.init)
        }
        return r
    }

    /// One SGR from `a` to `b`: the shorter of changing what differs and starting from a reset.
    static func sgrCost(from a: Rendition, to b: Rendition) -> Int {
        guard a != b else { return 0 }
        var changes: [String] = []
        let boldOrDimOff = (a.bold && !b.bold) || (a.dim && !b.dim)
        if boldOrDimOff { changes.append("22") }
        if a.reverse && !b.reverse { changes.append("27") }
        if a.underline && !b.underline { changes.append("24") }
        if b.bold && (!a.bold || boldOrDimOff) { changes.append("1") }
        if b.dim && (!a.dim || boldOrDimOff) { changes.append("2") }
        if b.reverse && !a.reverse { changes.append("7") }
        if b.underline && !a.underline { changes.append("4") }
        if a.foreground != b.foreground { changes.append(b.foreground.map(colorParameter) ?? "39") }
        var fromReset: [String] = []
        if b.bold { fromReset.append("1") }
        if b.dim { fromReset.append("2") }
        if b.reverse { fromReset.append("7") }
        if b.underline { fromReset.append("4") }
        if let fg = b.foreground { fromReset.append(colorParameter(fg)) }
        let changed = 3 + changes.joined(separator: ";").utf8.count
        // ESC [ m, or ESC [ ; 1 ; 7 m: an empty first parameter is the reset.
        let reset = fromReset.isEmpty ? 3 : 4 + fromReset.joined(separator: ";").utf8.count
        return min(changed, reset)
    }

    static func colorParameter(_ n: Int) -> String {
        n < 8 ? "3\(n)" : n < 16 ? "9\(n - 8)" : "38;5;\(n)"
    }

    // MARK: Sizes

    /// `count` copies of a grapheme of `bytes` bytes: each sent, or one and `REP` for the rest.
    static func repeated(_ count: Int, bytes: Int) -> Int {
        min(bytes * count, bytes + (count > 1 ? csi(count - 1) : 0))
    }

    /// ESC [ n x: a control sequence with one number.
    static func csi(_ n: Int) -> Int { 3 + digits(n) }

    static func digits(_ n: Int) -> Int { n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : String(n).count }
}
