import Foundation
import Testing
import WeatherCore
import WeatherModels
@testable import weather_tui
import WeatherTUI

/// `--once` prints each place's official alerts: JSON's `"alerts"` (null: not known; []: none),
/// CSV's `alerts` column, the table's mark (docs/spec.md §6).
@Suite struct FeedPrinterAlertsTests {
    static let storm = WeatherAlert(
        event: "Winter Storm Warning", severity: .severe, headline: "Heavy snow", description: "* WHAT...Snow.", instruction: nil,
        onset: Date(timeIntervalSince1970: 1_700_003_600), expires: nil, sender: "NWS Boulder CO", source: .nws)
    static let gusts = WeatherAlert(event: "wind gusts", severity: .minor, sender: "Deutscher Wetterdienst", source: .brightSky)

    /// Tokyo not known, Moscow checked with none, London with two.
    static var report: OnceReport {
        var report = FeedPrinterTests.report
        report.alerts = ["294021": [], "328328": [storm, gusts]]
        return report
    }

    @Test func jsonSaysNullForNotKnownAndAnEmptyListForNone() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(FeedPrinter.json(Self.report).utf8)) as? [String: Any])
        let cities = try #require(object["cities"] as? [[String: Any]])
        #expect(cities[0]["alerts"] is NSNull)
        #expect((cities[1]["alerts"] as? [Any])?.isEmpty == true)
        let alerts = try #require(cities[2]["alerts"] as? [[String: Any]])
        #expect(alerts.count == 2)
        #expect(Set(alerts[0].keys) == ["event", "severity", "headline", "description", "instruction", "onset", "expires", "sender", "source"])
        #expect(alerts[0]["event"] as? String == "Winter Storm Warning")
        #expect(alerts[0]["severity"] as? String == "severe")
        #expect(alerts[0]["onset"] as? String == "2023-11-14T23:13:20Z")
        #expect(alerts[0]["expires"] is NSNull)
        #expect(alerts[0]["instruction"] is NSNull)
        #expect(alerts[0]["sender"] as? String == "NWS Boulder CO")
        #expect(alerts[0]["source"] as? String == "nws")
        #expect(alerts[1]["source"] as? String == "bright-sky")
    }

    @Test func csvHasAnAlertsColumnOfTheEvents() {
        let lines = FeedPrinter.csv(Self.report).components(separatedBy: "\r\n")
        #expect(lines[0].hasSuffix(",pinned,alerts"))
        #expect(lines[1].hasSuffix(",false,unknown"))
        #expect(lines[2].hasSuffix(",true,"))
        #expect(lines[3].hasSuffix(",false,Winter Storm Warning;wind gusts"))
    }

    @Test func theTableMarksAPlaceWithAnAlertByItsHighestSeverity() {
        let table = FeedPrinter.table(Self.report, units: .metric)
        #expect(table.contains("⚠ Rain, then \"fog\""))
        #expect(!table.contains("⚠ Sunny"))
        #expect(FeedPrinter.render(Self.report, format: .table, units: .metric, glyphs: .ascii).contains("! Rain"))
    }
}
