#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherCore
import WeatherModels

/// A column the list gains when it is wide, most wanted first.
enum ExtraColumn: CaseIterable, Equatable {
    case feelsLike, airQuality, humidity, wind, localTime, rainChance

    var title: String { title(in: .english) }

    /// The column's title in `language`.
    func title(in language: Language) -> String {
        switch self {
        case .feelsLike: return language.text("column.feels")
        case .airQuality: return language.text("column.aqi")
        case .humidity: return language.text("column.humidity")
        case .wind: return language.text("column.wind")
        case .localTime: return language.text("column.local")
        case .rainChance: return language.text("column.rain", ("n", String(RainChance.standardHours)))
        }
    }

    /// Columns wide: the widest value (`-12.5°C`, `500`, `100 %`, `WSW 114 km/h`, `23:59`, or
    /// `11:59 PM` on a 12-hour `clock`) or the title (`Rain 6h`). Only a 12-hour clock widens the
    /// list's `Local`: a 24-hour one keeps its five columns, and the list its layout.
    func width(clock: ClockStyle = .twentyFourHour) -> Int {
        switch self {
        case .feelsLike: return 7
        case .airQuality: return 4
        case .humidity: return 8
        case .wind: return 12
        case .localTime: return clock == .twelveHour ? 8 : 5
        case .rainChance: return 7
        }
    }

    var alignsRight: Bool { self != .wind }

    /// What a click on the column's title sorts by.
    var sortField: SortField {
        switch self {
        case .feelsLike: return .feelsLike
        case .airQuality: return .airQuality
        case .humidity: return .humidity
        case .wind: return .wind
        case .localTime: return .localTime
        case .rainChance: return .rainChance
        }
    }

    /// The cell's text; `air` is the city's air and `scale` the index shown.
    func value(of city: CityWeather, units: TemperatureUnit, now: Date, air: AirQuality?, scale: AirQualityScale,
               in language: Language = .english, clock: ClockStyle = .twentyFourHour) -> String {
        switch self {
        case .airQuality:
            return air?.index(on: scale).map(String.init) ?? ""
        case .feelsLike:
            return city.realFeelTemperature == nil ? "" : language.decimal(WeatherFormat.temperature(city.realFeelTemperature, units: units))
        case .humidity:
            return city.relativeHumidity.map { "\($0) %" } ?? ""
        case .wind:
            // Points of the compass in kanji run two columns a letter, too wide for the column:
            // such a language's list says them in letters, every row alike.
            let words = DisplayWidth.width(of: language.text("compass.NNE")) <= 3 ? language : .english
            return WeatherFormat.wind(city.wind, units: units, in: words) ?? ""
        case .localTime:
            return WeatherFormat.localClock(city.timeZone, at: now, sourceTime: city.zoneGivenAt(now: now), style: clock) ?? ""
        case .rainChance:
            return city.rainChanceNextHours.map { "\($0.percent) %" } ?? ""
        }
    }
}

extension CityListView.Columns {
    /// The wide list: city, country, temperature, then the extras that fit after the weather's
    /// minimum, then what is left to country names (up to the longest there is), the city and
    /// the weather. Fixed by the width and the clock alone, so no column moves while scrolling.
    init(wide width: Int, clock: ClockStyle = .twentyFourHour) {
        let marker = 3, gap = 2, tempWidth = 7
        let cityMinimum = 20, countryMinimum = 16, weatherMinimum = 20
        let longestCountry = 32, longestCity = 24  // "Democratic Republic of the Congo"; "Thành phố Hồ Chí Minh"
        var free = width - marker - cityMinimum - gap - countryMinimum - gap - tempWidth - gap - weatherMinimum
        var chosen: [ExtraColumn] = []
        for column in ExtraColumn.allCases {
            guard free >= column.width(clock: clock) + gap else { break }  // strictly by priority
            chosen.append(column)
            free -= column.width(clock: clock) + gap
        }
        let countryWidth = countryMinimum + min(free, longestCountry - countryMinimum)
        free -= countryWidth - countryMinimum
        let cityWidth = cityMinimum + min(free, longestCity - cityMinimum)
        city = (marker, cityWidth)
        country = (city.x + cityWidth + gap, countryWidth)
        temp = (country.x + countryWidth + gap, tempWidth)
        var x = temp.x + tempWidth + gap
        extras = []
        for column in chosen {
            extras.append((column, x, column.width(clock: clock)))
            x += column.width(clock: clock) + gap
        }
        weather = (x, max(0, width - x))
    }
}
