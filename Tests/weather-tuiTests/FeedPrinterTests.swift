import Foundation
import Testing
import WeatherCore
import WeatherModels
@testable import weather_tui
import WeatherTUI
import EssentialsSupport

@Suite struct FeedPrinterTests {
    static func city(_ key: String, _ local: String, _ english: String, country: String, code: String, c: Double, f: Double, text: String = "Sunny") -> CityWeather {
        CityWeather(
            key: key, localizedName: local, englishName: english,
            country: Country(id: code, localizedName: country, englishName: country),
            epochTime: 1_512_581_700, weatherText: text, weatherIcon: 1, isDayTime: true,
            temperature: MetricImperial(metric: UnitValue(value: c, unit: "C"), imperial: UnitValue(value: f, unit: "F"))
        )
    }

    static let feed = WeatherFeed(
        fetchedAt: Date(timeIntervalSince1970: 1_700_000_000),
        request: FeedRequest(count: 50, language: "en-us"),
        cities: [
            city("226396", "東京", "Tokyo", country: "Japan", code: "JP", c: 17.8, f: 64),
            city("294021", "Москва", "Moscow", country: "Russia", code: "RU", c: -3.5, f: 26),
            city("328328", "London", "London", country: "United Kingdom", code: "GB", c: 9, f: 48, text: "Rain, then \"fog\""),
        ]
    )

    static let report = OnceReport(
        feed: WeatherFeedSummary(feed),
        source: .archive, offline: true, reason: "offline: cannot reach dataservice.accuweather.com", pinned: ["294021"]
    )

    @Test func tableColumnsAlignByDisplayWidth() {
        let lines = FeedPrinter.table(Self.report, units: .metric).split(separator: "\n").map(String.init)
        // The country column starts at the same display column on every row, whatever the script.
        let countryColumns = lines.prefix(5).filter { !$0.hasPrefix("─") }.compactMap { line -> Int? in
            for country in ["Country", "Japan", "Russia", "United Kingdom"] {
                if let range = line.range(of: country) {
                    return DisplayWidth.width(of: String(line[..<range.lowerBound]))
                }
            }
            return nil
        }
        #expect(countryColumns.count == 4)
        #expect(Set(countryColumns).count == 1)
        #expect(lines.last?.contains("offline: cannot reach") == true)
    }

    /// The footer counts in words: "1 city", not "1 cities".
    @Test func theTableFooterCountsOneCityAsOne() {
        var one = Self.report
        one.feed.cities = Array(one.feed.cities.prefix(1))
        #expect(FeedPrinter.table(one, units: .metric).split(separator: "\n").last?.hasPrefix("1 city · ") == true)
        #expect(FeedPrinter.table(Self.report, units: .metric).split(separator: "\n").last?.hasPrefix("3 cities · ") == true)
    }

    @Test func tableUsesTheChosenUnits() {
        let metric = FeedPrinter.table(Self.report, units: .metric)
        let imperial = FeedPrinter.table(Self.report, units: .imperial)
        #expect(metric.contains("17.8°C") && metric.contains("-3.5°C"))
        #expect(imperial.contains("64°F") && !imperial.contains("°C"))
    }

    /// `--once --ascii`: the table's own glyphs in ASCII as the screen's (`─` as `-`, `°` as a
    /// blank, `·` as `|`); the places' names are shown as written.
    @Test func anASCIITableDrawsNoGlyphOfItsOwn() {
        let table = FeedPrinter.render(Self.report, format: .table, units: .metric, glyphs: .ascii)
        #expect(!table.contains("─") && !table.contains("°") && !table.contains("·"), "\(table)")
        #expect(table.contains("17.8 C") && table.contains("東京 (Tokyo)") && table.contains("----"), "\(table)")
        #expect(FeedPrinter.render(Self.report, format: .table, units: .metric, glyphs: .console).contains("17.8°C"))
    }

