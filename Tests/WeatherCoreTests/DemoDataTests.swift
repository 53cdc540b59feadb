import Foundation
import Testing
import WeatherModels
import Sky
import EssentialsSupport
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

    /// Every field, but a UV reading by day where the bundled conditions are a night's (the
    /// demo does not make one up).
    @Test func everyCityHasEveryDetailsField() {
        let bundled = Dictionary(uniqueKeysWithValues: DemoData.allCities.map { ($0.key, $0) })
        for city in DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities {
            let uvKnown = !city.isDayTime || bundled[city.key]?.isDayTime == true
            #expect((city.uvIndex != nil && city.uvIndexText != nil) == uvKnown, "\(city.englishName)")
            let fields: [Any?] = [city.timeZone, city.geoPosition?.elevation, city.weatherIcon, city.hasPrecipitation,
                                  city.realFeelTemperature, city.realFeelTemperatureShade, city.relativeHumidity, city.dewPoint,
                                  city.wind?.direction, city.windGust?.speed, city.visibility,
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

    /// A week, as Open-Meteo's (whose 24 hours the demo's are too), day after day.
    @Test func everyCityHasAWeeksForecastStartingToday() throws {
        for city in DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities {
            let forecast = try #require(DemoData.forecast(cityKey: city.key, now: now))
            #expect(forecast.dailyForecasts.count == 7)
            #expect(zip(forecast.dailyForecasts, forecast.dailyForecasts.dropFirst()).allSatisfy { $1.epochDate - $0.epochDate == 86_400 },
                    "\(city.englishName): one day after another")
            let first = try #require(forecast.dailyForecasts.first)
            let offset = Int((city.timeZone?.gmtOffset ?? 0) * 3600)
            #expect((first.epochDate + offset) / 86400 == (1_800_000_000 + offset) / 86400, "\(city.englishName) starts today")
        }
        #expect(DemoData.forecast(cityKey: "no such city", now: now) == nil)
    }

    /// The headline and the days' phrases come in the run's language, as AccuWeather sends them:
    /// every city's, in every language, none left in English.
    @Test(arguments: Language.Code.allCases.filter { $0 != .en })
    func theForecastsWordsAreInTheLanguage(_ code: Language.Code) throws {
        let language = Language(code: code)
        for city in DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities {
            let english = try #require(DemoData.forecast(cityKey: city.key, now: now))
            let translated = try #require(DemoData.forecast(cityKey: city.key, now: now, language: code.rawValue))
            let headline = try #require(translated.headline?.text)
            #expect(!headline.contains(DemoData.headlineJoin) && headline != english.headline?.text, "\(code): \(headline)")
            for (day, englishDay) in zip(translated.dailyForecasts, english.dailyForecasts) {
                for (part, englishPart) in [(day.day, englishDay.day), (day.night, englishDay.night)] {
                    let icon = try #require(part?.icon)
                    #expect(part?.iconPhrase == language.text("icon.\(icon)") && part?.shortPhrase == part?.iconPhrase, "\(code): \(city.englishName)")
                    #expect(englishPart?.iconPhrase == Language.english.text("icon.\(icon)"))
                }
            }
        }
        let tokyo = try #require(DemoData.forecast(cityKey: "226396", now: now, language: "de")?.headline?.text)
        #expect(tokyo.hasSuffix(" die ganze Woche in Tokyo"), "\(tokyo)")
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
        let air = try JSONSerialization.jsonObject(with: Data(DemoData.airJSON.utf8)) as? NSDictionary
        #expect(air == (try minified("air.json") as? NSDictionary))
    }

    @Test func theDemosAirIsBundledForEveryCityDatedThisHourAcrossTheCategories() throws {
        let places = DemoData.feed(count: 150, language: "en-us", fetchedAt: now).cities.compactMap(AirQualityPlace.init)
        #expect(places.count == 150)
        let air = DemoData.airQuality(for: places, now: now)
        #expect(Set(air.keys) == Set(places.map(\.key)), "every bundled city has its air")
        #expect(air.values.allSatisfy { $0.epochTime == 1_800_000_000 / 3600 * 3600 })
        let delhi = try #require(places.first { $0.name == "Delhi" })
        #expect(air[delhi.key] == DemoData.allAir[delhi.key].map { var a = $0; a.epochTime = 1_800_000_000 / 3600 * 3600; return a },
                "the bundled values, not values made up at run time")
        for scale in AirQualityScale.allCases {
            let ranks = Set(air.values.compactMap { $0.category(on: scale)?.rank })
            #expect(ranks.count >= 4, "\(scale): \(ranks.sorted())")
        }
        #expect(air.values.contains { $0.grassPollen != nil } && air.values.contains { $0.grassPollen == nil }, "pollen in Europe only")
        let found = AirQualityPlace(key: "place:1", name: "Paris, Texas", latitude: 33.66, longitude: -95.56)
        #expect(DemoData.airQuality(for: [found], now: now).isEmpty, "a place found by search has no bundled air")
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
        #expect(payload.feed.cities.allSatisfy { payload.forecasts[$0.key]?.forecast.dailyForecasts.count == 7 })
    }

    // MARK: the demo tells the truth about the places' clocks

    /// Brazil has had no summer time since 2019: the demo's São Paulo is at UTC-3 (its bundled
    /// UTC-2, BRST came from an older world), as the tz database says, like the live sources' zones.
    @Test func offsetsComeFromTheTimeZoneDatabase() throws {
        let feed = DemoData.feed(count: 150, language: "en-us", fetchedAt: now)
        let saoPaulo = try #require(feed.cities.first { $0.englishName == "São Paulo" || $0.englishName == "Sao Paulo" })
        #expect(saoPaulo.timeZone?.gmtOffset == -3 && saoPaulo.timeZone?.code != "BRST", "\(String(describing: saoPaulo.timeZone))")
        #expect(saoPaulo.localObservationDateTime?.hasSuffix("-03:00") == true)
        #expect(DemoData.offsetHours(for: saoPaulo.key, at: now) == -3)
        for city in feed.cities {
            guard let name = city.timeZone?.name, let zone = ZoneInfo.named(name) else { continue }
            #expect(city.timeZone?.gmtOffset == Double(zone.secondsFromGMT(at: now)) / 3600, "\(city.englishName)")
        }
    }

    /// Day and night follow the sun at the city, at the hour the data is shifted to: Beijing at
    /// 04:53 is night, its sky in night words, its UV nil by night; Moscow at 08:00 on a late
    /// November morning still night (its sun rises at 08:18), Singapore at 18:30 still day; by day
    /// no city wears a night icon.
    @Test func dayAndNightFollowTheSun() throws {
        let night = Date(timeIntervalSince1970: 1_795_294_380)  // 2026-11-21 20:53 UTC: 04:53 in Beijing
        let beijing = try #require(DemoData.feed(count: 50, language: "en-us", fetchedAt: night).cities.first { $0.englishName == "Beijing" })
        #expect(!beijing.isDayTime && beijing.weatherIcon == 34 && beijing.weatherText == "Mostly clear", "\(beijing.weatherText)")
        #expect(beijing.uvIndex == 0 && beijing.uvIndexText == "Low")
        // Observed 7 minutes before the feed: 2026-11-22 05:00 UTC, 08:00 in Moscow.
        let moscowMorning = Date(timeIntervalSince1970: 1_795_323_600 + 420)
        let moscow = try #require(DemoData.feed(count: 150, language: "en-us", fetchedAt: moscowMorning).cities.first { $0.englishName == "Moscow" })
        #expect(!moscow.isDayTime)
        // 2026-11-22 10:30 UTC, 18:30 in Singapore.
        let singaporeEvening = Date(timeIntervalSince1970: 1_795_343_400 + 420)
        let singapore = try #require(DemoData.feed(count: 150, language: "en-us", fetchedAt: singaporeEvening).cities.first { $0.englishName == "Singapore" })
        #expect(singapore.isDayTime)
        for hours in stride(from: 0, to: 24 * 3600, by: 3 * 3600) {
            let at = now.addingTimeInterval(TimeInterval(hours))
            for city in DemoData.feed(count: 150, language: "en-us", fetchedAt: at).cities {
                let geo = try #require(city.geoPosition)
                let observed = Int(at.timeIntervalSince1970) - 420
                #expect(city.isDayTime == Sun.isUp(latitude: geo.latitude, longitude: geo.longitude, at: observed), "\(city.englishName) at \(observed)")
                let nightIcon = (33...44).contains(city.weatherIcon ?? 0)
                #expect(nightIcon != city.isDayTime || !DemoData.dayAndNightIcons.contains { $0.day.icon == city.weatherIcon || $0.night.icon == city.weatherIcon },
                        "\(city.englishName) at \(observed): icon \(city.weatherIcon ?? 0)")
                if !city.isDayTime { #expect(city.uvIndex == 0, "\(city.englishName) at \(observed): UV \(city.uvIndex ?? -1) by night") }
            }
        }
    }

    /// The hours and the current conditions use one rule for day: the sun's, and a night hour
    /// wears a night icon.
    @Test func theHoursFollowTheSameRule() throws {
        let tokyo = try #require(DemoData.allCities.first { $0.englishName == "Tokyo" })
        let geo = try #require(tokyo.geoPosition)
        let hours = try #require(DemoData.hourly(cityKey: tokyo.key, now: now)?.hours)
        #expect(hours.contains { $0.isDaylight == true } && hours.contains { $0.isDaylight == false })
        for hour in hours {
            #expect(hour.isDaylight == Sun.isUp(latitude: geo.latitude, longitude: geo.longitude, at: hour.epochTime))
            if hour.isDaylight == false { #expect(!DemoData.dayAndNightIcons.contains { $0.day.icon == hour.weatherIcon && $0.night.icon != hour.weatherIcon }) }
        }
    }

    /// The demo's search finds the top cities too, by their English or their own name, and the
    /// place found is the city listed (its key), so `--once --city Tokyo` prints it.
    @Test func theSearchFindsTheTopCitiesByEitherName() throws {
        let tokyo = try #require(DemoData.allCities.first { $0.englishName == "Tokyo" })
        #expect(DemoData.searchPlaces("Tokyo").map(\.id) == [tokyo.key])
        #expect(DemoData.searchPlaces("東京").map(\.id) == [tokyo.key])
        #expect(DemoData.searchPlaces("london").first?.name == "London")
        // Paris, France is a bundled place: the top city of the same name and country is not found twice.
        #expect(DemoData.searchPlaces("Paris").map(\.countryCode) == ["FR", "US"])
        #expect(DemoData.searchPlaces("S").count == DemoData.searchLimit)
        let feed = DemoData.feed(count: 50, language: "en-us", fetchedAt: now,
                                 own: DemoData.searchPlaces("Tokyo").map(PinnedCity.init(place:)))
        #expect(feed.cities.filter { $0.key == tokyo.key }.count == 1)
    }
}
