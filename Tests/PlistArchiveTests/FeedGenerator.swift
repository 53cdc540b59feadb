import Foundation
import WeatherModels

/// Feeds made from a seed: every field of every type, each optional present or not by chance,
/// values drawn from pools that repeat (so shared strings and reals are shared, as in real
/// feeds) and hold the edges (empty, non-ASCII, astral, the `"$null"` placeholder as text,
/// integers around the shared-integer and width limits, signed zero, infinities, NaN).
struct FeedGenerator: RandomNumberGenerator {
    /// The same feed for the same seed on every machine.
    private var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    static let texts = [
        "", "C", "F", "km/h", "mi/h", "Sunny", "Mostly cloudy", "a text longer than fifteen bytes",
        "東京", "Москва", "القاهرة", "rain 🌧 and 𝄞", "e\u{301}", "\u{E9}", "$null", "null", "Steady", "R",
        "http://www.accuweather.com/en/jp/tokyo/226396/current-weather/226396?lang=en-us",
    ]
    static let integers = [0, 1, 17, 255, 256, 65_535, 65_536, -1, -300, Int(Int32.max) + 1, Int.max, Int.min, 1_512_581_700]
    static let reals: [Double] = [0, -0.0, 1, 21.5, -40, 5.5, 0.1, 1e300, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 39.92, 116.41]

    mutating func chance() -> Bool { Bool.random(using: &self) }
    mutating func text() -> String { Self.texts.randomElement(using: &self)! }
    mutating func integer() -> Int { Self.integers.randomElement(using: &self)! }
    mutating func real() -> Double { Self.reals.randomElement(using: &self)! }
    mutating func maybe<T>(_ make: (inout FeedGenerator) -> T) -> T? { chance() ? make(&self) : nil }

    mutating func feed(cities: Int) -> WeatherFeed {
        WeatherFeed(fetchedAt: Date(timeIntervalSinceReferenceDate: 785_000_000.25 + Double(integer() % 1000)),
                    request: FeedRequest(count: integer(), language: text()),
                    cities: (0..<cities).map { _ in city() })
    }

    mutating func unitValue() -> UnitValue {
        UnitValue(value: real(), unit: text(), unitType: maybe { $0.integer() }, phrase: maybe { $0.text() })
    }

    mutating func measure() -> MetricImperial {
        MetricImperial(metric: maybe { $0.unitValue() }, imperial: maybe { $0.unitValue() })
    }

    mutating func range() -> MetricImperialRange {
        MetricImperialRange(minimum: maybe { $0.measure() }, maximum: maybe { $0.measure() })
    }

    mutating func wind() -> Wind {
        Wind(direction: maybe { WindDirection(degrees: $0.maybe { $0.real() }, localized: $0.maybe { $0.text() }, english: $0.maybe { $0.text() }) },
             speed: maybe { $0.measure() })
    }

    mutating func city() -> CityWeather {
        var city = CityWeather(
            key: text(), localizedName: text(), englishName: text(),
            country: Country(id: text(), localizedName: text(), englishName: text()),
            weatherText: text(), isDayTime: chance(), temperature: measure())
        city.timeZone = maybe {
            CityTimeZone(code: $0.maybe { $0.text() }, name: $0.maybe { $0.text() }, gmtOffset: $0.real(),
                         isDaylightSaving: $0.maybe { $0.chance() }, nextOffsetChange: $0.maybe { $0.text() })
        }
        city.geoPosition = maybe { GeoPosition(latitude: $0.real(), longitude: $0.real(), elevation: $0.maybe { $0.measure() }) }
        city.localObservationDateTime = maybe { $0.text() }
        city.epochTime = maybe { $0.integer() }
        city.weatherIcon = maybe { $0.integer() }
        city.hasPrecipitation = maybe { $0.chance() }
        city.precipitationType = maybe { $0.text() }
        city.realFeelTemperature = maybe { $0.measure() }
        city.realFeelTemperatureShade = maybe { $0.measure() }
        city.relativeHumidity = maybe { $0.integer() }
        city.indoorRelativeHumidity = maybe { $0.integer() }
        city.dewPoint = maybe { $0.measure() }
        city.wind = maybe { $0.wind() }
        city.windGust = maybe { $0.wind() }
        city.uvIndex = maybe { $0.integer() }
        city.uvIndexText = maybe { $0.text() }
        city.visibility = maybe { $0.measure() }
        city.obstructionsToVisibility = maybe { $0.text() }
        city.cloudCover = maybe { $0.integer() }
        city.ceiling = maybe { $0.measure() }
        city.pressure = maybe { $0.measure() }
        city.pressureTendency = maybe { PressureTendency(localizedText: $0.maybe { $0.text() }, code: $0.maybe { $0.text() }) }
        city.past24HourTemperatureDeparture = maybe { $0.measure() }
        city.apparentTemperature = maybe { $0.measure() }
        city.windChillTemperature = maybe { $0.measure() }
        city.wetBulbTemperature = maybe { $0.measure() }
        city.precip1hr = maybe { $0.measure() }
        city.precipitationSummary = maybe {
            PrecipitationSummary(
                precipitation: $0.maybe { $0.measure() }, pastHour: $0.maybe { $0.measure() }, past3Hours: $0.maybe { $0.measure() },
                past6Hours: $0.maybe { $0.measure() }, past9Hours: $0.maybe { $0.measure() }, past12Hours: $0.maybe { $0.measure() },
                past18Hours: $0.maybe { $0.measure() }, past24Hours: $0.maybe { $0.measure() })
        }
        city.temperatureSummary = maybe {
            TemperatureSummary(past6HourRange: $0.maybe { $0.range() }, past12HourRange: $0.maybe { $0.range() },
                               past24HourRange: $0.maybe { $0.range() })
        }
        city.localSource = maybe { LocalSource(id: $0.maybe { $0.integer() }, name: $0.maybe { $0.text() }, weatherCode: $0.maybe { $0.text() }) }
        city.mobileLink = maybe { $0.text() }
        city.link = maybe { $0.text() }
        return city
    }