    @Test func jsonHasTheShapeOfTheSpec() throws {
        let data = Data(FeedPrinter.json(Self.report).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["fetchedAt", "source", "provider", "offline", "reason", "cities"])
        #expect(object["source"] as? String == "archive")
        #expect(object["offline"] as? Bool == true)
        #expect(object["fetchedAt"] as? String == "2023-11-14T22:13:20Z")
        let cities = try #require(object["cities"] as? [[String: Any]])
        #expect(cities.count == 3)
        #expect(Set(cities[0].keys) == ["key", "name", "englishName", "country", "countryCode", "temperatureC",
                                        "temperatureF", "weatherText", "icon", "isDayTime", "observedAt", "pinned", "alerts"])
        #expect(cities.map { $0["pinned"] as? Bool } == [false, true, false])
        #expect(cities[0]["name"] as? String == "東京")
        #expect(cities[0]["temperatureC"] as? Double == 17.8)
        #expect(cities[0]["observedAt"] as? String == "2017-12-06T17:35:00Z")
    }

    /// A kept place has `nowcast` (its members null where not known); a place not kept has none.
    @Test func jsonGivesKeptPlacesTheirNowcast() throws {
        var report = Self.report
        let starts = Date(timeIntervalSince1970: 1_700_001_800)
        let moderate: RainSpell? = RainSpell(starts: starts, ends: starts + 2_700, intensity: .moderate), none: RainSpell? = nil
        report.nowcasts = ["294021": moderate, "328328": none]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(FeedPrinter.json(report).utf8)) as? [String: Any])
        let cities = try #require(object["cities"] as? [[String: Any]])
        #expect(cities[0]["nowcast"] == nil, "Tokyo is not kept")
        let moscow = try #require(cities[1]["nowcast"] as? [String: Any])
        #expect(moscow["rainStarts"] as? String == "2023-11-14T22:43:20Z")
        #expect(moscow["rainEnds"] as? String == "2023-11-14T23:28:20Z")
        #expect(moscow["intensity"] as? String == "moderate")
        let london = try #require(cities[2]["nowcast"] as? [String: Any])
        #expect(Set(london.keys) == ["rainStarts", "rainEnds", "intensity"])
        #expect(london.values.allSatisfy { $0 is NSNull })
    }

    @Test func jsonReasonIsNullWhenFresh() throws {
        var fresh = Self.report
        fresh.offline = false
        fresh.reason = nil
        fresh.source = .live
        let object = try #require(try JSONSerialization.jsonObject(with: Data(FeedPrinter.json(fresh).utf8)) as? [String: Any])
        #expect(object["reason"] is NSNull)
        #expect(object["source"] as? String == "live")
    }

    /// Absurd numbers from a server or a damaged archive print in every format; JSON stays JSON
    /// (no infinity or NaN in it), and nothing traps.
    @Test func absurdNumbersPrintInEveryFormat() throws {
        var cities = [
            Self.city("1", "Nowhere", "Nowhere", country: "X", code: "XX", c: 1e300, f: -1e300),
            Self.city("2", "Never", "Never", country: "X", code: "XX", c: .infinity, f: .nan),
        ]
        cities[0].epochTime = Int.max
        cities[1].epochTime = Int.min
        let report = OnceReport(feed: WeatherFeedSummary(WeatherFeed(fetchedAt: Date(timeIntervalSinceReferenceDate: 1e15),
                                                                     request: FeedRequest(count: 50, language: "en-us"), cities: cities)),
                                source: .archive, offline: false, reason: nil)
        for units in [TemperatureUnit.metric, .imperial] {
            #expect(FeedPrinter.table(report, units: units).contains("Nowhere"))
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(FeedPrinter.json(report).utf8)) as? [String: Any])
        let rows = try #require(object["cities"] as? [[String: Any]])
        #expect(rows[0]["temperatureC"] as? Double == 1e300)
        #expect(rows[1]["temperatureC"] is NSNull && rows[1]["temperatureF"] is NSNull)
        #expect(FeedPrinter.csv(report).components(separatedBy: "\r\n").count == 4)
    }

    /// Names from the network cannot drive the terminal in any format: the table, JSON and CSV
    /// show controls, escape sequences' introducers and bidi overrides as U+FFFD (`TerminalText`),
    /// and the JSON stays valid.
    @Test func controlCharactersInNamesCannotReachTheTerminal() throws {
        let hostile = "Evil\u{1B}]0;owned\u{07}\u{9B}2J\u{202E}x\u{0}"
        let shown = "Evil\u{FFFD}]0;owned\u{FFFD}\u{FFFD}2J\u{FFFD}x\u{FFFD}"
        let report = OnceReport(feed: WeatherFeedSummary(WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 1_700_000_000),
                                                                     request: FeedRequest(count: 50, language: "en-us"),
                                                                     cities: [Self.city("1", hostile, hostile, country: "X\u{1B}[2J", code: "X\u{2066}", c: 1, f: 34, text: "Sun\u{7F}ny")])),
                                source: .archive, offline: true, reason: "offline: \u{1B}[41mred")
        func raw(_ text: String) -> Bool {
            text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\r") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
        }
        let table = FeedPrinter.table(report, units: .metric)
        #expect(!raw(table))
        #expect(table.contains(shown) && table.contains("Sun\u{FFFD}ny") && table.contains("offline: \u{FFFD}[41mred"))
        let json = FeedPrinter.json(report)
        #expect(!raw(json))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let city = try #require((object["cities"] as? [[String: Any]])?.first)
        #expect(city["name"] as? String == shown && city["weatherText"] as? String == "Sun\u{FFFD}ny")
        #expect(city["countryCode"] as? String == "X\u{FFFD}" && object["reason"] as? String == "offline: \u{FFFD}[41mred")
        let csv = FeedPrinter.csv(report)
        #expect(!raw(csv))
        #expect(csv.contains(shown) && csv.contains(",X\u{FFFD}[2J,X\u{FFFD},"))
    }

    /// JSON keeps a line break in the data as an escape, valid and inert.
    @Test func jsonEscapesLineBreaksAndTabs() throws {
        #expect(OrderedJSON.quote("a\nb\tc\"d\\e\r") == #""a\nb\tc\"d\\e\#u{FFFD}""#)
    }

    @Test func csvHasAHeaderAndQuotesWhatNeedsQuoting() {
        let rows = FeedPrinter.csv(Self.report).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == 4)
        #expect(rows[0].hasPrefix("key,name,englishName,country,countryCode,temperatureC,temperatureF"))
        #expect(rows[1].hasPrefix("226396,東京,Tokyo,Japan,JP,17.8,64,"))
        #expect(rows[3].contains("\"Rain, then \"\"fog\"\"\""))
        #expect(rows[0].hasSuffix(",observedAt,pinned,alerts"))
        #expect(rows.dropFirst().map { $0.hasSuffix(",true,unknown") } == [false, true, false])
    }
}
