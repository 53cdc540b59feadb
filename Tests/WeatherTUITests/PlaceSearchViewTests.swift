import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit
import EssentialsSupport

/// The add-a-city box, the removal question, their keys, and the header's refresh cost.
@Suite struct PlaceSearchViewTests {
    static let places = [
        PlaceMatch(id: "om:1", name: "Paris", region: "Île-de-France", country: "France", countryCode: "FR", latitude: 48.8534, longitude: 2.3488),
        PlaceMatch(id: "om:2", name: "東京", region: "東京都", country: "日本", countryCode: "JP", latitude: 35.6895, longitude: 139.6917),
        PlaceMatch(id: "om:3", name: "Ushuaia", region: nil, country: "Argentina", countryCode: "AR", latitude: -54.8, longitude: -68.3),
    ]

    func state(_ search: PlaceSearch) throws -> State {
        var state = ViewFixtures.state(try ViewFixtures.topCities())
        state.placeEditing.search = search
        return state
    }

    /// A name longer than the box (600 characters typed) shows its end, where the typing is,
    /// after `…`, and the cursor keeps the blank column before the border, at every size.
    @Test func aLongNameShowsItsEndInsideTheBox() throws {
        let long = String(repeating: "Abcdefghij", count: 60) + "XYZ"
        for phase in [PlaceSearch.Phase.typing, .searching] {
            let m = try state(PlaceSearch(text: long, phase: phase))
            for size in [TerminalSize(columns: 40, rows: 10), TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 200, rows: 60)] {
                let lines = BrowserView.render(m, size: size).lines
                let row = try #require(lines.first { $0.contains("Name: ") }, "\(size)")
                #expect(row.contains("…") && row.contains("XYZ"), "\(size): \(row)")
                let border = try #require(row.lastIndex(of: "│"))
                #expect(row[row.index(before: border)] == " ", "\(size): \(row)")
            }
        }
    }

    @Test func resultsAreColumnsAlignedByDisplayWidthWithTheSelectionMarked() throws {
        let m = try state(PlaceSearch(text: "P", phase: .results(Self.places), selectedIndex: 1))
        let lines = BrowserView.render(m, size: TerminalSize(columns: 100, rows: 30)).lines
        // The box's rows: the list behind it may name the same cities.
        let rows = Self.places.map { place in lines.first { $0.contains(place.name) && $0.contains("°") && $0.contains("│") && $0.contains(place.country ?? "") } ?? "" }
        let countryColumns = zip(rows, ["France", "日本", "Argentina"]).map { row, country -> Int? in
            // After the gap, so "France" in "Île-de-France" is not taken for the column.
            row.range(of: "  " + country).map { DisplayWidth.width(of: String(row[..<$0.lowerBound])) }
        }
        #expect(Set(countryColumns.compactMap { $0 }).count == 1 && countryColumns.allSatisfy { $0 != nil })
        #expect(rows[1].contains("> 東京"))
        #expect(rows[0].contains("48.85° N, 2.35° E") && rows[2].contains("54.80° S, 68.30° W"))
        #expect(lines.contains { $0.contains("3 places found") })
        #expect(lines.contains { $0.contains("↑↓ pick  ⏎ add") })
    }

    /// At 40×10 and 60×20 a result reads as a line, its name first and whole ("> P…  …  Fr…" was
    /// three columns too narrow to say anything), the rest cut by display width inside the box.
    @Test func aNarrowBoxListsEachPlaceNameFirst() throws {
        let m = try state(PlaceSearch(text: "P", phase: .results(Self.places), selectedIndex: 0))
        for (columns, rows) in [(40, 10), (60, 20)] {
            let lines = BrowserView.render(m, size: TerminalSize(columns: columns, rows: rows)).lines
            #expect(lines.contains { $0.contains("│ > Paris · Île-de-France") }, "\(columns)×\(rows): \(lines.joined(separator: "\n"))")
            #expect(lines.contains { $0.contains("│   東京 · 東京都") })
            #expect(lines.contains { $0.contains("↑↓ pick  ⏎ add") })
        }
        let roomy = BrowserView.render(m, size: TerminalSize(columns: 100, rows: 30)).lines
        #expect(!roomy.contains { $0.contains("Paris · ") }, "a box with room keeps the columns")
    }

    /// Every box over the screen (help, messages, add a city) keeps a blank column either side:
    /// the list's `…` cut at the terminal's edge never shows beside the border as if it spilled out.
    @Test func nothingShowsBesideABox() throws {
        let cities = (0..<50).map { ViewFixtures.make(key: "\($0)", name: "City \($0)", country: "Land", text: "Intermittent clouds and a long tail") }
        var base = ViewFixtures.state(cities)
        base.notice = "could not save settings: cannot write in /home/someone/a/rather/long/folder/ro: Permission denied"
        var add = base
        add.placeEditing.search = PlaceSearch(text: "P", phase: .results(Self.places))
        for (name, m, screen) in [("help", base, ScreenState(overlay: .help)), ("messages", base, ScreenState(overlay: .messages)),
                                  ("add", add, ScreenState())] {
            for (columns, rows) in [(40, 10), (60, 20), (80, 24)] {
                let buffer = BrowserView.render(m, screen: screen, size: TerminalSize(columns: columns, rows: rows))
                for y in 0..<rows {
                    let line = buffer.line(y)
                    guard let left = line.firstIndex(where: { "┌│└".contains($0) }), let right = line.lastIndex(where: { "┐│┘".contains($0) }),
                          left != right else { continue }
                    let after = line[line.index(after: right)...]
                    #expect(after.first.map { $0 == " " } ?? true, "\(name) \(columns)×\(rows) row \(y): |\(line)|")
                    if left > line.startIndex { #expect(line[line.index(before: left)] == " ", "\(name) \(columns)×\(rows) row \(y): |\(line)|") }
                }
            }
        }
    }

    @Test func theMessageAndTheTypedNameAreShown() throws {
        let m = try state(PlaceSearch(text: "Nowhereville", message: "no place called \"Nowhereville\""))
        let lines = BrowserView.render(m, size: TerminalSize(columns: 80, rows: 24)).lines
        #expect(lines.contains { $0.contains("Name: Nowhereville█") })
        #expect(lines.contains { $0.contains("no place called \"Nowhereville\"") })
        let searching = BrowserView.render(try state(PlaceSearch(text: "Oslo", phase: .searching)), size: TerminalSize(columns: 40, rows: 10)).lines
        #expect(searching.contains { $0.contains("searching…") })
    }

    @Test func theRemovalQuestionNamesTheCity() throws {
        var m = ViewFixtures.state(try ViewFixtures.topCities())
        let place = Self.places[2]
        m.pinned = [PinnedCity(place: place)]
        m.placeEditing.pendingRemoval = place.id
        let lines = BrowserView.render(m, size: TerminalSize(columns: 80, rows: 24)).lines
        #expect(lines.contains { $0.contains("Remove Ushuaia from your cities?") })
    }

    @Test func thePromptAndTheQuestionTakeTheKeys() throws {
        var m = try state(PlaceSearch())
        #expect(KeyMap.command(for: .character("q"), state: m) == .send(.addCity(.input("q"))))
        #expect(KeyMap.command(for: .enter, state: m) == .send(.addCity(.submit)))
        #expect(KeyMap.command(for: .escape, state: m) == .send(.addCity(.cancel)))
        #expect(KeyMap.command(for: .down, state: m) == .send(.addCity(.moveDown)))
        #expect(KeyMap.command(for: .backspace, state: m) == .send(.addCity(.backspace)))
        #expect(KeyMap.command(for: .control("c"), state: m) == .send(.interrupt))
        m.placeEditing.search = nil
        #expect(KeyMap.command(for: .character("a"), state: m) == .send(.addCity(.start)))
        #expect(KeyMap.command(for: .character("d"), state: m) == .send(.removeCity(.ask)))
        #expect(KeyMap.command(for: .delete, state: m) == .send(.removeCity(.ask)))
        #expect(KeyMap.command(for: .character("j"), state: m) == .send(.moveDown))
        m.placeEditing.pendingRemoval = "om:3"
        #expect(KeyMap.command(for: .character("y"), state: m) == .send(.removeCity(.confirm)))
        #expect(KeyMap.command(for: .character("n"), state: m) == .send(.removeCity(.cancel)))
        #expect(KeyMap.command(for: .character("q"), state: m) == .send(.removeCity(.cancel)))
    }

    @Test func theHeaderSaysWhatARefreshCostsBySource() throws {
        var m = ViewFixtures.state(try ViewFixtures.topCities())
        m.config.provider = .accuWeather
        #expect(!HeaderView.text(HeaderView.Content(m)).contains("refresh:"))
        m.pinned = [PinnedCity(place: PlaceMatch(id: "190390", name: "Reykjavik", latitude: 64, longitude: -22)),
                    PinnedCity(place: PlaceMatch(id: "351196", name: "Paris", latitude: 33, longitude: -95)),
                    PinnedCity(place: PlaceMatch(id: "om:5", name: "Elsewhere", latitude: 0, longitude: 0)),
                    PinnedCity(key: "1", name: "Tokyo", latitude: 0, longitude: 0)]
        #expect(HeaderView.text(HeaderView.Content(m)).contains("refresh: 3 calls"), "Top Cities and the two own cities it found")
        // Open-Meteo counts every place of its one request: the listed ones and the three own cities.
        m.config.provider = .openMeteo
        m.config.refreshCost = RefreshCost(fixed: 0, perPlace: 1, perOwnCity: 1)
        #expect(HeaderView.text(HeaderView.Content(m)).contains("refresh: \(m.request.count + 3) calls"))
    }
}
