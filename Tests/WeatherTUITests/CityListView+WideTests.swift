import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI
import TerminalKit

/// The wide list's `Local` column on either clock.
@Suite struct CityListViewWideTests {
    /// A city where it is 23:09 at the fixtures' now (12:09 UTC).
    static let sydney: CityWeather = {
        var city = ViewFixtures.make(name: "Sydney", country: "Australia")
        city.timeZone = CityTimeZone(code: "AEDT", name: nil, gmtOffset: 11)
        return city
    }()

    static func list(clock: ClockStyle) -> String {
        var state = ViewFixtures.state([sydney], selected: nil)
        state.clock = clock
        var buffer = ScreenBuffer(width: 200, height: 3)
        CityListView.draw(CityListView.Content(state), into: &buffer, rect: Rect(x: 0, y: 0, width: 200, height: 3))
        return buffer.line(1)
    }

    /// A 12-hour clock's `11:09 PM` is eight columns: the column widens to hold it whole, and the
    /// columns before it stay where they are.
    @Test func aTwelveHourClockWidensTheLocalColumnToHoldTheWholeTime() throws {
        let twentyFour = CityListView.Columns(width: 200), twelve = CityListView.Columns(width: 200, clock: .twelveHour)
        let local24 = try #require(twentyFour.extras.first { $0.column == .localTime })
        let local12 = try #require(twelve.extras.first { $0.column == .localTime })
        #expect(local24.width == 5 && local12.width == 8)
        #expect(local12.x == local24.x && twelve.city == twentyFour.city && twelve.country == twentyFour.country)
        #expect(Self.list(clock: .twelveHour).contains(" 11:09 PM "), "\(Self.list(clock: .twelveHour))")
    }

    /// A 24-hour clock keeps the five columns every earlier release drew.
    @Test func aTwentyFourHourClockKeepsFiveColumns() {
        #expect(Self.list(clock: .twentyFourHour).contains(" 23:09 "), "\(Self.list(clock: .twentyFourHour))")
        #expect(CityListView.Columns(width: 200) == CityListView.Columns(wide: 200, clock: .twentyFourHour))
        #expect(ExtraColumn.localTime.width() == 5)
    }
}
