import Foundation

// libFuzzer entry point for every decoder of a network answer. It is compiled by scripts/fuzz
// into one module together with the sources of EssentialsSupport, WeatherModels, WeatherHTTP (its
// live transport left out: Fuzz/NoNetwork.swift stands in), WeatherSource, AccuWeather,
// OpenMeteo and WeatherAlerts, never by SwiftPM. Each input is the body of a 200 answer handed to the real client
// by a transport in memory, so it goes the whole way a server's bytes go: decoding, checks,
// mapping into the models, the server's words made printable. FUZZ_TARGET chooses the request.

/// The requests, by the name scripts/fuzz gives them.
enum AnswerTarget: String, CaseIterable {
    /// AccuWeather's Top Cities current conditions (`[CityWeather]`), up to 150.
    case awTopCities = "aw-topcities"
    /// AccuWeather's current conditions of one own city (located, then `[CityWeather]`).
    case awCurrent = "aw-current"
    /// AccuWeather's 5-day forecast.
    case awDaily = "aw-daily"
    /// AccuWeather's 12-hour forecast, mapped into the hourly model.
    case awHourly = "aw-hourly"
    /// AccuWeather's city search, mapped into places.
    case awSearch = "aw-search"
    /// Open-Meteo's forecast (one object for one city, a list for three), mapped into the feed,
    /// its days and hours.
    case omForecast = "om-forecast"
    /// Open-Meteo's geocoding search, mapped into places.
    case omGeocoding = "om-geocoding"
    /// Open-Meteo's air quality (one object for one city, a list for three), mapped into the model.
    case omAirQuality = "om-airquality"
    /// Open-Meteo's 15-minute forecast (one object for one city, a list for three), mapped into
    /// nowcasts and read for the rain to come.
    case omNowcast = "om-nowcast"
    /// The National Weather Service's active alerts for a point (GeoJSON).
    case alNWS = "al-nws"
    /// MET Norway's MetAlerts 2.0 for a point (GeoJSON).
    case alMET = "al-met"
    /// Bright Sky's alerts for a point (the DWD's warnings).
    case alBrightSky = "al-brightsky"
    /// AccuWeather's alerts for a location key, through its client (status, key, decoder).
    case awAlerts = "aw-alerts"
}

/// Answers every request with the input as a 200 body, at once.
struct AnswerTransport: HTTPTransport {
    let body: Data

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        HTTPTransportResponse(statusCode: 200, headers: ["RateLimit-Remaining": "7"], body: body)
    }
}

nonisolated(unsafe) private var target: AnswerTarget = .awTopCities
private let base = URL(string: "http://127.0.0.1:9/api/")!
private let paris = PlaceMatch(id: "623", name: "Paris", region: "Île-de-France", country: "France", countryCode: "FR",
                               latitude: 48.857, longitude: 2.354, timeZone: "Europe/Paris", elevation: 35)

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? AnswerTarget.awTopCities.rawValue
    guard let chosen = AnswerTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("FUZZ_TARGET must be one of \(AnswerTarget.allCases.map(\.rawValue))\n".utf8))
        exit(2)
    }
    target = chosen
    return 0
}

/// Runs `work` to its end on the calling thread's behalf: the transport never suspends, so this
/// is one task's run per input.
private func run(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await work()
        done.signal()
    }
    done.wait()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let body = start.map { Data(bytes: $0, count: count) } ?? Data()
    let transport = AnswerTransport(body: body)
    let chosen = target
    run {
        await answer(chosen, transport: transport, body: body)
    }
    return 0
}

/// What the program does with the answer to `target`'s request, the models made of it included.
private func answer(_ target: AnswerTarget, transport: AnswerTransport, body: Data) async {
    let accu = AccuWeatherClient(baseURL: base, apiKey: "k", timeout: 5, transport: transport)
    let meteo = OpenMeteoClient(baseURL: base, geocodingURL: base, timeout: 5, transport: transport)
    // Open-Meteo's answers: one city for a bare object, three for a list, so both shapes reach the mapping.
    let cities = OpenMeteoTopCities.first(BodySniffer.firstSignificantByte(body) == UInt8(ascii: "{") ? 1 : 3)
    switch target {
    case .awTopCities:
        if let response = try? await accu.topCities(count: 150, language: "en-us") {
            let feed = WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 1_700_000_000), request: FeedRequest(count: 150, language: "en-us"),
                                   cities: response.cities)
            _ = WeatherFeedSummary(feed)
        }
    case .awCurrent:
        _ = try? await accu.currentConditions(of: paris, language: "en-us")
    case .awDaily:
        _ = try? await accu.dailyForecast(cityKey: "623", language: "en-us")
    case .awHourly:
        _ = try? await accu.hourlyForecast(cityKey: "623", language: "en-us")
    case .awSearch:
        _ = try? await accu.searchPlaces("Paris", language: "en-us")
    case .omForecast:
        if let feed = try? await meteo.conditions(for: cities, language: "en-us", withForecasts: true) {
            _ = OpenMeteoService.forecasts(of: feed)
        }
    case .omGeocoding:
        _ = try? await meteo.searchPlaces("Paris", language: "en-us")
    case .omAirQuality:
        let air = AirQualityClient(baseURL: base, timeout: 5, transport: transport)
        if let places = try? await air.airQuality(for: cities.map(\.airQualityPlace)) {
            for scale in AirQualityScale.allCases { _ = places.values.map { $0.category(on: scale) } }
        }
    case .omNowcast:
        let nowcast = NowcastClient(baseURL: base, timeout: 5, transport: transport)
        if let places = try? await nowcast.nowcasts(for: cities.map(\.airQualityPlace)) {
            for value in places.values {
                for quarter in value.quarters.prefix(3) { _ = value.rain(after: quarter.start); _ = value.covers(quarter.start) }
            }
        }
    case .alNWS, .alMET, .alBrightSky, .awAlerts:
        let answer: AlertsAnswer?
        if target == .awAlerts {
            answer = try? await accu.alerts(locationKey: "623", language: "en-us")
        } else {
            let source: AlertSource = target == .alNWS ? .nws : target == .alMET ? .metNorway : .brightSky
            let client = AlertsClient(source: source, baseURL: base, userAgent: "weather-tui/fuzz (fuzz@example.org)", timeout: 5, transport: transport)
            answer = try? await client.alerts(latitude: 39.7456, longitude: -104.9994)
        }
        if let answer {
            // What the screen and --once make of each: the text made printable, the order by severity.
            for alert in answer.alerts {
                _ = TerminalText.printable(alert.event) + TerminalText.printable(alert.description ?? "", breaks: .keep)
                _ = alert.isActive(at: Date(timeIntervalSince1970: 1_800_000_000))
            }
            _ = answer.alerts.map(\.severity).min()
        }
    }
}
