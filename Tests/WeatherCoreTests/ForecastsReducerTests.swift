import Foundation
import Testing
import WeatherModels
import WeatherSource
import WeatherHTTP
@testable import WeatherCore

/// The forecasts that come with a feed or a detail, through the reducer (whole next state).
@Suite struct ForecastsReducerTests {
    typealias R = ReducerTests

    @Test func forecastsBroughtWithTheFeedAreKeptAndSavedOnceTheFileHasBeenRead() {
        var state = R.loaded()
        _ = state.reduce(.forecastsRestored(StoredForecasts()))
        state.detail.forecastErrors["4"] = "earlier failure"
        let brought = ["2": R.forecast(at: Make.t0 + 60), "4": R.forecast(at: Make.t0 + 60)]
        let payload = FeedPayload(feed: Make.feed(at: Make.t0 + 60), rateLimitRemaining: nil, forecasts: brought)
        R.expect(state, .feedLoaded(.success(payload)), effects: [.saveFeed(payload.feed), .saveForecasts(StoredForecasts(byCityKey: brought))]) {
            $0.feed = payload.feed
            $0.source = .live
            $0.air.weatherRefreshesWithoutAir = 2  // the air not yet read: this refresh went without it
            $0.detail.forecasts = brought
            $0.detail.forecastErrors = [:]
        }
    }

    @Test func forecastsBroughtBeforeTheFileIsReadAreKeptButNotSavedOverIt() {
        let state = R.loaded()
        let brought = ["2": R.forecast(at: Make.t0 + 60)]
        let payload = FeedPayload(feed: Make.feed(at: Make.t0 + 60), rateLimitRemaining: nil, forecasts: brought)
        R.expect(state, .feedLoaded(.success(payload)), effects: [.saveFeed(payload.feed)]) {
            $0.feed = payload.feed
            $0.source = .live
            $0.air.weatherRefreshesWithoutAir = 2  // the air not yet read: this refresh went without it
            $0.detail.forecasts = brought
        }
    }

    @Test func daysWithoutTheirHoursSayWhyTheHoursAreMissing() {
        var state = R.loaded()
        _ = state.reduce(.openDetail)
        let forecast = R.forecast(at: Make.t0)
        let payload = ForecastPayload(forecast: forecast, rateLimitRemaining: 3, hourlyProblem: "hourly forecast: daily request limit reached")
        let after = R.expect(state, .forecastLoaded(cityKey: "2", .success(payload))) {
            $0.detail.forecasts["2"] = forecast
            $0.detail.forecastsInFlight = []
            $0.detail.forecastErrors["2"] = "hourly forecast: daily request limit reached"
            $0.rateLimitRemaining = 3
        }
        #expect(after.selectedForecast == forecast.forecast)
    }

    @Test func theSelectedCitysHoursAreThoseKeptForIt() {
        var state = R.loaded()
        let hours = HourlyForecastResponse(hours: [HourlyForecast(epochTime: 1, temperatureCelsius: 3, precipitationProbability: 10, weatherIcon: 1, isDaylight: true)])
        state.detail.forecasts["2"] = StoredForecast(fetchedAt: Make.t0, forecast: R.forecast(at: Make.t0).forecast, hourly: hours)
        #expect(state.selectedHourly == hours)
        _ = state.reduce(.moveDown)
        #expect(state.selectedHourly == nil)
    }
}

/// Days and hours from a source: the days decide, the hours' own call only adds.
@Suite struct ForecastFetchTests {
    struct Source: WeatherService {
        var hours: Result<HourlyResponse?, ServiceError>
        func topCities(count: Int, language: String) async throws(ServiceError) -> TopCitiesResponse {
            TopCitiesResponse(cities: [], rateLimitRemaining: nil)
        }
        func dailyForecast(cityKey: String, language: String) async throws(ServiceError) -> ForecastResponse {
            ForecastResponse(forecast: DailyForecastResponse(headline: nil, dailyForecasts: []), rateLimitRemaining: 9)
        }
        func hourlyForecast(cityKey: String, language: String) async throws(ServiceError) -> HourlyResponse? {
            try hours.get()
        }
    }

    static let hours = HourlyForecastResponse(hours: [HourlyForecast(epochTime: 0, temperatureCelsius: 1, precipitationProbability: 0, weatherIcon: 1, isDaylight: true)])

    @Test func theHoursCallAddsTheHoursAndTheLatestRateLimit() async throws {
        let source = Source(hours: .success(HourlyResponse(hourly: Self.hours, rateLimitRemaining: 8)))
        let payload = try await AppEnvironment.fetchForecasts(from: source, cityKey: "1", language: "en-us", now: { Make.t0 }).get()
        #expect(payload.forecast.hourly == Self.hours)
        #expect(payload.rateLimitRemaining == 8)
        #expect(payload.hourlyProblem == nil)
    }

    @Test func aFailedHoursCallKeepsTheDaysAndSaysWhy() async throws {
        let source = Source(hours: .failure(.quotaExceeded))
        let payload = try await AppEnvironment.fetchForecasts(from: source, cityKey: "1", language: "en-us", now: { Make.t0 }).get()
        #expect(payload.forecast.hourly == nil)
        #expect(payload.rateLimitRemaining == 9)
        #expect(payload.hourlyProblem?.hasPrefix("hourly forecast: ") == true)
    }

    @Test func aSourceWithoutAnHoursCallCostsNoSecondCall() async throws {
        let payload = try await AppEnvironment.fetchForecasts(from: Source(hours: .success(nil)), cityKey: "1", language: "en-us", now: { Make.t0 }).get()
        #expect(payload.forecast.hourly == nil && payload.hourlyProblem == nil)
    }
}

/// The wide list's local time, by arithmetic, against the calendar's.
@Suite struct WallClockTests {
    @Test(arguments: [0.0, 9, 5.5, 5.75, -3.5, -9.5, 13.75, -12])
    func agreesWithTheCalendar(offset: Double) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: Int(offset * 3600))!
        for epoch in [0, 1_795_349_340, 1_795_349_399, 1_800_000_000, -90] {
            let date = Date(timeIntervalSince1970: TimeInterval(epoch))
            let c = calendar.dateComponents([.hour, .minute], from: date)
            #expect(WeatherFormat.wallClock(date, offsetHours: offset) == String(format: "%02d:%02d", c.hour!, c.minute!), "\(epoch) at \(offset)")
        }
    }
}

/// Speeds by arithmetic, against the format string they replace.
@Suite struct SpeedFormatTests {
    @Test(arguments: [0, 0.5, 1.5, 2.5, 14.49, 14.5, 15.5, 99.999, -0.2, -3.5, 123_456.5, 2e6, .infinity, .nan])
    func agreesWithPercentPointZeroF(_ value: Double) {
        let both = MetricImperial(metric: UnitValue(value: value, unit: "km/h"), imperial: UnitValue(value: value, unit: "mi/h"))
        #expect(WeatherFormat.speed(both, units: .metric) == String(format: "%.0f km/h", value))
        #expect(WeatherFormat.speed(both, units: .imperial) == String(format: "%.0f mph", value))
    }
}
