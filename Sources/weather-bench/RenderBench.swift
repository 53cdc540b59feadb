import WeatherCore
import Foundation
import Glibc
import WeatherModels
import WeatherTUI
import TerminalKit
import TerminalNcurses

/// Frame drawing cost (must not grow with the city count) and bytes one `j` sends to the terminal.
func runRenderBench() throws {
    frameBench(frame: "full frame", map: nil, title: "render: one frame into the ScreenBuffer (goal < 1 ms, same for both counts)",
               cpuLabel: "CPU time per frame")
    // The map draws every listed city, so its cost does grow with the count (goals < 1 ms at 150,
    // < 5 ms at 10,000), on every layer (`v`).
    for layer in MapLayer.allCases {
        frameBench(frame: "map frame, \(layer.rawValue)", map: layer,
                   title: "render: one map frame, \(layer.rawValue) layer (goal < 1 ms at 150 cities, < 5 ms at 10,000)",
                   cpuLabel: "CPU time per map frame, \(layer.rawValue)")
    }
    airColumnBench()
    try runKeystrokeBench()
}

/// What the list's AQI column adds (#34: the list frame "unchanged within noise"): the same
/// 200×60 frame of 150 places, their air kept or not (without it the column says nothing).
private func airColumnBench() {
    let size = TerminalSize(columns: 200, rows: 60)
    let withAir = RenderBenchData.state(cityCount: 150, selected: 75, size: size)
    var withoutAir = withAir
    withoutAir.air.stored = nil
    var buffer = ScreenBuffer(width: size.columns, height: size.rows)
    let results = [
        measure("full frame 200×60, 150 cities, no air kept", iterations: 200) { BrowserView.draw(withoutAir, into: &buffer) },
        measure("full frame 200×60, 150 cities, the AQI column filled", iterations: 200) { BrowserView.draw(withAir, into: &buffer) },
    ]
    printTable("render: the AQI column's share of the frame", results, baseline: "full frame 200×60, 150 cities, no air kept")
    let cpu = [("no air", withoutAir), ("air", withAir)].map { name, state in
        "\(name): \(formatSeconds(threadCPUSecondsPerCall(iterations: 200) { BrowserView.draw(state, into: &buffer) }))"
    }
    print("CPU time per frame (best round, this thread only): " + cpu.joined(separator: " · "))
}

/// The bytes one `j` sends: the same in any build, so `weather-bench keys` runs them alone.
func runKeystrokeBench() throws {
    print("\n## render: bytes the ncurses backend writes for one `j`\n")
    // The floor: the fewest bytes any writer could send for the same change (`EscapeFloor`), so
    // "j ÷ floor" is the writer's share and "floor ÷ changed bytes" the change's own.
    print("size     frame                    full repaint   after j   changed cells   their UTF-8 bytes   floor   j ÷ changed bytes   j ÷ floor   floor ÷ changed bytes   goal")
    // xterm-256color is what the goals are measured on; the map also on two other common
    // terminals (their escape sequences differ in length), for comparison.
    let cases = [(90, 40, false, "xterm-256color", "≤ 600 bytes"), (140, 40, false, "xterm-256color", "≤ 2× changed bytes"),
                 (200, 60, true, "xterm-256color", "≤ 2× changed bytes"), (200, 60, true, "tmux-256color", "(comparison)"),
                 (200, 60, true, "xterm", "(comparison, 8 colours)")]
    for (columns, rows, map, terminal, goal) in cases {
        let r = try keystrokeBytes(size: TerminalSize(columns: columns, rows: rows), map: map, terminal: terminal)
        let ratio = r.changedBytes > 0 ? Double(r.afterJ) / Double(r.changedBytes) : 0
        let writerShare = r.floor > 0 ? Double(r.afterJ) / Double(r.floor) : 0
        let floorRatio = r.changedBytes > 0 ? Double(r.floor) / Double(r.changedBytes) : 0
        let frame = (map ? "map" : columns >= 100 ? "list + detail" : "list only") + (terminal == "xterm-256color" ? "" : ", \(terminal)")
        let size = "\(columns)×\(rows)".padding(toLength: 7, withPad: " ", startingAt: 0)
        print("\(size)  \(frame.padding(toLength: 22, withPad: " ", startingAt: 0))   \(String(r.fullRepaint).leftPad(12))   \(String(r.afterJ).leftPad(7))   \(String(r.changedCells).leftPad(13))   \(String(r.changedBytes).leftPad(17))   \(String(r.floor).leftPad(5))   \(String(format: "%.2f", ratio).leftPad(17))   \(String(format: "%.2f", writerShare).leftPad(9))   \(String(format: "%.2f", floorRatio).leftPad(21))   \(goal)")
    }
}

