import Foundation
import Testing
import EssentialsSupport
import WeatherModels
@testable import WeatherCore

/// Times, ages, days and winds in the run's language and clock.
@Suite struct WeatherFormatLanguageTests {
    @Test func twelveHourClockAsEnUSWritesIt() {
        #expect(WeatherFormat.timeOfDay(0, style: .twelveHour) == "12:00 AM")
        #expect(WeatherFormat.timeOfDay(7 * 60 + 42, style: .twelveHour) == "7:42 AM")
        #expect(WeatherFormat.timeOfDay(12 * 60 + 5, style: .twelveHour) == "12:05 PM")
        #expect(WeatherFormat.timeOfDay(23 * 60 + 59, style: .twelveHour) == "11:59 PM")
        #expect(WeatherFormat.timeOfDay(7 * 60 + 42, style: .twentyFourHour) == "07:42")
        let date = Date(timeIntervalSince1970: 19 * 3600 + 42 * 60)
        #expect(WeatherFormat.clock(date, timeZone: .utc, style: .twelveHour) == "7:42 PM")
        #expect(WeatherFormat.dateTime(date, timeZone: .utc, style: .twelveHour) == "1970-01-01 7:42 PM")
    }

    @Test func agesCountInTheLanguagesPluralForms() {
        let now = Date(timeIntervalSince1970: 100 * 86_400)
        let ru = Language(code: .ru)
        #expect(WeatherFormat.age(of: now - 2 * 86_400, now: now, in: ru) == "2 дня назад")
        #expect(WeatherFormat.age(of: now - 5 * 86_400, now: now, in: ru) == "5 дней назад")
        #expect(WeatherFormat.age(of: now - 21 * 86_400, now: now, in: ru) == "21 день назад")
        #expect(WeatherFormat.age(of: now - 3 * 86_400, now: now, in: Language(code: .de)) == "vor 3 Tagen")
        #expect(WeatherFormat.age(of: now - 30, now: now, in: Language(code: .ja)) == "たった今")
        #expect(WeatherFormat.age(of: now - 86_400 * 3, now: now) == "3 days ago")
    }

    @Test func dayLabelsInTheirLanguagesOrder() {
        #expect(WeatherFormat.dayLabel(ofForecastDate: "2026-11-27", epoch: 0) == "Fri 27 Nov")
        #expect(WeatherFormat.dayLabel(ofForecastDate: "2026-11-27", epoch: 0, in: Language(code: .de)) == "Fr 27. Nov")
        #expect(WeatherFormat.dayLabel(ofForecastDate: "2026-11-07", epoch: 0, in: Language(code: .ja)) == "11月 7日(土)")
        #expect(WeatherFormat.dayLabel(ofForecastDate: "2026-11-27", epoch: 0, month: false, in: Language(code: .fr)) == "ven 27")
    }

    @Test func windPointsAreOurs() {
        let wind = Wind(direction: WindDirection(degrees: 90, localized: "E", english: "E"),
                        speed: MetricImperial(metric: UnitValue(value: 10, unit: "km/h", unitType: 7), imperial: nil))
        #expect(WeatherFormat.wind(wind, units: .metric) == "E 10 km/h")
        #expect(WeatherFormat.wind(wind, units: .metric, in: Language(code: .de)) == "O 10 km/h")
        #expect(WeatherFormat.wind(wind, units: .metric, in: Language(code: .ru)) == "В 10 km/h")
    }

    @Test func theDemosWeatherWordsAreInTheLanguageAsked() {
        let now = Date(timeIntervalSince1970: 1_795_340_400)
        let english = DemoData.feed(count: 50, language: "en-us", fetchedAt: now)
        let german = DemoData.feed(count: 50, language: "de-de", fetchedAt: now)
        #expect(english.cities.map(\.weatherIcon) == german.cities.map(\.weatherIcon))
        for (en, de) in zip(english.cities, german.cities) {
            guard let icon = en.weatherIcon else { continue }
            #expect(de.weatherText == Language(code: .de).text("icon.\(icon)"), "\(en.englishName): \(en.weatherText)")
        }
        #expect(german.cities.contains { $0.weatherText == "Nebel" })
        #expect(german.cities.contains { $0.uvIndexText == "Niedrig" } && !german.cities.contains { $0.uvIndexText == "Low" })
        #expect(german.cities.contains { $0.pressureTendency?.localizedText == "Steigend" })
    }
}
