import Foundation
import Testing
import HTTPTestSupport
import WeatherHTTP
import WeatherModels
@testable import OpenMeteo

@Suite("OpenMeteoClient's forecast against a loopback server")
struct OpenMeteoClientTests {
    private func client(_ base: URL, timeout: Double = 60) -> OpenMeteoClient {
        OpenMeteoClient(baseURL: base, geocodingURL: base, timeout: timeout, transport: liveTransport)
    }

    /// Serves `body` with `status` once, asks for `cities` with their forecasts, and gives the feed or the error with the port normalized.
    private func conditions(status: Int = 200, body: Data, cities: [TopCity], language: String = "en-us") async throws -> Result<OpenMeteoFeed, ServiceError> {
        let server = try await LoopbackServer.start(status: status, body: body)
        defer { Task { await server.stop() } }
        do {
            // A detail's request: the answers read here carry hours and days.
            return .success(try await client(server.baseURL).conditions(for: cities, language: language, withForecasts: true))
        } catch {
            return .failure(normalized(error, port: server.port) ?? error)
        }
    }

    private func conditionsError(status: Int = 200, body: String, cities: [TopCity] = [.make()]) async throws -> ServiceError? {
        try await conditionsError(status: status, body: Data(body.utf8), cities: cities)
    }

    private func conditionsError(status: Int = 200, body: Data, cities: [TopCity] = [.make()]) async throws -> ServiceError? {
        if case .failure(let error) = try await conditions(status: status, body: body, cities: cities) { return error }
        return nil
    }

    // MARK: The request

    @Test func aDetailsRequestAsksForOnePlacesHoursAndAWeek() throws {
        let client = OpenMeteoClient(baseURL: URL(string: "http://127.0.0.1:9")!, timeout: 60, transport: liveTransport)
        let url = try client.forecastURL(for: [.make()], withForecasts: true)
        let items = (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name)
        #expect(items == ["latitude", "longitude", "current", "hourly", "daily", "timezone", "forecast_days", "forecast_hours", "timeformat"])
        #expect(url.absoluteString.contains("forecast_days=7&forecast_hours=24"))
    }

    @Test func theListWeighsOneCallAPlaceAndADetailUnderTwo() {
        // Open-Meteo's counting (CallCost): the list's 9 current variables and its 1 hourly (the
        // rain layer's chance) are 1 call a place (at most 10); the detail's 12 + 2 hourly + 4 daily
        // over 7 days are 1.8 calls for its one place.
        #expect(OpenMeteoClient.listVariables.count == 9)
        #expect(OpenMeteoClient.listHourlyVariables == ["precipitation_probability"])
        #expect(OpenMeteoClient.listVariables.count + OpenMeteoClient.listHourlyVariables.count <= 10)
        #expect(OpenMeteoClient.cost(places: 150, withForecasts: false) == 150)
        #expect(abs(OpenMeteoClient.cost(places: 1, withForecasts: true) - 1.8) < 1e-9)
    }

