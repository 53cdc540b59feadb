import Foundation
import Testing
import WeatherCore
import WeatherModels
import WeatherTUI
@testable import weather_tui

/// `--once --forecast`'s three formats against their recorded text
/// (`Tests/Fixtures/once-forecast/forecast.<format>`). After a change meant to alter them:
///
///     SNAPSHOT_TESTING_RECORD=failed swift test --no-parallel --filter FeedPrinterForecastTests
///     git diff Tests/Fixtures/once-forecast
///
/// A recording run writes what differs and fails for it, so a recording is never taken for a pass.
@Suite struct FeedPrinterForecastTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/once-forecast")

    static let fetched = Date(timeIntervalSince1970: 1_700_000_000)

    static func day(_ date: String, epoch: Int, low: Double, high: Double, text: String, chance: Int?) -> OnceForecast.Day {
        let forecast = DailyForecast(
            date: date + "T07:00:00+09:00", epochDate: epoch,
            temperature: ValueRange(minimum: UnitValue(value: low, unit: "C"), maximum: UnitValue(value: high, unit: "C")),
            day: ForecastDayPart(icon: 1, iconPhrase: text, precipitationProbability: chance),
            night: ForecastDayPart(icon: 33, iconPhrase: "Clear")
        )
        return OnceForecast.Day(forecast: forecast, label: WeatherFormat.dayLabel(ofForecastDate: forecast.date, epoch: epoch))
    }

    static func hour(_ epoch: Int, _ clock: String, c: Double, chance: Int) -> OnceForecast.Hour {
        OnceForecast.Hour(forecast: HourlyForecast(epochTime: epoch, temperatureCelsius: c, precipitationProbability: chance,
                                                   weatherIcon: 1, weatherText: "Sunny", isDaylight: true), clock: clock)
    }

    /// Tokyo with days, hours, sun and air; Moscow with none of it (why instead); London in polar night.
    static var report: OnceReport {
        var report = FeedPrinterTests.report
        let air = AirQuality(epochTime: 1_699_999_200, europeanAQI: 34, usAQI: 51)
        report.forecasts = [
            "226396": OnceForecast(
                fetchedAt: fetched,
                days: [day("2023-11-15", epoch: 1_700_000_000, low: 9.4, high: 17.8, text: "Sunny", chance: 0),
                       day("2023-11-16", epoch: 1_700_086_400, low: -0.5, high: 12, text: "Rain \u{1b}]0;owned\u{07}later", chance: 80)],
                hours: (0..<8).map { hour(1_700_000_000 + 3600 * $0, "\(13 + $0):00", c: 17.5 - Double($0), chance: 10 * $0) },
                sun: .risesAndSets(sunrise: Date(timeIntervalSince1970: 1_699_995_600), sunset: Date(timeIntervalSince1970: 1_700_033_400)),
                sunLine: "Sunrise 06:00 · Sunset 16:30 · 10 h 30 min of daylight",
                moonPhase: "waxing crescent", moonLitPercent: 8, moonLine: "Moon: waxing crescent, 8 % lit",
                air: air, airFetchedAt: fetched, airScale: .european),
            "294021": OnceForecast(moonPhase: "waxing crescent", moonLitPercent: 8, moonLine: "Moon: waxing crescent, 8 % lit",
                                   problem: "offline: cannot reach dataservice.accuweather.com"),
            "328328": OnceForecast(fetchedAt: fetched, sun: .downAllDay, sunLine: "No sunrise today",
                                   moonPhase: "waxing crescent", moonLitPercent: 8, moonLine: "Moon: waxing crescent, 8 % lit"),
        ]
        return report
    }

    static func check(_ text: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = directory.appendingPathComponent(name)
        let recorded = try? String(contentsOf: file, encoding: .utf8)
        guard recorded != text else { return }
        if ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] != nil {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name): check it and run again", sourceLocation: sourceLocation)
        } else {
            Issue.record("\(name) differs from the recording:\n\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func table() {
        Self.check(FeedPrinter.render(Self.report, format: .table, units: .metric), name: "forecast.table.txt")
    }

    @Test func tableInASCII() {
        Self.check(FeedPrinter.render(Self.report, format: .table, units: .imperial, glyphs: .ascii), name: "forecast.table-ascii.txt")
    }

    @Test func json() throws {
        let text = FeedPrinter.render(Self.report, format: .json, units: .metric)
        Self.check(text, name: "forecast.json")
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test func csv() {
        Self.check(FeedPrinter.render(Self.report, format: .csv, units: .metric), name: "forecast.csv")
    }

    /// What a server sent drives no terminal in any format.
    @Test func noEscapeReachesTheOutput() {
        for format in OutputFormat.allCases {
            #expect(!FeedPrinter.render(Self.report, format: format, units: .metric).unicodeScalars.contains("\u{1b}"), "\(format)")
        }
    }

    /// Without `--forecast` the three formats are the list's alone.
    @Test func withoutForecastsNothingIsAdded() {
        let plain = FeedPrinterTests.report
        #expect(!FeedPrinter.render(plain, format: .json, units: .metric).contains("\"forecast\""))
        #expect(FeedPrinter.render(plain, format: .csv, units: .metric).hasPrefix("key,name,englishName,"))
        #expect(!FeedPrinter.render(plain, format: .table, units: .metric).contains("forecast"))
    }
}
