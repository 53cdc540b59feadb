import WeatherSource
import Foundation
import WeatherHTTP
import WeatherCore
import WeatherModels

/// Test fixtures: small cities and feeds with defaults.
enum Make {
    static func city(_ key: String, _ name: String, country: String = "Nowhere", code: String = "NW", celsius: Double? = 10,
                     localized: String? = nil, lat: Double = 1, lon: Double = 2) -> CityWeather {
        CityWeather(
            key: key, localizedName: localized ?? name, englishName: name,
            country: Country(id: code, localizedName: country, englishName: country),
            timeZone: CityTimeZone(code: "UTC", name: "Etc/UTC", gmtOffset: 0),
            geoPosition: GeoPosition(latitude: lat, longitude: lon),
            epochTime: 1_700_000_000, weatherText: "Sunny", weatherIcon: 1, isDayTime: true,
            temperature: MetricImperial(metric: celsius.map { UnitValue(value: $0, unit: "C") },
                                        imperial: celsius.map { UnitValue(value: $0 * 9 / 5 + 32, unit: "F") })
        )
    }

    static let cities = [
        city("1", "Tokyo", country: "Japan", code: "JP", celsius: 17, localized: "東京"),
        city("2", "Athens", country: "Greece", code: "GR", celsius: 6),
        city("3", "Moscow", country: "Russia", code: "RU", celsius: -3, localized: "Москва"),
        city("4", "Berlin", country: "Germany", code: "DE", celsius: 7),
        city("5", "Cairo", country: "Egypt", code: "EG", celsius: 24),
    ]

    static func feed(_ cities: [CityWeather] = Make.cities, at date: Date, count: Int = 50) -> WeatherFeed {
        WeatherFeed(fetchedAt: date, request: FeedRequest(count: count, language: "en-us"), cities: cities)
    }

    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    /// A regular file where a folder should be: creating or writing into it fails, as root too.
    static func fileInPlaceOfAFolder() throws -> URL {
        let url = tempDirectory().appendingPathComponent("file")
        try Data("x".utf8).write(to: url)
        return url
    }

    static func tempDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wt-core-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A WeatherService that answers what the test says and counts requests; `hold()` keeps the next
/// answers waiting until `release()`, so a fetch can stay in flight.
actor FakeWeatherService: WeatherService {
    var result: Result<[CityWeather], ServiceError>
    var rateLimit: Int? = 42
    private(set) var topCitiesCalls = 0
    private(set) var forecastCalls = 0
    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ result: Result<[CityWeather], ServiceError> = .success(Make.cities)) {
        self.result = result
    }

    func set(_ result: Result<[CityWeather], ServiceError>) { self.result = result }
    func hold() { held = true }
    func release() {
        held = false
        for w in waiters { w.resume() }
        waiters.removeAll()
    }

    nonisolated func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
        let outcome = await answer()
        switch outcome {
        case .success(let cities): return TopCitiesResponse(cities: cities, rateLimitRemaining: await rateLimit)
        case .failure(let error): throw error
        }
    }

    private func answer() async -> Result<[CityWeather], ServiceError> {
        topCitiesCalls += 1
        if held { await withCheckedContinuation { waiters.append($0) } }
        return result
    }

    private func countForecast() { forecastCalls += 1 }

    nonisolated func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse {
        await countForecast()
        return ForecastResponse(
            forecast: DailyForecastResponse(headline: ForecastHeadline(text: "Fine"), dailyForecasts: [
                DailyForecast(date: "2026-11-22T07:00:00+00:00", epochDate: 1_800_000_000,
                              temperature: ValueRange(minimum: UnitValue(value: 3, unit: "C"), maximum: UnitValue(value: 9, unit: "C"))),
            ]),
            rateLimitRemaining: 41
        )
    }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ date: Date) { current = date }
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}