/// One 200×60 frame (the list, or the map) drawn into the buffer with 150 and with 10,000 cities:
/// wall time against the 150-city case, and this thread's CPU time.
private func frameBench(frame: String, map layer: MapLayer?, title: String, cpuLabel: String) {
    let sizes = TerminalSize(columns: 200, rows: 60)
    var results: [BenchResult] = []
    var cpu: [String] = []
    for count in [150, 10_000] {
        var state = RenderBenchData.state(cityCount: count, selected: count / 2, size: sizes)
        if let layer {
            _ = state.reduce(.toggleMap)
            state.map.layer = layer
        }
        var buffer = ScreenBuffer(width: sizes.columns, height: sizes.rows)
        results.append(measure("\(frame) 200×60, \(count) cities", iterations: 200) {
            BrowserView.draw(state, into: &buffer)
        })
        cpu.append("\(count) cities: \(formatSeconds(threadCPUSecondsPerCall(iterations: 200) { BrowserView.draw(state, into: &buffer) }))")
    }
    printTable(title, results, baseline: "\(frame) 200×60, 150 cities")
    // Wall time suffers when the machine is shared; the thread's CPU time does not.
    print("\(cpuLabel) (best round, this thread only): " + cpu.joined(separator: " · "))
}

/// Best-of-5 CPU time of this thread per call of `body`.
private func threadCPUSecondsPerCall(iterations: Int, rounds: Int = 5, _ body: () -> Void) -> Double {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = now()
        for _ in 0..<iterations { body() }
        best = min(best, (now() - start) / Double(iterations))
    }
    return best
}

/// Presents a frame, then the frame after `j`, to a headless ncurses pointed at a file, counting bytes.
private func keystrokeBytes(size: TerminalSize, map: Bool, terminal: String) throws -> (fullRepaint: Int, afterJ: Int, changedCells: Int, changedBytes: Int, floor: Int) {
    guard let out = tmpfile(), let inp = fopen("/dev/null", "r") else { throw CocoaError(.fileWriteUnknown) }
    defer { fclose(out); fclose(inp) }
    let backend = NcursesBackend(output: out, input: inp, terminalName: terminal, palette: ColorRole.palette)
    try backend.start()
    defer { backend.stop() }
    backend.resize(to: size)
    fflush(out)
    let start = ftell(out)
    // The bundled demo's 150 real cities: neighbouring rows differ as they do in a real feed.
    var state = RenderBenchData.state(feed: DemoData.feed(count: 150, language: "en-us", fetchedAt: RenderBenchData.fetchedAt), selected: 5, size: size)
    if map { _ = state.reduce(.toggleMap) }
    let before = BrowserView.render(state, size: size)
    backend.present(before)
    fflush(out)
    let afterFirst = ftell(out)
    _ = state.reduce(.moveDown)
    let after = BrowserView.render(state, size: size)
    backend.present(after)
    fflush(out)
    let afterSecond = ftell(out)
    let changed = after.changedCells(since: before)
    let floor = EscapeFloor(colors: backend.colorCount).bytes(from: before, to: after)
    return (afterFirst - start, afterSecond - afterFirst, changed.count, changed.utf8Bytes, floor)
}

/// Synthetic but realistic cities: mixed scripts, full details, as the Top Cities feed sends them.
enum RenderBenchData {
    static let names: [(String, String, String, Double)] = [
        ("東京", "Tokyo", "日本", 9), ("Москва", "Moscow", "Россия", -8), ("Berlin", "Berlin", "Germany", 7.2),
        ("São Paulo", "Sao Paulo", "Brazil", 24.5), ("Delhi", "Delhi", "India", 31), ("Cairo", "Cairo", "Egypt", 22),
        ("서울", "Seoul", "대한민국", 3.5), ("Mexico City", "Mexico City", "Mexico", 18), ("Lagos", "Lagos", "Nigeria", 29.4),
        ("Reykjavík", "Reykjavik", "Iceland", -12.5),
    ]