    @Test func sendsExactlyOneRequestWithEveryCoordinateInOrderAndEveryVariable() async throws {
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("forecast-three-documented.json"))
        defer { Task { await server.stop() } }
        _ = try await client(server.baseURL).conditions(for: TopCity.threeDocumented, language: "en-us")
        let targets = server.requests.all
        #expect(targets.count == 1)
        let target = try #require(targets.first)
        let components = try #require(URLComponents(string: target))
        #expect(components.path == "/v1/forecast")
        let items = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        #expect(items == [
            "latitude=35.683,-33.4464,64.1374",
            "longitude=139.809,-70.659,-21.9025",
            "current=temperature_2m,apparent_temperature,relative_humidity_2m,precipitation,weather_code,cloud_cover,pressure_msl,wind_speed_10m,wind_direction_10m",
            "hourly=precipitation_probability",
            "timezone=auto",
            "forecast_hours=6",
            "timeformat=unixtime",
        ])
        // Commas stay literal: the API splits the lists on them.
        #expect(targets.first?.contains("latitude=35.683,-33.4464,64.1374&") == true)
        #expect(server.requests.authorizations == [nil])
    }

    @Test func keepsTheBaseURLPathPrefix() async throws {
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("forecast-one-documented.json"))
        defer { Task { await server.stop() } }
        let base = try #require(URL(string: "http://127.0.0.1:\(server.port)/mirror/om/"))
        _ = try await OpenMeteoClient(baseURL: base, timeout: 60, transport: liveTransport).conditions(for: [.make()], language: "en-us")
        #expect(server.requests.all.first?.hasPrefix("/mirror/om/v1/forecast?latitude=52.5177&longitude=13.4055&") == true)
    }

    @Test func anEmptyListSendsNothing() async throws {
        let server = try await LoopbackServer.start(status: 500, body: Data())
        defer { Task { await server.stop() } }
        let feed = try await client(server.baseURL).conditions(for: [], language: "en-us")
        #expect(feed == OpenMeteoFeed(cities: [], dailyForecasts: [:], hourlyForecasts: [:]))
        #expect(server.requests.all.isEmpty)
    }

    @Test func coordinatesHaveFourDecimalsAtMostAndNoExponent() {
        #expect(OpenMeteoClient.coordinate(0.00001) == "0")
        #expect(OpenMeteoClient.coordinate(-0.00004) == "0")
        #expect(OpenMeteoClient.coordinate(-0.10687) == "-0.1069")
        #expect(OpenMeteoClient.coordinate(90.40711) == "90.4071")
        #expect(OpenMeteoClient.coordinate(-176.56) == "-176.56")
        #expect(OpenMeteoClient.coordinate(13) == "13")
        #expect(OpenMeteoClient.coordinate(.nan) == "0")
        #expect(OpenMeteoClient.coordinate(-1e300) == "0", "no trap: places off the Earth are refused before they get here")
    }

    // MARK: Decoding documented payloads

    @Test func theListsAnswerGivesEachPlaceItsHighestRainChanceOverTheNextHours() async throws {
        let server = try await LoopbackServer.start(status: 200, body: try Fixture.openMeteo("forecast-list-documented.json"))
        defer { Task { await server.stop() } }
        let feed = try await client(server.baseURL).conditions(for: TopCity.threeDocumented, language: "en-us")
        #expect(feed.cities.map(\.rainChanceNextHours) == [
            RainChance(percent: 40, hours: 6), RainChance(percent: 95, hours: 6),
            nil,  // every hour `null`: no chance, not 0 %
        ])
        #expect(feed.hourlyForecasts.isEmpty, "the list's few hours are no detail's forecast")
    }

    @Test func aDetailsPlaceTakesItsRainChanceFromTheFirstHoursOfItsDay() async throws {
        let feed = try await conditions(body: try Fixture.openMeteo("forecast-one-documented.json"), cities: [.make()]).get()
        // Hours 0, 7, 14, 21, 28, 35 % of the 24 asked: the list's 6 hours, not the day's 59 %.
        #expect(feed.cities.first?.rainChanceNextHours == RainChance(percent: 35, hours: 6))
    }

    @Test func oneCoordinateIsABareObject() async throws {
        let feed = try await conditions(body: try Fixture.openMeteo("forecast-one-documented.json"), cities: [.make()]).get()
        let berlin = try #require(feed.cities.first)
        #expect(feed.cities.count == 1)
        #expect(berlin.key == "178087")
        #expect(berlin.englishName == "Berlin")
        #expect(berlin.country == Country(id: "DE", localizedName: "Germany", englishName: "Germany"))
        #expect(berlin.weatherText == "Overcast")
        #expect(berlin.weatherIcon == 7)
        #expect(berlin.isDayTime)
        #expect(berlin.epochTime == 1_795_339_800)
        #expect(berlin.localObservationDateTime == "2026-11-22T10:30:00+01:00")
        #expect(berlin.timeZone == CityTimeZone(code: "CET", name: "Europe/Berlin", gmtOffset: 1))
        #expect(berlin.geoPosition?.latitude == 52.51767)
        #expect(berlin.geoPosition?.elevation?.metric?.value == 38)
        #expect(berlin.temperature.metric == UnitValue(value: 7.2, unit: "C", unitType: 17))
        #expect(berlin.temperature.imperial == UnitValue(value: 45, unit: "F", unitType: 18))
        #expect(berlin.realFeelTemperature?.metric?.value == 4.8)
        #expect(berlin.apparentTemperature == berlin.realFeelTemperature)
        #expect(berlin.relativeHumidity == 81)
        // Computed from 7.2 °C and 81 % (Magnus): 4.16 °C; the answer's own 4.1 is not asked for.
        #expect(berlin.dewPoint?.metric?.value == 4.2)
        #expect(berlin.wind?.direction == WindDirection(degrees: 248, localized: "WSW", english: "WSW"))
        #expect(berlin.wind?.speed?.metric == UnitValue(value: 14.8, unit: "km/h", unitType: 7))
        #expect(berlin.wind?.speed?.imperial == UnitValue(value: 9.2, unit: "mi/h", unitType: 9))
        #expect(berlin.windGust?.speed?.metric?.value == 31.7)
        #expect(berlin.uvIndex == 1)
        #expect(berlin.uvIndexText == "Low")
        #expect(berlin.visibility?.metric == UnitValue(value: 24.1, unit: "km", unitType: 6))
        #expect(berlin.visibility?.imperial == UnitValue(value: 15, unit: "mi", unitType: 2))
        #expect(berlin.pressure?.metric == UnitValue(value: 1013, unit: "mb", unitType: 14))
        #expect(berlin.pressure?.imperial == UnitValue(value: 29.92, unit: "inHg", unitType: 12))
        #expect(berlin.cloudCover == 100)
        #expect(berlin.hasPrecipitation == false)
        #expect(berlin.precipitationSummary?.precipitation?.metric?.value == 0)

        let days = try #require(feed.dailyForecasts["178087"]).dailyForecasts
        #expect(days.count == 5)
        #expect(days[0].date == "2026-11-22T00:00:00+01:00")
        #expect(days[0].epochDate == 1_795_302_000)
        #expect(days[0].temperature == ValueRange(minimum: UnitValue(value: 3.2, unit: "C", unitType: 17), maximum: UnitValue(value: 10.2, unit: "C", unitType: 17)))
        #expect(days[1].day?.iconPhrase == "Slight rain")
        #expect(days[1].day?.icon == 18)
        #expect(days[1].day?.precipitationProbability == 85)
        #expect(days[2].day?.icon == 15)
        #expect(days[3].temperature.minimum?.value == 0)
        #expect(days[3].temperature.minimum?.value.sign == .plus)

        let hours = try #require(feed.hourlyForecasts["178087"]).hours
        #expect(hours.count == 24)
        #expect(hours[0] == HourlyForecast(epochTime: 1_795_338_000, temperatureCelsius: 5.2, precipitationProbability: 0))
        #expect(hours.map(\.epochTime) == (0..<24).map { 1_795_338_000 + 3600 * $0 })
    }

    @Test func threeCoordinatesAreAListInRequestOrder() async throws {
        let feed = try await conditions(body: try Fixture.openMeteo("forecast-three-documented.json"), cities: TopCity.threeDocumented, language: "ja-jp").get()
        #expect(feed.cities.map(\.key) == ["226396", "60449", "190390"])
        #expect(feed.cities.map(\.localizedName) == ["東京", "Santiago", "Reykjavik"])  // no Japanese name: English
        #expect(feed.cities.map(\.country.localizedName) == ["日本", "Chile", "Iceland"])
        #expect(Set(feed.dailyForecasts.keys) == ["226396", "60449", "190390"])
        #expect(Set(feed.hourlyForecasts.keys) == ["226396", "60449", "190390"])

        let tokyo = feed.cities[0]
        #expect(tokyo.isDayTime == false)
        // Open-Meteo sends codes, not words: the words are ours, in the language asked for.
        #expect(tokyo.weatherText == "快晴")
        #expect(tokyo.weatherIcon == 33)
        #expect(tokyo.localObservationDateTime == "2026-11-22T18:30:00+09:00")

        let santiago = feed.cities[1]
        #expect(santiago.localObservationDateTime == "2026-11-22T06:30:00-03:00")
        #expect(santiago.timeZone?.gmtOffset == -3)
        // -0.04 °C rounds to 0.0, not -0.0.
        #expect(santiago.temperature.metric?.value == 0)
        #expect(santiago.temperature.metric?.value.sign == .plus)
        #expect(santiago.temperature.imperial?.value == 32)
        #expect(santiago.weatherText == "雷雨")
        #expect(santiago.weatherIcon == 15)
        #expect(santiago.hasPrecipitation == true)
        #expect(santiago.precipitationType == "Rain")
        #expect(santiago.wind?.direction?.english == "N")
        #expect(santiago.wind?.direction?.localized == "北")
        #expect(santiago.uvIndex == 11)
        #expect(santiago.uvIndexText == "極端に強い")

        let reykjavik = feed.cities[2]
        #expect(reykjavik.weatherText == "雪")
        #expect(reykjavik.precipitationType == "Snow")
        #expect(reykjavik.localObservationDateTime == "2026-11-22T09:30:00+00:00")
    }

    @Test func oneCityInAListIsAcceptedToo() async throws {
        let body = try Fixture.edited("forecast-one-documented.json") { value in value = [value] }
        let feed = try await conditions(body: body, cities: [.make()]).get()
        #expect(feed.cities.count == 1)
    }

    @Test func nullsAndMissingVariablesDecodeAsAbsent() async throws {
        let body = try Fixture.edited("forecast-one-documented.json") { value in
            guard var object = value as? [String: Any], var current = object["current"] as? [String: Any] else { return }
            current["temperature_2m"] = NSNull()
            current["weather_code"] = 42
            current.removeValue(forKey: "wind_speed_10m")
            current.removeValue(forKey: "wind_direction_10m")
            current.removeValue(forKey: "visibility")
            object["current"] = current
            object.removeValue(forKey: "daily")
            object["unknown_future_field"] = ["a": 1]
            value = object
        }
        let feed = try await conditions(body: body, cities: [.make()]).get()
        let berlin = try #require(feed.cities.first)
        #expect(berlin.temperature == MetricImperial(metric: nil, imperial: nil))
        #expect(berlin.weatherText == "Weather code 42")
        #expect(berlin.weatherIcon == nil)
        #expect(berlin.wind == nil)
        #expect(berlin.visibility == nil)
        #expect(feed.dailyForecasts["178087"]?.dailyForecasts == [])
    }

    /// An answer without `is_day` has day and night by the sun at the city (PyEphem puts Berlin's
    /// sunrise on 2026-11-22 at 06:40 UTC): clear at 00:30 UTC is a clear night, at 09:30 a sunny day.
    @Test(arguments: [(1_795_305_600 + 1800, false, 33), (1_795_339_800, true, 1)])
    func withoutIsDayTheSunSaysDayOrNight(time: Int, day: Bool, icon: Int) async throws {
        let body = try Fixture.edited("forecast-one-documented.json") { value in
            guard var object = value as? [String: Any], var current = object["current"] as? [String: Any] else { return }
            current.removeValue(forKey: "is_day")
            current["time"] = time
            current["weather_code"] = 0
            object["current"] = current
            value = object
        }
        let berlin = try #require(try await conditions(body: body, cities: [.make()]).get().cities.first)
        #expect(berlin.isDayTime == day)
        #expect(berlin.weatherIcon == icon)
    }

    @Test func timesAndOffsetsNoClockHasNeitherTrapNorShift() async throws {
        // A server's error: the largest integers as the instant and the offset.
        let body = try Fixture.edited("forecast-one-documented.json") { value in
            guard var object = value as? [String: Any], var current = object["current"] as? [String: Any],
                  var daily = object["daily"] as? [String: Any], let days = daily["time"] as? [Any] else { return }
            object["utc_offset_seconds"] = Int.max
            current["time"] = Int.max
            daily["time"] = days.map { _ in Int.min }
            object["current"] = current
            object["daily"] = daily
            value = object
        }
        let feed = try await conditions(body: body, cities: [.make()]).get()
        let berlin = try #require(feed.cities.first)
        #expect(berlin.timeZone?.gmtOffset == 0, "an offset no place has counts as UTC")
        #expect(berlin.localObservationDateTime?.hasSuffix("+00:00") == true)
    }

    @Test(arguments: [1.7e308, -1.7e308, 1e15])
    func everyVariableAtAnExtremeIsMappedWithoutTrapping(_ x: Double) async throws {
        // A server's error in every number of the answer: the city still comes, its values as sent
        // (rounded to tenths, which may carry the largest to infinity).
        let body = try Fixture.edited("forecast-one-documented.json") { value in
            guard var object = value as? [String: Any] else { return }
            for block in ["current", "hourly", "daily"] {
                guard var fields = object[block] as? [String: Any] else { continue }
                for (name, field) in fields where name != "time" {
                    fields[name] = (field as? [Any]).map { $0.map { _ in x } } ?? x
                }
                object[block] = fields
            }
            object["elevation"] = x
            value = object
        }
        let feed = try await conditions(body: body, cities: [.make()]).get()
        let berlin = try #require(feed.cities.first)
        let temperature = try #require(berlin.temperature.metric?.value)
        #expect(temperature == x || (temperature.isInfinite && temperature.sign == x.sign))
        #expect(feed.dailyForecasts.values.first?.dailyForecasts.count == 5)
        #expect(feed.hourlyForecasts.values.first?.hours.count == 24)
    }

    @Test func variablesNotAskedForAreIgnored() async throws {
        // An answer with more than was asked (a server or proxy adding variables) reads the same.
        let plain = try await conditions(body: try Fixture.openMeteo("forecast-one-documented.json"), cities: [.make()]).get()
        let body = try Fixture.edited("forecast-one-documented.json") { value in
            guard var object = value as? [String: Any], var daily = object["daily"] as? [String: Any],
                  var hourly = object["hourly"] as? [String: Any], let days = daily["time"] as? [Any],
                  let hours = hourly["time"] as? [Any] else { return }
            daily["sunrise"] = days
            daily["uv_index_max"] = days.map { _ in 3.5 }
            hourly["weather_code"] = hours.map { _ in 61 }
            object["daily"] = daily
            object["hourly"] = hourly
            value = object
        }
        let more = try await conditions(body: body, cities: [.make()]).get()
        #expect(more.dailyForecasts == plain.dailyForecasts)
        #expect(more.hourlyForecasts == plain.hourlyForecasts)
    }

    // MARK: Entries asked and answered

    @Test func fewerEntriesThanAsked() async throws {
        let body = try Fixture.edited("forecast-three-documented.json") { value in value = Array((value as? [Any] ?? []).prefix(2)) }
        #expect(try await conditionsError(body: body, cities: TopCity.threeDocumented)
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "2 locations for 3 asked"))
    }

    @Test func moreEntriesThanAsked() async throws {
        #expect(try await conditionsError(body: try Fixture.openMeteo("forecast-three-documented.json"), cities: Array(TopCity.threeDocumented.prefix(2)))
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "3 locations for 2 asked"))
    }

    @Test func aBareObjectWhenSeveralWereAsked() async throws {
        #expect(try await conditionsError(body: try Fixture.openMeteo("forecast-one-documented.json"), cities: TopCity.threeDocumented)
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "1 location for 3 asked"))
    }

    @Test func anEmptyListForOneCity() async throws {
        #expect(try await conditionsError(body: "[]") == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "0 locations for 1 asked"))
    }

    @Test func aWrongTypeNamesTheCityAndVariable() async throws {
        let body = try Fixture.edited("forecast-three-documented.json") { value in
            guard var list = value as? [[String: Any]], var current = list[1]["current"] as? [String: Any] else { return }
            current["temperature_2m"] = "warm"
            list[1]["current"] = current
            value = list
        }
        #expect(try await conditionsError(body: body, cities: TopCity.threeDocumented)
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "city 2 (Santiago): current.temperature_2m has the wrong type"))
    }

    @Test func aMissingCurrentBlockNamesTheCity() async throws {
        let body = try Fixture.edited("forecast-one-documented.json") { value in
            guard var object = value as? [String: Any] else { return }
            object.removeValue(forKey: "current")
            value = object
        }
        #expect(try await conditionsError(body: body) == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "city 1 (Berlin): current missing"))
    }

    // MARK: Error statuses

    @Test func documentedErrorBodyIsTheReasonAndStatus() async throws {
        let error = try await conditionsError(status: 400, body: try Fixture.openMeteo("error-400-documented.json"))
        #expect(error == .rejected(reason: "Cannot initialize WeatherVariable from invalid String value tempeture_2m for key hourly", status: 400))
        #expect(error?.localizedDescription == "Cannot initialize WeatherVariable from invalid String value tempeture_2m for key hourly (400)")
    }

    @Test func anErrorBodyWithAnotherStatus() async throws {
        #expect(try await conditionsError(status: 401, body: #"{"error":true,"reason":"Invalid API key"}"#) == .rejected(reason: "Invalid API key", status: 401))
    }

    @Test func aReasonCannotDriveTheTerminal() async throws {
        #expect(try await conditionsError(status: 400, body: #"{"error":true,"reason":"bad\u001b[2J\nvalue"}"#)
            == .rejected(reason: "bad\u{FFFD}[2J value", status: 400))
    }

    @Test func tooManyRequestsIsTheRequestLimit() async throws {
        // The server says which of its limits (minute, hour, day): its words, not "daily".
        let error = try await conditionsError(status: 429, body: #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#)
        guard case .rateLimited(let reason, let status, _)? = error else {
            Issue.record("not a rate limit: \(String(describing: error))")
            return
        }
        #expect(reason == "Minutely API request limit exceeded. Please try again in one minute." && status == 429)
    }

    @Test func serviceUnavailableWithAnHTMLPage() async throws {
        #expect(try await conditionsError(status: 503, body: "<html><body>503 Service Temporarily Unavailable</body></html>")
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTTP 503 with an HTML page"))
    }

    @Test func internalErrorWithAnEmptyBody() async throws {
        #expect(try await conditionsError(status: 500, body: "") == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTTP 500"))
    }

    // MARK: Bodies that are not the expected JSON

    @Test func htmlInsteadOfJSON() async throws {
        #expect(try await conditionsError(body: "<!DOCTYPE html><html><body>captive portal</body></html>")
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTML page instead of JSON"))
    }

    @Test func garbage() async throws {
        #expect(try await conditionsError(body: "\u{1}\u{2}garbage") == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "not JSON"))
    }

    @Test func truncatedList() async throws {
        let full = try Fixture.openMeteo("forecast-three-documented.json")
        #expect(try await conditionsError(body: full.prefix(full.count / 2), cities: TopCity.threeDocumented)
            == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "truncated JSON"))
    }

    @Test func truncatedObject() async throws {
        let full = try Fixture.openMeteo("forecast-one-documented.json")
        #expect(try await conditionsError(body: full.prefix(full.count / 3)) == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "truncated JSON"))
    }

    @Test func emptyBody() async throws {
        #expect(try await conditionsError(body: "") == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "empty body"))
    }

    @Test func oversizedBodyWithContentLength() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: HTTPRequester.maxBodyBytes + 1)
        #expect(try await conditionsError(body: body) == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "body larger than 8 MiB"))
    }

    @Test func endlessBodyWithoutContentLengthIsCutAtTheCap() async throws {
        // Finite for the reason AccuWeatherTests gives: the transport drains what it cannot stop.
        let server = try RawSocketServer(.stream(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n", filler: UInt8(ascii: "["), total: 24 << 20))
        defer { server.stop() }
        let error = normalized(await capture { try await client(server.baseURL).conditions(for: [.make()], language: "en-us") }, port: server.port)
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "body larger than 8 MiB"))
    }

    // MARK: Network failures and the deadline

    @Test func serverThatNeverAnswersTimesOut() async throws {
        let server = try RawSocketServer(.neverAnswer)
        defer { server.stop() }
        let error = normalized(await capture { try await client(server.baseURL, timeout: 0.5).conditions(for: [.make()], language: "en-us") }, port: server.port)
        #expect(error == .timedOut(host: "127.0.0.1:PORT", seconds: 0.5))
    }

    @Test func serverDrippingBytesPastTheDeadlineTimesOut() async throws {
        let server = try RawSocketServer(.drip(head: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n", interval: 0.2))
        defer { server.stop() }
        let error = normalized(await capture { try await client(server.baseURL, timeout: 0.5).conditions(for: [.make()], language: "en-us") }, port: server.port)
        #expect(error == .timedOut(host: "127.0.0.1:PORT", seconds: 0.5))
        #expect(server.bytesSent >= 1)
    }

    @Test func closedPortIsUnreachable() async throws {
        TestEnvironment.prepare()
        let port = try RawSocketServer.closedPort()
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let error = normalized(await capture { try await client(base).conditions(for: [.make()], language: "en-us") }, port: port)
        #expect(error == .unreachable(host: "127.0.0.1:PORT"))
    }

    @Test func cancellingTheTaskGivesCancelled() async throws {
        let server = try RawSocketServer(.neverAnswer)
        defer { server.stop() }
        let client = client(server.baseURL, timeout: 600)
        let task = Task { await capture { try await client.conditions(for: [.make()], language: "en-us") } }
        #expect(await server.waitForRequest(timeout: 120))
        task.cancel()
        #expect(await task.value == .cancelled)
    }

    @Test func hostsAreTheBaseURLs() {
        let client = OpenMeteoClient(transport: liveTransport)
        #expect(client.host == "api.open-meteo.com")
        #expect(client.geocodingURL.absoluteString == "https://geocoding-api.open-meteo.com")
    }
}
