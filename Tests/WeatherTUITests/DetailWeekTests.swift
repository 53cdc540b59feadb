import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit
import EssentialsSupport

/// The detail's days: every day the source sent (a week from Open-Meteo, 5 from AccuWeather),
/// each labelled by its weekday and date, all in sight at every size the program is tried at.
@Suite struct DetailWeekTests {
    /// 2026-11-22T00:00Z, a Sunday: the fixtures' today in UTC.
    static let today = 1_795_305_600

    /// `count` days from today as Open-Meteo's answer is mapped: no headline, the day's code and
    /// its chance of precipitation on the day half.
    static func days(_ count: Int, headline: String? = nil) -> DailyForecastResponse {
        DailyForecastResponse(headline: headline.map { ForecastHeadline(text: $0) }, dailyForecasts: (0..<count).map { n in
            let epoch = today + n * 86_400
            return DailyForecast(date: CivilTime.iso8601(epoch: epoch, utcOffsetSeconds: 0), epochDate: epoch,
                                 temperature: ValueRange(minimum: UnitValue(value: Double(n), unit: "C"), maximum: UnitValue(value: Double(10 + n), unit: "C")),
                                 day: ForecastDayPart(icon: 1, iconPhrase: "Clear sky", precipitationProbability: n * 10))
        })
    }

    static let weekLabels = ["Sun 22 Nov", "Mon 23 Nov", "Tue 24 Nov", "Wed 25 Nov", "Thu 26 Nov", "Fri 27 Nov", "Sat 28 Nov"]
    static let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 140, rows: 40), TerminalSize(columns: 200, rows: 60)]

    /// A week (Open-Meteo's) is seven rows, each labelled by weekday and date, at every size; none
    /// scrolls out of sight, the chart keeping the rows the days leave.
    @Test(arguments: sizes)
    func aWeekIsSevenLabelledRowsInSight(size: TerminalSize) throws {
        let state = try DetailPicturesTests.state(hours: DetailPicturesTests.hours(), forecast: Self.days(7))
        let lines = BrowserView.render(state, size: size).lines
        #expect(lines.contains { $0.contains("7-day forecast") })
        for label in Self.weekLabels {
            #expect(lines.filter { $0.contains(label + " ☀") }.count == 1, "\(label) at \(size.columns)×\(size.rows)")
        }
        #expect(!lines.joined().contains("↓ more"), "every day in sight at \(size.columns)×\(size.rows)")
    }

    /// AccuWeather's plan brings 5 days: five rows, labelled the same way, its headline kept where it fits.
    @Test(arguments: sizes)
    func fiveDaysAreFiveRows(size: TerminalSize) throws {
        let state = try DetailPicturesTests.state(hours: nil, forecast: Self.days(5, headline: "Mild through the week"))
        let lines = BrowserView.render(state, size: size).lines
        #expect(lines.contains { $0.contains("5-day forecast") })
        #expect(lines.contains { $0.contains("Mild through the week") })
        for label in Self.weekLabels.prefix(5) { #expect(lines.contains { $0.contains(label) }, "\(label)") }
        #expect(!lines.contains { $0.contains("Fri 27 Nov") })
    }

    /// Where the conditions leave too few rows for the headline and every day, the headline gives
    /// way: a week of rows says more than a sentence about it.
    @Test func theHeadlineGivesWayToTheDays() throws {
        let state = try DetailPicturesTests.state(hours: nil, forecast: Self.days(7, headline: "Mild through the week"))
        // The conditions take 12 rows here, the days 9 and the headline 1: one more than 80×23 has.
        let lines = BrowserView.render(state, size: TerminalSize(columns: 80, rows: 23)).lines
        for label in Self.weekLabels { #expect(lines.contains { $0.contains(label) }, "\(label)") }
        #expect(!lines.contains { $0.contains("Mild through the week") })
        #expect(!lines.joined().contains("↓ more"))
        // Where it fits with them, it stays.
        #expect(BrowserView.render(state, size: TerminalSize(columns: 80, rows: 24)).lines.contains { $0.contains("Mild through the week") })
    }

    /// A pane too narrow for the month keeps the weekday and the day of the month, and the row whole.
    @Test func aNarrowPaneDropsTheMonth() throws {
        let state = try DetailPicturesTests.state(hours: nil, forecast: Self.days(7))
        let lines = BrowserView.render(state, size: TerminalSize(columns: 40, rows: 30)).lines
        let row = try #require(lines.first { $0.contains("Fri 27 ☀") })
        #expect(!lines.joined().contains("Nov"))
        #expect(row.hasSuffix("50 %"), "the row's last column, whole: \(row)")
    }

    /// Each day is labelled with its own date, as its source wrote it in the place's offset, not
    /// the user's: a day that starts at 00:00 in UTC+14 is the day before in UTC.
    @Test func theLabelIsThePlacesDate() {
        #expect(WeatherFormat.dayLabel(ofForecastDate: "2026-11-27T00:00:00+14:00", epoch: 1_795_701_600) == "Fri 27 Nov")
        #expect(WeatherFormat.dayLabel(ofForecastDate: "2026-12-05T07:00:00+09:00", epoch: 0, month: false) == "Sat  5")
    }
}
