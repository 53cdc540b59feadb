import EssentialsSupport

/// One terminal cell: a grapheme's first scalar, its width and style; the right half of a wide
/// grapheme is a continuation cell. Plain data, so clearing and comparing frames is cheap; the rare
/// grapheme of several scalars (flags, ZWJ emoji) keeps its full text in the buffer.
public struct Cell: Equatable, Sendable {
    /// First (usually only) Unicode scalar of the grapheme shown.
    public var scalar: Unicode.Scalar
    /// Columns the grapheme takes (1, 2, or more for some Indic clusters), and 0 for the cells it covers after the first.
    public var width: UInt8
    public var style: Style
    /// The grapheme has more scalars, kept in the buffer's cluster table.
    public var isCluster: Bool

    public init(_ scalar: Unicode.Scalar = " ", width: UInt8 = 1, style: Style = .plain, isCluster: Bool = false) {
        self.scalar = scalar
        self.width = width
        self.style = style
        self.isCluster = isCluster
    }

    /// A blank cell.
    public static let blank = Cell()

    /// Whether this is the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }

    /// The grapheme if it is a single scalar (use `ScreenBuffer.grapheme(x:y:)` for clusters).
    public var character: Character { Character(scalar) }
}

/// A horizontal run of cells in one row, e.g. what changed between two frames.
public struct CellRun: Equatable, Sendable {
    public var y: Int
    public var x: Int
    public var count: Int
}

