import Foundation
import Testing
@testable import WeatherModels

@Suite struct DecodingTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func theReal2017TopCitiesCaptureDecodes() throws {
        let cities = try JSONDecoder().decode([CityWeather].self, from: Fixtures.data("topcities-50-en-2017.json"))
        #expect(cities.count == 50)
        let dhaka = try #require(cities.first)
        #expect(dhaka.key == "28143" && dhaka.englishName == "Dhaka" && dhaka.country.id == "BD")
        #expect(dhaka.temperature.metric?.value == 20 && dhaka.temperature.imperial?.value == 68)
        #expect(dhaka.hasPrecipitation == nil)  // 2017: the field did not exist yet
        #expect(dhaka.timeZone?.nextOffsetChange == nil)
        let delhi = try #require(cities.first { $0.englishName == "Delhi" })
        #expect(delhi.timeZone?.gmtOffset == 5.5)
        #expect(cities.filter { $0.localSource != nil }.count == 4)
        #expect(cities.contains { $0.timeZone?.nextOffsetChange != nil })
    }

    @Test func theDetailsCaptureDecodesEveryField() throws {
        let city = try JSONDecoder().decode(CityWeather.self, from: detailsCity())
        #expect(city.realFeelTemperature?.metric?.phrase == "Cool")
        #expect(city.wind?.direction?.english == "E" && city.wind?.speed?.metric?.value == 15.8)
        #expect(city.windGust?.speed?.imperial?.value == 15.1)
        #expect(city.uvIndex == 2 && city.uvIndexText == "Low")
        #expect(city.visibility?.metric?.value == 9.7 && city.cloudCover == 96)
        #expect(city.ceiling?.metric?.value == 427)
        #expect(city.pressure?.metric?.value == 1007 && city.pressureTendency?.code == "S")
        #expect(city.precipitationSummary?.past24Hours?.metric?.value == 7.2)
        #expect(city.temperatureSummary?.past24HourRange?.maximum?.metric?.value == 21.3)
        #expect(city.hasPrecipitation == false && city.precipitationType == nil)
        #expect(city.dewPoint?.metric?.value == 11.1 && city.relativeHumidity == 86)
    }

    /// The details sample is one city without the basic list fields: add them as Top Cities sends them.
    func detailsCity() throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: Fixtures.data("currentconditions-details.json")) as? [String: Any])
        object["Key"] = "268068"
        object["LocalizedName"] = "Piątek"
        object["EnglishName"] = "Piatek"
        object["Country"] = ["ID": "PL", "LocalizedName": "Poland", "EnglishName": "Poland"]
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test func theFiveDayForecastDecodes() throws {
        let forecast = try JSONDecoder().decode(DailyForecastResponse.self, from: Fixtures.data("forecast-daily-5day.json"))
        #expect(forecast.dailyForecasts.count == 5)
        let day = try #require(forecast.dailyForecasts.first)
        #expect(day.temperature.minimum?.value == 10.1 && day.temperature.maximum?.unit == "C")
        #expect(day.day?.icon == 18 && day.day?.precipitationProbability == 91)
        #expect(day.day?.wind?.direction?.english == "SE")
        #expect(day.airAndPollen?.first?.name == "AirQuality")
        #expect(forecast.headline?.category == "rain")
    }

    /// `--once` decodes only a summary of each city: through the same keys it must read the same
    /// values as the whole city (real capture, the details capture, and a city with optionals absent).
    @Test func aCitySummaryReadsTheSameValuesAsTheWholeCity() throws {
        let cities = try JSONDecoder().decode([CityWeather].self, from: Fixtures.data("topcities-50-en-2017.json"))
        #expect(try JSONDecoder().decode([CitySummary].self, from: Fixtures.data("topcities-50-en-2017.json")) == cities.map(CitySummary.init))
        let details = try detailsCity()
        #expect(try JSONDecoder().decode(CitySummary.self, from: details) == CitySummary(try JSONDecoder().decode(CityWeather.self, from: details)))
        let sparse = try decode(CitySummary.self, Self.minimal + "}")
        #expect(sparse == CitySummary(try decode(CityWeather.self, Self.minimal + "}")))
        #expect(sparse.epochTime == nil && sparse.weatherIcon == nil && sparse.localizedName == "東京")
    }

    @Test func aCitySummaryStillRequiresWhatACityRequires() {
        #expect(throws: DecodingError.self) {
            try decode(CitySummary.self, #"{"Key":"1","LocalizedName":"x","EnglishName":"x","Country":{"ID":"JP","LocalizedName":"x","EnglishName":"x"},"IsDayTime":true}"#)
        }
    }

    static let minimal = """
    {"Key":"1","LocalizedName":"東京","EnglishName":"Tokyo","Country":{"ID":"JP","LocalizedName":"日本","EnglishName":"Japan"},
     "WeatherText":"Sunny","IsDayTime":true,"Temperature":{"Metric":{"Value":17.8,"Unit":"C","UnitType":17},"Imperial":{"Value":64,"Unit":"F","UnitType":18}}
    """

    @Test func unknownFieldsAreIgnored() throws {
        let city = try decode(CityWeather.self, Self.minimal + #","BrandNewField":{"x":[1,2]},"AnotherOne":null}"#)
        #expect(city.localizedName == "東京")
    }

    @Test func nullsAndMissingOptionalsAreNil() throws {
        let city = try decode(CityWeather.self, Self.minimal + #","WeatherIcon":null,"RealFeelTemperature":null,"Wind":{"Direction":null,"Speed":null},"TimeZone":{"Code":null,"Name":null,"GmtOffset":-3.5,"IsDaylightSaving":null,"NextOffsetChange":null}}"#)
        #expect(city.weatherIcon == nil && city.realFeelTemperature == nil && city.wind?.speed == nil)
        #expect(city.timeZone?.gmtOffset == -3.5)
        let bare = try decode(CityWeather.self, Self.minimal + "}")
        #expect(bare.geoPosition == nil && bare.uvIndex == nil && bare.localSource == nil)
    }

    @Test func russianNamesAndAHalfUnitTemperature() throws {
        let json = #"{"Key":"294021","LocalizedName":"Москва","EnglishName":"Moscow","Country":{"ID":"RU","LocalizedName":"Россия","EnglishName":"Russia"},"WeatherText":"Снег","IsDayTime":false,"Temperature":{"Metric":{"Value":-3.5,"Unit":"C","UnitType":17},"Imperial":null}}"#
        let city = try decode(CityWeather.self, json)
        #expect(city.localizedName == "Москва" && city.country.localizedName == "Россия")
        #expect(city.temperature.imperial == nil)
    }

    @Test func aRequiredFieldMissingIsAnError() {
        #expect(throws: DecodingError.self) {
            try decode(CityWeather.self, #"{"Key":"1","LocalizedName":"A","EnglishName":"A","WeatherText":"x","IsDayTime":true}"#)
        }
    }
}