    static func city(_ i: Int) -> CityWeather {
        let base = names[i % names.count]
        func both(_ c: Double, _ mu: String, _ iu: String, _ f: (Double) -> Double) -> MetricImperial {
            MetricImperial(metric: UnitValue(value: c, unit: mu), imperial: UnitValue(value: f(c), unit: iu))
        }
        let t = base.3 + Double(i % 7) * 0.3
        let toF: (Double) -> Double = { TemperatureUnit.imperial.degrees(celsius: $0) }
        return CityWeather(
            key: "\(100_000 + i)", localizedName: i < names.count ? base.0 : "\(base.0) \(i)", englishName: base.1,
            country: Country(id: "XX", localizedName: base.2, englishName: base.2),
            timeZone: CityTimeZone(code: "UTC", name: "Etc/UTC", gmtOffset: Double(i % 12)),
            // Spread over the world, so the map's frame places every marker somewhere of its own.
            geoPosition: GeoPosition(latitude: Double(i * 37 % 130) - 50, longitude: Double(i * 73 % 360) - 180,
                                     elevation: both(40, "m", "ft") { $0 * 3.28 }),
            weatherText: ["Sunny", "Mostly cloudy", "Light rain", "Snow"][i % 4], weatherIcon: [1, 6, 12, 22][i % 4],
            hasPrecipitation: i % 4 >= 2, precipitationType: i % 4 >= 2 ? "Rain" : nil, isDayTime: true,
            temperature: both(t, "C", "F", toF), realFeelTemperature: both(t - 2, "C", "F", toF),
            relativeHumidity: 40 + i % 50, dewPoint: both(t - 8, "C", "F", toF),
            wind: Wind(direction: WindDirection(degrees: 270, localized: "W", english: "W"), speed: both(Double(i * 7 % 90), "km/h", "mi/h") { $0 / 1.609 }),
            windGust: Wind(direction: nil, speed: both(25, "km/h", "mi/h") { $0 / 1.609 }),
            uvIndex: 3, uvIndexText: "Moderate", visibility: both(16.1, "km", "mi") { $0 / 1.609 }, cloudCover: 40,
            pressure: both(1013, "mb", "inHg") { $0 * 0.02953 }, pressureTendency: PressureTendency(localizedText: "Rising", code: "R"),
            // Every class of every layer, and places without a chance, as a feed mixing sources' cities has.
            rainChanceNextHours: i % 11 == 0 ? nil : RainChance(percent: i * 13 % 101, hours: RainChance.standardHours)
        )
    }

    /// The state after a fetch of `cityCount` synthetic cities, built through the reducer as the
    /// app builds it.
    static func state(cityCount: Int, selected: Int, size: TerminalSize) -> State {
        let feed = WeatherFeed(fetchedAt: fetchedAt, request: FeedRequest(count: 150, language: "en-us"), cities: (0..<cityCount).map(city))
        return state(feed: feed, selected: selected, size: size)
    }

    static let fetchedAt = Date(timeIntervalSince1970: 1_795_349_040)

    /// The state after fetching `feed` (its first two cities pinned), the `selected`th row selected,
    /// scrolled to it for a terminal of `size`.
    static func state(feed: WeatherFeed, selected: Int, size: TerminalSize) -> State {
        var state = State(config: AppConfig(count: 150, timeZone: .utc),
                          now: fetchedAt.addingTimeInterval(300))
        let pins = feed.cities.prefix(2).map { PinnedCity(key: $0.key, name: $0.englishName, latitude: 0, longitude: 0) }
        _ = state.reduce(.pinsLoaded(pins))
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: 42))))
        // Every place's air but every eleventh's, across the index's categories: the air layer
        // looks each place's up.
        state.air.stored = StoredAirQuality(fetchedAt: fetchedAt, byCityKey: Dictionary(uniqueKeysWithValues: feed.cities.enumerated().compactMap { i, city in
            i % 11 == 0 ? nil : (city.key, AirQuality(epochTime: Int(fetchedAt.timeIntervalSince1970), europeanAQI: i * 7 % 130, usAQI: i * 13 % 400))
        }))
        // The frame drawn is the one around the selected row: drawing fits the list's screen
        // state, which scrolls the selection into view.
        state.list.selectedKey = state.list.visibleCities[selected].key
        return state
    }
}
