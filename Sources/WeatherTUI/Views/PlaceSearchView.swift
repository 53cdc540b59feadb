import WeatherCore
import WeatherModels
import TerminalKit
import EssentialsSupport

/// The add-a-city box (`a`): the name typed, what the search says, and the places found as
/// columns (name, region, country, coordinates) aligned by display width, the selected one
/// marked; and the one-line question `d` asks.
public enum PlaceSearchView {
    /// Results shown at once; a search asks for 10.
    static let maxRows = 10

    /// Draws the box of `search` when one is open, else the question about removing `removing`, if asked.
    public static func draw(search: PlaceSearch?, removing: String?, into buffer: inout ScreenBuffer, size: TerminalSize,
                            language: Language = .english) {
        if let search {
            drawSearch(search, into: &buffer, size: size, language: language)
        } else if let name = removing {
            let yes = KeyBindings.name(of: .send(.removeCity(.confirm)), in: KeyBindings.removalQuestion)
            drawQuestion(language.text("remove.question", ("key", yes), ("name", name)), title: language.text("remove.title"), into: &buffer, size: size)
        }
    }

    static func drawSearch(_ search: PlaceSearch, into buffer: inout ScreenBuffer, size: TerminalSize, language words: Language = .english) {
        let results = search.results
        let inner = min(size.columns - 4, 76)
        let height = min(size.rows - 2, 6 + min(results.count, maxRows))
        guard inner > 16, height >= 5 else { return }
        let x = (size.columns - inner - 2) / 2
        let y = max(1, (size.rows - height) / 3)
        box(x: x, y: y, inner: inner, height: height, title: " \(words.text("search.title")) ", into: &buffer)

        var cursor = buffer.draw(words.text("search.name") + " ", x: x + 2, y: y + 1, style: Style(bold: true, role: .key))
        // The end of a name longer than the box, where the typing is, after `…`; the cursor
        // too stays inside the blank column before the border.
        let room = x + inner - cursor - (search.phase == .typing ? 1 : 0)
        cursor = buffer.draw(DisplayWidth.truncateHead(search.text, to: room), x: cursor, y: y + 1, style: Style(underline: true), maxWidth: room)
        if search.phase == .typing { buffer.draw("█", x: cursor, y: y + 1, maxWidth: x + inner - cursor) }

        let line: String
        switch search.phase {
        case .typing: line = search.message ?? words.text("search.prompt", ("key", KeyBindings.name(of: .send(.addCity(.submit)), in: KeyBindings.placePrompt)))
        case .searching: line = words.text("search.searching")
        case .results(let places): line = words.counted("search.found", places.count)
        }
        buffer.draw(line, x: x + 2, y: y + 2, columns: inner - 2, style: search.message != nil ? Style(bold: true, role: .alert) : .dimmed)

        let rows = height - 6
        if rows > 0, !results.isEmpty {
            let first = max(0, min(search.selectedIndex - rows + 1, results.count - rows))
            let width = inner - 4
            let coordWidth = 20, gap = 2
            let flexible = max(0, width - coordWidth - 3 * gap)
            let nameWidth = flexible * 40 / 100, regionWidth = flexible * 30 / 100
            let countryWidth = flexible - nameWidth - regionWidth
            for (row, index) in (first..<min(results.count, first + rows)).enumerated() {
                let place = results[index], selected = index == search.selectedIndex
                let style: Style = selected ? .selected : .plain
                let rowY = y + 4 + row
                buffer.fill(x: x + 1, y: rowY, count: inner, style: style)
                if selected { buffer.draw(">", x: x + 2, y: rowY, style: Style(bold: true, reverse: true)) }
                guard nameWidth >= minimumNameColumn else {
                    // Too narrow for columns: one line, the name first, the rest cut by display width.
                    buffer.draw(narrowRow(place), x: x + 4, y: rowY, columns: width, style: style)
                    continue
                }
                var col = x + 4
                for (text, columnWidth) in [(place.name, nameWidth), (place.region ?? "", regionWidth),
                                            (place.country ?? place.countryCode ?? "", countryWidth)] {
                    buffer.draw(text, x: col, y: rowY, columns: columnWidth, style: style)
                    col += columnWidth + gap
                }
                buffer.draw(ViewFormat.coordinates(latitude: place.latitude, longitude: place.longitude), x: col, y: rowY, columns: coordWidth, style: style, alignRight: true)
            }
        }
        // A narrow box keeps the keys and leaves out what typing does.
        let table = KeyBindings.placePrompt
        let pick = ("keys", KeyBindings.names(of: .send(.addCity(.moveUp)), .send(.addCity(.moveDown)), in: table))
        let submit = ("submit", KeyBindings.name(of: .send(.addCity(.submit)), in: table, short: true))
        let leave = ("leave", KeyBindings.name(of: .send(.addCity(.cancel)), in: table))
        func text(_ key: String) -> String { words.text(key, pick, submit, leave) }
        let picking = text("search.picking"), shortPicking = text("search.pickingShort")
        let hints = results.isEmpty ? text("search.keys") : DisplayWidth.width(of: picking) <= inner - 2 ? picking : shortPicking
        buffer.draw(hints, x: x + 2, y: y + height - 2, columns: inner - 2, style: .dimmed)
    }

    /// Columns the name needs for the results to be laid out as columns; below it they are lines.
    static let minimumNameColumn = 12

    /// A place found, as one line of a narrow box: `Paris · Texas, United States · 33.66° N, 95.56° W`.
    static func narrowRow(_ place: PlaceMatch) -> String {
        let whereabouts = [place.region, place.country ?? place.countryCode].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return [place.name, whereabouts, ViewFormat.coordinates(latitude: place.latitude, longitude: place.longitude)]
            .filter { !$0.isEmpty }.joined(separator: " · ")
    }

    static func drawQuestion(_ text: String, title: String = "Remove", into buffer: inout ScreenBuffer, size: TerminalSize) {
        let inner = min(size.columns - 4, DisplayWidth.width(of: text) + 2)
        guard inner > 10, size.rows >= 5 else { return }
        let x = (size.columns - inner - 2) / 2
        let y = max(1, size.rows / 3)
        box(x: x, y: y, inner: inner, height: 3, title: " \(title) ", into: &buffer)
        buffer.draw(text, x: x + 2, y: y + 1, columns: inner - 2, style: Style(bold: true))
    }

    private static func box(x: Int, y: Int, inner: Int, height: Int, title: String, into buffer: inout ScreenBuffer) {
        OverlayBox.drawFrame(OverlayBox.Frame(x: x, y: y, innerWidth: inner, height: height), title: title, into: &buffer)
    }
}
