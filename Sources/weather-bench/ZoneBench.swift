import Foundation
import WeatherCore
import WeatherModels
import WeatherTUI
import TerminalKit

/// The user's clock through `ZoneInfo` (the header asks for it once a frame, the banner and the
/// messages now and then): a lookup in a zone file's transitions and, past them, in its footer
/// rule, against the same clock at a fixed offset (arithmetic only) and against one 200×60 frame.
func runZoneBench() throws {
    guard let paris = ZoneInfo.named("Europe/Paris") else {
        print("\n## zone: no tz database here (/usr/share/zoneinfo), skipped")
        return
    }
    let now = Date(timeIntervalSince1970: 1_795_340_400)  // 2026: inside the file's transitions
    let later = Date(timeIntervalSince1970: 4_102_444_800)  // 2100: the footer rule
    var sink = 0
    let size = TerminalSize(columns: 200, rows: 60)
    let state = RenderBenchData.state(cityCount: 150, selected: 75, size: size)
    var buffer = ScreenBuffer(width: size.columns, height: size.rows)
    let cityZones = Set(DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities.compactMap { $0.timeZone?.name }).sorted()
    let results = [
        measure("clock at a fixed offset (arithmetic)", iterations: 100_000) { sink &+= WeatherFormat.wallClock(now, offsetHours: 1).utf8.count },
        measure("clock in Europe/Paris, 2026 (transitions)", iterations: 100_000) { sink &+= WeatherFormat.clock(now, timeZone: paris).utf8.count },
        measure("clock in Europe/Paris, 2100 (footer rule)", iterations: 100_000) { sink &+= WeatherFormat.clock(later, timeZone: paris).utf8.count },
        measure("one 200×60 frame, 150 cities", iterations: 200) { BrowserView.draw(state, into: &buffer) },
        // What a wide list pays once per zone it shows (then `ZoneInfo.cached` answers from memory).
        measure("reading the zones of the 150 demo cities (\(cityZones.count) files)", iterations: 5) {
            for name in cityZones { sink &+= ZoneInfo.named(name) == nil ? 0 : 1 }
        },
    ]
    printTable("zone: the user's clock through ZoneInfo", results, baseline: "clock at a fixed offset (arithmetic)")
    if sink == 42 { print("") }  // keeps the work from being optimised away
}