/// A grid of styled cells that views draw into and a backend presents; sizes are in display columns.
///
/// Drawing is clipped to the buffer (and to an optional width), counts display columns, and never
/// leaves half of a wide character: one that would straddle the edge becomes a space.
public struct ScreenBuffer: Equatable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// Full text of multi-scalar graphemes, by cell index.
    private var clusters: [Int: String] = [:]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y` (a blank cell outside the buffer).
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        return cells[y * width + x]
    }

    /// The whole grapheme shown at (`x`, `y`).
    public func grapheme(x: Int, y: Int) -> String {
        guard x >= 0, y >= 0, x < width, y < height else { return " " }
        let cell = cells[y * width + x]
        if cell.isCluster, let text = clusters[y * width + x] { return text }
        return String(cell.scalar)
    }

    /// Blanks every cell.
    public mutating func clear() {
        for i in cells.indices { cells[i] = .blank }
        if !clusters.isEmpty { clusters.removeAll(keepingCapacity: true) }
    }

    /// Display width of a character: a lone scalar from the fast table (`DisplayWidth.fastWidth`),
    /// every other grapheme by `DisplayWidth`'s full rule.
    @inline(__always)
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
           let w = DisplayWidth.fastWidth(first.value) {
            return w
        }
        return DisplayWidth.width(of: character)
    }

    /// Display width of a string as `draw` lays it out (what `TerminalText` replaces counted as replaced).
    public static func columns(of text: String) -> Int {
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 { ascii = false; break }
        if ascii { return text.utf8.count }
        var n = 0
        for scalar in text.unicodeScalars {
            guard let w = DisplayWidth.fastWidth(scalar.value) else {
                return TerminalText.printable(text, breaks: .space).reduce(0) { $0 + columns(of: $1) }
            }
            n += w
        }
        return n
    }

    /// Fills `count` cells of row `y` from `x` with blanks in `style` (clipped).
    public mutating func fill(x: Int, y: Int, count: Int, style: Style) {
        guard y >= 0, y < height, count > 0 else { return }
        let start = max(0, x), end = min(width, x + count)
        guard start < end else { return }
        repairWideNeighbours(y: y, from: start, to: end)
        let blank = Cell(" ", width: 1, style: style)
        for i in (y * width + start)..<(y * width + end) {
            if cells[i].isCluster { clusters[i] = nil }
            cells[i] = blank
        }
    }

    /// Fills a rectangle with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        for row in rect.y..<(rect.y + max(0, rect.height)) {
            fill(x: rect.x, y: row, count: rect.width, style: style)
        }
    }

    /// Replaces each one-column glyph that `standIn` gives another for (one the terminal's font
    /// lacks) by it, in its place and style. Wide graphemes and clusters are left as they are:
    /// a stand-in never changes where anything else on the row is.
    public mutating func substitute(_ standIn: (Unicode.Scalar) -> Unicode.Scalar?) {
        for i in cells.indices where cells[i].scalar.value >= 0x80 && cells[i].width == 1 && !cells[i].isCluster {
            if let replacement = standIn(cells[i].scalar) { cells[i].scalar = replacement }
        }
    }

    /// Applies `style` to existing cells (keeps their characters), e.g. a selection highlight.
    public mutating func restyle(x: Int, y: Int, count: Int, _ transform: (Style) -> Style) {
        guard y >= 0, y < height else { return }
        let start = max(0, x), end = min(width, x + count)
        guard start < end else { return }
        for i in (y * width + start)..<(y * width + end) { cells[i].style = transform(cells[i].style) }
    }

    /// Writes `text` at (`x`, `y`) in `style`, clipped to the buffer and to `maxWidth` columns;
    /// returns the column after the last one written.
    @discardableResult
    public mutating func draw(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let limit = min(width, maxWidth.map { x + max(0, $0) } ?? width)
        var col = x
        // Fast path: ASCII text needs no grapheme breaking and no width lookups.
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 { ascii = false; break }
        if ascii {
            // Clip first, repair the edges once, then write the cells straight.
            let utf8 = text.utf8
            var skip = 0
            if col < 0 { skip = -col; col = 0 }
            let available = max(0, limit - col)
            let n = min(available, max(0, utf8.count - skip))
            if n > 0 {
                repairWideNeighbours(y: y, from: col, to: col + n)
                var index = y * width + col
                let hasClusters = !clusters.isEmpty
                for byte in utf8.dropFirst(skip).prefix(n) {
                    if hasClusters, cells[index].isCluster { clusters[index] = nil }
                    // Printable ASCII is inert; only a control goes to the rule.
                    let scalar = Unicode.Scalar(byte)
                    let shown = byte >= 0x20 && byte != 0x7F ? scalar : TerminalText.shown(scalar, breaks: .space)
                    cells[index] = Cell(shown, width: 1, style: style)
                    index += 1
                }
                col += n
            }
            return max(col, x)
        }
        // A wide grapheme that does not fit before the limit: pad with spaces, never half a glyph.
        func padToLimit(_ col: inout Int) {
            while col < limit {
                if col >= 0 { put(Cell(" ", width: 1, style: style), x: col, y: y) }
                col += 1
            }
        }
        // A grapheme of `w` columns at `col`: a lead cell and w-1 continuation cells (wide CJK 2,
        // Indic clusters with spacing marks 2 or 3); one cut by the left edge leaves its visible
        // part as spaces.
        func place(_ lead: Unicode.Scalar, columns w: Int, cluster: String?, at col: Int) {
            if col >= 0 {
                repairWideNeighbours(y: y, from: col, to: col + w)
                let row = y * width
                setCell(Cell(lead, width: UInt8(w), style: style, isCluster: cluster != nil), at: row + col, cluster: cluster)
                for c in stride(from: col + 1, to: col + w, by: 1) { setCell(Cell(" ", width: 0, style: style), at: row + c, cluster: nil) }
            } else if col + w > 0 {
                for c in 0..<(col + w) { put(Cell(" ", width: 1, style: style), x: c, y: y) }
            }
        }
        // Text made only of scalars that are graphemes of their own: no grapheme breaking needed.
        var simple = true
        for scalar in text.unicodeScalars where DisplayWidth.fastWidth(scalar.value) == nil { simple = false; break }
        if simple {
            for scalar in text.unicodeScalars {
                if col >= limit { break }
                let w = DisplayWidth.fastWidth(scalar.value) ?? 1
                if col + w > limit {
                    padToLimit(&col)
                    break
                }
                place(scalar, columns: w, cluster: nil, at: col)
                col += w
            }
            return max(col, x)
        }
        // Text from outside is shown by the one rule (`TerminalText`); simple text holds nothing it changes.
        if text.unicodeScalars.contains(where: { !TerminalText.isInert($0) }) {
            return draw(TerminalText.printable(text, breaks: .space), x: x, y: y, style: style, maxWidth: maxWidth)
        }
        for ch in text {
            if col >= limit { break }
            let w = Self.columns(of: ch)
            let scalars = ch.unicodeScalars
            guard let first = scalars.first else { continue }
            let isCluster = scalars.index(after: scalars.startIndex) != scalars.endIndex
            if w <= 0 { continue }
            if col + w > limit {
                padToLimit(&col)
                break
            }
            place(first, columns: w, cluster: isCluster ? String(ch) : nil, at: col)
            col += w
        }
        return max(col, x)
    }

    /// Writes `text` padded or truncated (with …) to exactly `columns` columns.
    @discardableResult
    public mutating func draw(_ text: String, x: Int, y: Int, columns: Int, style: Style = .plain, alignRight: Bool = false) -> Int {
        guard columns > 0 else { return x }
        let fitted = Self.columns(of: text) > columns ? DisplayWidth.truncate(text, to: columns) : text
        let used = Self.columns(of: fitted)
        if alignRight {
            fill(x: x, y: y, count: columns - used, style: style)
            draw(fitted, x: x + columns - used, y: y, style: style, maxWidth: used)
        } else {
            let end = draw(fitted, x: x, y: y, style: style, maxWidth: columns)
            fill(x: end, y: y, count: x + columns - end, style: style)
        }
        return x + columns
    }

    /// Writes one scalar that is a whole one-column grapheme (braille, a block, a marker) at
    /// (`x`, `y`), clipped: the map and the charts set thousands of cells a frame this way,
    /// without making a `String` of each.
    @inline(__always)
    public mutating func put(_ scalar: Unicode.Scalar, x: Int, y: Int, style: Style) {
        guard y >= 0, y < height else { return }
        put(Cell(scalar, width: 1, style: style), x: x, y: y)
    }

    @inline(__always)
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        repairWideNeighbours(y: y, from: x, to: x + 1)
        setCell(cell, at: y * width + x, cluster: nil)
    }

    @inline(__always)
    private mutating func setCell(_ cell: Cell, at index: Int, cluster: String?) {
        if cells[index].isCluster { clusters[index] = nil }
        cells[index] = cell
        if let cluster { clusters[index] = cluster }
    }

    /// Before overwriting columns `from..<to`, blanks the rest of any wide grapheme cut by it.
    @inline(__always)
    private mutating func repairWideNeighbours(y: Int, from: Int, to: Int) {
        let row = y * width
        if from > 0, from < width, cells[row + from].isContinuation {
            var x = from - 1
            while x > 0, cells[row + x].isContinuation { x -= 1 }
            for c in x..<from { setCell(Cell(" ", width: 1, style: cells[row + c].style), at: row + c, cluster: nil) }
        }
        var x = max(0, to)
        while x < width, cells[row + x].isContinuation {
            setCell(Cell(" ", width: 1, style: cells[row + x].style), at: row + x, cluster: nil)
            x += 1
        }
    }

    /// Each row as text (continuation cells skipped, so wide graphemes appear once).
    public var lines: [String] {
        (0..<height).map { line($0) }
    }

    /// Row `y` as text.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var s = ""
        s.reserveCapacity(width)
        for x in 0..<width {
            let cell = cells[y * width + x]
            if cell.isContinuation { continue }
            if cell.isCluster, let text = clusters[y * width + x] { s.append(text) } else { s.unicodeScalars.append(cell.scalar) }
        }
        return s
    }

    /// Runs of cells that differ from `old`, per row, widened so no run starts or ends inside a
    /// wide grapheme and joined across gaps shorter than `joinGap` (a cursor move costs bytes too).
    public func changedRuns(since old: ScreenBuffer?, joinGap: Int = 4) -> [CellRun] {
        guard let old, old.width == width, old.height == height else {
            return (0..<height).map { CellRun(y: $0, x: 0, count: width) }
        }
        var runs: [CellRun] = []
        for y in 0..<height {
            let row = y * width
            var x = 0
            var current: CellRun?
            while x < width {
                if !sameCell(row + x, old) {
                    var start = x
                    while start > 0, cells[row + start].isContinuation { start -= 1 }
                    var end = x + 1
                    while end < width, !sameCell(row + end, old) { end += 1 }
                    while end < width, cells[row + end].isContinuation { end += 1 }
                    if var run = current, start - (run.x + run.count) < joinGap {
                        run.count = end - run.x
                        current = run
                    } else {
                        if let run = current { runs.append(run) }
                        current = CellRun(y: y, x: start, count: end - start)
                    }
                    x = end
                } else {
                    x += 1
                }
            }
            if let run = current { runs.append(run) }
        }
        return runs
    }

    /// Cells that differ from `old` and the UTF-8 bytes of their graphemes (the least any terminal update could send).
    public func changedCells(since old: ScreenBuffer) -> (count: Int, utf8Bytes: Int) {
        guard old.width == width, old.height == height else {
            return (cells.count, cells.indices.reduce(0) { $0 + (cells[$1].isContinuation ? 0 : utf8Count($1)) })
        }
        var count = 0, bytes = 0
        for i in cells.indices where !sameCell(i, old) {
            count += 1
            if !cells[i].isContinuation { bytes += utf8Count(i) }
        }
        return (count, bytes)
    }
}

extension ScreenBuffer {
    /// Whether cell `i` shows the same as cell `i` of `old` (of the same size).
    @inline(__always)
    public func sameCell(_ i: Int, _ old: ScreenBuffer) -> Bool {
        let a = cells[i], b = old.cells[i]
        guard a == b else { return false }
        return !a.isCluster || clusters[i] == old.clusters[i]
    }

    /// Whether row `y` holds the same cells as row `row` of `other` (of the same width).
    public func sameRow(_ y: Int, as other: ScreenBuffer, row: Int) -> Bool {
        guard width == other.width else { return false }
        let a = y * width, b = row * other.width
        for x in 0..<width {
            guard cells[a + x] == other.cells[b + x] else { return false }
            if cells[a + x].isCluster, clusters[a + x] != other.clusters[b + x] { return false }
        }
        return true
    }

    /// The UTF-8 bytes of the grapheme cell `i` shows.
    public func utf8Count(_ i: Int) -> Int {
        if cells[i].isCluster, let text = clusters[i] { return text.utf8.count }
        return UTF8.width(cells[i].scalar)
    }
}

/// A rectangle of cells.
public struct Rect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Column after the right edge.
    public var maxX: Int { x + width }
    /// Row after the bottom edge.
    public var maxY: Int { y + height }
}
