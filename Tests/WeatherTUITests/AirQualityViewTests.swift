import EssentialsSupport
import Foundation
import TerminalKit
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI

/// The air on screen: the wide list's AQI column in its category's colour, and the detail's section.
@Suite struct AirQualityViewTests {
    static let berlin = AirQuality(epochTime: 0, europeanAQI: 34, usAQI: 160, pm2_5: 11.6, pm10: 16.2, ozone: 41, nitrogenDioxide: 24.3,
                                   alderPollen: 0, birchPollen: 1.2, grassPollen: 4, ragweedPollen: nil)

    static func state(air: [String: AirQuality], fetchedAgo: TimeInterval = 300) -> State {
        var m = ViewFixtures.state([ViewFixtures.make(key: "a", name: "Berlin", country: "Germany", celsius: 7),
                                    ViewFixtures.make(key: "b", name: "Oslo", country: "Norway", celsius: 2)])
        m.air.stored = StoredAirQuality(fetchedAt: ViewFixtures.now.addingTimeInterval(-fetchedAgo), byCityKey: air)
        return m
    }

    static func render(_ m: State, _ columns: Int, _ rows: Int) -> ScreenBuffer {
        BrowserView.render(m, size: TerminalSize(columns: columns, rows: rows))
    }

    @Test func theWideListShowsTheIndexInItsCategorysColour() throws {
        var m = Self.state(air: ["a": Self.berlin])
        m.list.selectedKey = nil
        let buffer = Self.render(m, 200, 60)
        let titles = buffer.line(1)
        let title = try #require(titles.range(of: "AQI"))
        let x = DisplayWidth.width(of: String(titles[..<title.upperBound])) - 1  // the title's last column, right-aligned with its values
        #expect(buffer.line(2).contains(" 34 "))
        #expect(buffer[x, 2].character == "4")
        #expect(buffer[x, 2].style.color == ColorRole.europeanAir1.slot, "fair: the EEA's second colour")
        #expect(buffer[x, 2].style.bold, "a value apart in monochrome too")
        #expect(buffer[x, 3].character == " ", "no air, no index")
        m.units = .imperial
        let us = Self.render(m, 200, 60)
        #expect(us.line(2).contains(" 160 "))
        #expect(us[x, 2].style.color == ColorRole.usAir3.slot, "unhealthy: the EPA's red")
    }

    @Test func theDetailNamesTheCategoryThePollutantsPollenAndTheSource() {
        let text = Self.render(Self.state(air: ["a": Self.berlin]), 200, 60).lines.joined(separator: "\n")
        #expect(text.contains("Air 34 fair (European AQI)"))
        #expect(text.contains("PM2.5 12 · PM10 16 · O₃ 41 · NO₂ 24 µg/m³"))
        #expect(text.contains("Pollen alder 0.0 · birch 1.2 · grass 4.0 grains/m³"), "ragweed not given, not shown")
        #expect(text.contains("Air quality by Open-Meteo.com / CAMS"))
        #expect(!text.contains("fetched"), "fetched with the weather: no age of its own")
    }

    @Test func theDetailGivesTheAirsAgeWhenFetchedApartFromTheWeather() {
        let text = Self.render(Self.state(air: ["a": Self.berlin], fetchedAgo: 3 * 3600), 200, 60).lines.joined(separator: "\n")
        #expect(text.contains("Air quality by Open-Meteo.com / CAMS, fetched 3 h ago"))
    }

    @Test func theDetailSaysWhileTheAirLoadsOrWhyItFailedAndNothingOtherwise() {
        var m = Self.state(air: [:])
        m.air.stored = nil
        #expect(!Self.render(m, 140, 40).lines.joined().contains("Air quality"))
        m.air.inFlight = true
        #expect(Self.render(m, 140, 40).lines.joined().contains("Air quality: loading…"))
        m.air.inFlight = false
        m.air.error = "request limit reached, try again later (429)"
        #expect(Self.render(m, 140, 40).lines.joined().contains("Air quality: request limit reached, try again later (429)"))
    }

    @Test func everyAirRoleHasItsAgencysColourAndThePaletteANearColour() throws {
        for scale in AirQualityScale.allCases {
            for category in scale.categories {
                let role = try #require(ColorRole.air(category, on: scale))
                #expect(role.airRGB == category.rgb)
                #expect((16...231).contains(try #require(role.color.rich)))
                #expect(role.color.basic != nil)
            }
        }
        #expect(ColorRole.air(nil, on: .us) == nil)
        #expect(ColorRole.xterm256(0xFF0000) == 196)
        #expect(ColorRole.xterm256(0x00E400) == 40)
        #expect(ColorRole.usAir3.color.basic == .red && ColorRole.usAir0.color.basic == .green)
        #expect(ColorRole.frigid.airRGB == nil)
    }
}