    /// A city with every optional present, each value distinct from its neighbours' (two
    /// fields swapped by a reader or writer show as a difference).
    static func fullCity(_ n: Int) -> CityWeather {
        var counter = Double(n * 1000)
        func next() -> Double {
            counter += 1.25
            return counter
        }
        func unit(_ name: String) -> UnitValue { UnitValue(value: next(), unit: name, unitType: Int(next()), phrase: "phrase \(next())") }
        func measure() -> MetricImperial { MetricImperial(metric: unit("m\(next())"), imperial: unit("i\(next())")) }
        func range() -> MetricImperialRange { MetricImperialRange(minimum: measure(), maximum: measure()) }
        func wind() -> Wind { Wind(direction: WindDirection(degrees: next(), localized: "L\(next())", english: "E\(next())"), speed: measure()) }
        var city = CityWeather(
            key: "key \(n)", localizedName: "東京 \(n)", englishName: "Tokyo \(n)",
            country: Country(id: "JP\(n)", localizedName: "日本 \(n)", englishName: "Japan \(n)"),
            weatherText: "text \(n)", isDayTime: n % 2 == 0, temperature: measure())
        city.timeZone = CityTimeZone(code: "JST\(n)", name: "Asia/Tokyo \(n)", gmtOffset: next(), isDaylightSaving: n % 2 == 1, nextOffsetChange: "change \(n)")
        city.geoPosition = GeoPosition(latitude: next(), longitude: next(), elevation: measure())
        city.localObservationDateTime = "2026-11-23T12:0\(n % 10):00+09:00"
        city.epochTime = 1_700_000_000 + n
        city.weatherIcon = 1 + n % 44
        city.hasPrecipitation = n % 3 == 0
        city.precipitationType = "Rain \(n)"
        city.realFeelTemperature = measure()
        city.realFeelTemperatureShade = measure()
        city.relativeHumidity = 40 + n
        city.indoorRelativeHumidity = 50 + n
        city.dewPoint = measure()
        city.wind = wind()
        city.windGust = wind()
        city.uvIndex = 3 + n
        city.uvIndexText = "UV \(n)"
        city.visibility = measure()
        city.obstructionsToVisibility = "O\(n)"
        city.cloudCover = 60 + n
        city.ceiling = measure()
        city.pressure = measure()
        city.pressureTendency = PressureTendency(localizedText: "Rising \(n)", code: "R\(n)")
        city.past24HourTemperatureDeparture = measure()
        city.apparentTemperature = measure()
        city.windChillTemperature = measure()
        city.wetBulbTemperature = measure()
        city.precip1hr = measure()
        city.precipitationSummary = PrecipitationSummary(
            precipitation: measure(), pastHour: measure(), past3Hours: measure(), past6Hours: measure(),
            past9Hours: measure(), past12Hours: measure(), past18Hours: measure(), past24Hours: measure())
        city.temperatureSummary = TemperatureSummary(past6HourRange: range(), past12HourRange: range(), past24HourRange: range())
        city.localSource = LocalSource(id: 7 + n, name: "Source \(n)", weatherCode: "W\(n)")
        city.mobileLink = "http://m.accuweather.com/\(n)"
        city.link = "http://www.accuweather.com/\(n)"
        return city
    }
}

extension Make {
    /// The bundled demo data's 150 cities (a capture with every details field), as a feed.
    static func demoFeed() throws -> WeatherFeed {
        let data = try Data(contentsOf: repository.appendingPathComponent("Resources/demo/topcities-150.json"))
        let cities = try JSONDecoder().decode([CityWeather].self, from: data)
        return WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 1_763_900_000), request: FeedRequest(count: 150, language: "en-us"), cities: cities)
    }

    /// Feeds to hold the direct coders to `Codable` on: the demo capture, the 2017 capture (no
    /// details), full cities with distinct values, an empty feed, and generated ones.
    static func variedFeeds() throws -> [(String, WeatherFeed)] {
        var feeds = [("demo 150", try demoFeed()), ("2017 capture", try realFeed())]
        feeds.append(("full cities", WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 0), request: FeedRequest(count: 50, language: "ja-jp"),
                                                 cities: (0..<3).map(FeedGenerator.fullCity))))
        feeds.append(("no cities", WeatherFeed(fetchedAt: Date(timeIntervalSinceReferenceDate: -1), request: FeedRequest(count: 0, language: ""), cities: [])))
        for seed in 1...40 as ClosedRange<UInt64> {
            var generator = FeedGenerator(seed: seed)
            feeds.append(("generated \(seed)", generator.feed(cities: Int(seed % 4))))
        }
        return feeds
    }
}
