import WeatherModels
import EssentialsSupport
import Sky

/// One location's answer as the app's models: current conditions as a `CityWeather` (both unit
/// systems derived from the metric values), the daily forecast in AccuWeather's single-unit
/// shape, and the coming hours; each with what the request asked for, which is what is shown.
extension OpenMeteoForecast {
    /// The answer's offset from UTC; one no place has (a server's error) counts as UTC.
    private var offset: Int {
        guard let seconds = utcOffsetSeconds, CityTimeZone.isPlausible(offsetHours: Double(seconds) / 3600) else { return 0 }
        return seconds
    }

    func cityWeather(for city: TopCity, language: String) -> CityWeather {
        let code = UnitConversion.whole(current.weatherCode)
        let entry = code.flatMap(WMOCode.lookUp)
        // An answer without `is_day` has day and night by the sun, as the demo's (docs/spec.md §4).
        // Day or night from the sun's position: not asked for (a variable more would weigh on every place).
        let isDay = Sun.isUp(latitude: city.latitude, longitude: city.longitude, at: current.time)
        let precipitation = UnitConversion.precipitation(millimetres: current.precipitation)
        let directionName = current.windDirection.flatMap(CompassPoint.name)
        // The words are ours to give (Open-Meteo sends numbers): in the language the list is asked in.
        let words = Language.resolve(language).language
        let direction = current.windDirection.map {
            WindDirection(degrees: UnitConversion.rounded($0, places: 0), localized: directionName.map { words.text("compass.\($0)") },
                          english: directionName)
        }
        let feelsLike = UnitConversion.temperature(celsius: current.apparentTemperature)
        return CityWeather(
            key: city.key,
            localizedName: city.name(in: language),
            englishName: city.englishName,
            country: Country(id: city.country.id, localizedName: city.countryName(in: language), englishName: city.country.englishName),
            timeZone: CityTimeZone(code: timezoneAbbreviation, name: timezone ?? city.timeZone, gmtOffset: Double(offset) / 3600),
            geoPosition: GeoPosition(latitude: city.latitude, longitude: city.longitude, elevation: UnitConversion.elevation(metres: elevation)),
            localObservationDateTime: CivilTime.iso8601(epoch: current.time, utcOffsetSeconds: offset),
            epochTime: current.time,
            weatherText: entry?.text(in: words) ?? code.map { WMOCode.unknownText($0, in: words) } ?? "",
            weatherIcon: entry?.icon(isDay: isDay),
            hasPrecipitation: entry?.precipitation != nil || (current.precipitation ?? 0) > 0,
            precipitationType: entry?.precipitation?.rawValue,
            isDayTime: isDay,
            temperature: UnitConversion.temperature(celsius: current.temperature) ?? MetricImperial(metric: nil, imperial: nil),
            realFeelTemperature: feelsLike,
            relativeHumidity: UnitConversion.whole(current.relativeHumidity),
            dewPoint: UnitConversion.temperature(celsius: DewPoint.celsius(temperature: current.temperature, humidity: current.relativeHumidity)),
            wind: current.windSpeed == nil && direction == nil ? nil : Wind(direction: direction, speed: UnitConversion.speed(kilometresPerHour: current.windSpeed)),
            windGust: current.windGusts.map { Wind(direction: nil, speed: UnitConversion.speed(kilometresPerHour: $0)) },
            uvIndex: UnitConversion.whole(current.uvIndex),
            uvIndexText: current.uvIndex.flatMap(UVIndexCategory.text).map { words == .english ? $0 : words.text("uv.\($0)") },
            visibility: UnitConversion.visibility(metres: current.visibility),
            cloudCover: UnitConversion.whole(current.cloudCover),
            pressure: UnitConversion.pressure(hectopascals: current.pressure),
            apparentTemperature: feelsLike,
            precipitationSummary: precipitation.map { PrecipitationSummary(precipitation: $0) },
            rainChanceNextHours: RainChance(hourlyForecast().hours)
        )
    }

    func dailyForecast(language: String = "en") -> DailyForecastResponse {
        guard let daily else { return DailyForecastResponse(headline: nil, dailyForecasts: []) }
        let words = Language.resolve(language).language
        let days = daily.time.indices.map { index -> DailyForecast in
            let code = UnitConversion.whole(daily.weatherCode?[safe: index])
            let entry = code.flatMap(WMOCode.lookUp)
            let text = entry?.text(in: words) ?? code.map { WMOCode.unknownText($0, in: words) }
            return DailyForecast(
                date: CivilTime.iso8601(epoch: daily.time[index], utcOffsetSeconds: offset),
                epochDate: daily.time[index],
                temperature: ValueRange(
                    minimum: UnitConversion.forecastCelsius(daily.temperatureMin?[safe: index]),
                    maximum: UnitConversion.forecastCelsius(daily.temperatureMax?[safe: index])
                ),
                // Open-Meteo gives one code per day (the most severe); the day half carries it.
                day: ForecastDayPart(
                    icon: entry?.dayIcon, iconPhrase: text,
                    hasPrecipitation: entry.map { $0.precipitation != nil },
                    precipitationType: entry?.precipitation?.rawValue,
                    shortPhrase: text,
                    precipitationProbability: UnitConversion.whole(daily.precipitationProbabilityMax?[safe: index])
                )
            )
        }
        return DailyForecastResponse(headline: nil, dailyForecasts: days)
    }

    func hourlyForecast() -> HourlyForecastResponse {
        guard let hourly else { return HourlyForecastResponse(hours: []) }
        let hours = hourly.time.indices.map { index -> HourlyForecast in
            let temperature = hourly.temperature?[safe: index].flatMap { $0.isFinite ? UnitConversion.rounded($0, places: 1) : nil }
            return HourlyForecast(
                epochTime: hourly.time[index],
                temperatureCelsius: temperature,
                precipitationProbability: UnitConversion.whole(hourly.precipitationProbability?[safe: index])
            )
        }
        return HourlyForecastResponse(hours: hours)
    }
}
