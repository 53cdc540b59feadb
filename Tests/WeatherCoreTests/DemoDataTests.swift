import Foundation
import Testing
import WeatherModels
@testable import WeatherCore

@Suite struct DemoDataTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/demo")
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [50, 100, 150])
    func feedsOfEveryCountWithUniqueKeys(count: Int) {
        let feed = DemoData.feed(count: count, language: "en-us", fetchedAt: now)
        #expect(feed.cities.count == count)
        #expect(Set(feed.cities.map(\.key)).count == count)
        #expect(feed.request == FeedRequest(count: count, language: "en-us"))
        #expect(feed.cities.allSatisfy { $0.epochTime == 1_800_000_000 - 420 })
    }

    @Test func everyCityHasEveryDetailsField() {
        for city in DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities {
            let fields: [Any?] = [city.timeZone, city.geoPosition?.elevation, city.weatherIcon, city.hasPrecipitation,
                                  city.realFeelTemperature, city.realFeelTemperatureShade, city.relativeHumidity, city.dewPoint,
                                  city.wind?.direction, city.windGust?.speed, city.uvIndex, city.uvIndexText, city.visibility,
                                  city.cloudCover, city.ceiling, city.pressure, city.pressureTendency,
                                  city.past24HourTemperatureDeparture, city.apparentTemperature, city.windChillTemperature,
                                  city.wetBulbTemperature, city.precip1hr, city.precipitationSummary?.past24Hours,
                                  city.temperatureSummary?.past24HourRange]
            #expect(fields.allSatisfy { $0 != nil }, "\(city.englishName) lacks a details field")
        }
    }

    @Test func localizedNamesInManyScripts() {
        let names = Set(DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities.map(\.localizedName))
        for name in ["東京", "Москва", "서울", "القاهرة", "दिल्ली", "กรุงเทพมหานคร", "Αθήνα", "ירושלים", "São Paulo"] {
            #expect(names.contains(name), "\(name)")
        }
    }

    @Test func everyCityHasAFiveDayForecastStartingToday() throws {
        for city in DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities {
            let forecast = try #require(DemoData.forecast(cityKey: city.key, now: now))
            #expect(forecast.dailyForecasts.count == 5)
            let first = try #require(forecast.dailyForecasts.first)
            let offset = Int((city.timeZone?.gmtOffset ?? 0) * 3600)
            #expect((first.epochDate + offset) / 86400 == (1_800_000_000 + offset) / 86400, "\(city.englishName) starts today")
        }
        #expect(DemoData.forecast(cityKey: "no such city", now: now) == nil)
    }

    @Test func theCompiledInCopyMatchesResources() throws {
        func minified(_ file: String) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.resources.appendingPathComponent(file)))
        }
        let cities = try JSONSerialization.jsonObject(with: Data(DemoData.topCitiesJSON.utf8)) as? NSArray
        let forecasts = try JSONSerialization.jsonObject(with: Data(DemoData.forecastsJSON.utf8)) as? NSDictionary
        #expect(cities == (try minified("topcities-150.json") as? NSArray))
        #expect(forecasts == (try minified("forecasts.json") as? NSDictionary))
        let hourly = try JSONSerialization.jsonObject(with: Data(DemoData.hourlyJSON.utf8)) as? NSDictionary
        #expect(hourly == (try minified("hourly.json") as? NSDictionary))
    }

    @Test func everyCityHasTheNext24HoursFromThisHourAtItsLocalHours() throws {
        let tokyo = try #require(DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities.first { $0.englishName == "Tokyo" })
        for city in DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities {
            let hours = try #require(DemoData.hourly(cityKey: city.key, now: now)?.hours, "\(city.englishName)")
            #expect(hours.count == 24)
            #expect(hours.first?.epochTime == 1_800_000_000 / 3600 * 3600)
            #expect(zip(hours, hours.dropFirst()).allSatisfy { $1.epochTime - $0.epochTime == 3600 })
            #expect(hours.allSatisfy { $0.temperatureCelsius != nil && (0...100).contains($0.precipitationProbability ?? -1) })
        }
        // 1_800_000_000 is 08:00 UTC, 17:00 in Tokyo: the bundled day's 17:00 comes first.
        let day = try #require(DemoData.allHourly[tokyo.key])
        #expect(DemoData.hourly(cityKey: tokyo.key, now: now)?.hours.first?.temperatureCelsius == day.temperature[17])
        #expect(DemoData.hourly(cityKey: "no such city", now: now) == nil)
    }

    /// An own place's days and hours follow its own clock, not the stand-in city's: Nuuk (UTC-2
    /// in November) borrows a city hours away in another zone.
    @Test func anOwnPlacesHoursAndDaysAreAtItsOwnLocalTime() throws {
        let nuuk = try #require(DemoData.places.first { $0.name == "Nuuk" })
        let standIn = try #require(DemoData.nearestCity(to: nuuk))
        let standInOffset = try #require(standIn.timeZone?.gmtOffset)
        #expect(DemoData.offsetHours(for: nuuk.id, at: now) == -2)
        #expect(standInOffset != -2, "the case this guards: a stand-in in another zone")
        // 1_800_000_000 is 08:00 UTC, 06:00 in Nuuk: the stand-in's day at 06:00 comes first.
        let day = try #require(DemoData.allHourly[standIn.key])
        #expect(DemoData.hourly(cityKey: nuuk.id, now: now)?.hours.first?.temperatureCelsius == day.temperature[6])
        let days = try #require(DemoData.forecast(cityKey: nuuk.id, now: now)?.dailyForecasts)
        #expect(days.first?.date.hasSuffix("T07:00:00-02:00") == true)
        #expect(days.first.map { $0.epochDate } == 1_800_000_000 / 86400 * 86400 + 9 * 3600, "07:00 in Nuuk on the day it is there")
    }

    @Test func aRefreshBringsEveryCitysDaysAndHoursAsOpenMeteoDoes() {
        let payload = DemoData.feedPayload(FeedRequest(count: 50, language: "en-us"), now: now)
        #expect(payload.forecasts.count == 50)
        #expect(payload.feed.cities.allSatisfy { payload.forecasts[$0.key]?.hourly?.hours.count == 24 })
        #expect(payload.feed.cities.allSatisfy { payload.forecasts[$0.key]?.forecast.dailyForecasts.count == 5 })
    }
}
