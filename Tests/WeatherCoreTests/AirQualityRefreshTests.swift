import Foundation
import Testing
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// The air in the budget (docs/spec.md §4 "What a request costs"): the browser's reducer, driven
/// through a whole day minute by minute, spends within the default budget with the weather and
/// the air of 150 places together, the air at most hourly and alongside the weather's refresh.
@Suite struct AirQualityRefreshTests {
    /// Open-Meteo at one call a place for the weather and one for the air.
    static func config(count: Int = 150) -> AppConfig {
        var config = AppConfig(count: count, refreshAfter: 1800, provider: .openMeteo)
        config.refreshCost = RefreshCost(fixed: 0, perPlace: 1, perOwnCity: 1)
        config.airCallsPerPlace = 1
        return config
    }

    static func cities(_ count: Int) -> [CityWeather] {
        (1...count).map { (n: Int) -> CityWeather in
            let lat = Double(n % 120) - 60, lon = Double(n * 2 % 340) - 170
            return Make.city(String(n), "City \(n)", lat: lat, lon: lon)
        }
    }

    struct Day {
        var spent = 0.0
        var perMinute: [Int: Double] = [:]
        var weather: [Date] = []
        var air: [Date] = []
    }

    /// The browser from midnight to midnight, no saved feed or air, every request answered at once.
    static func simulateDay(count: Int) -> Day {
        let midnight = CallDay(containing: Make.t0).start
        var state = State(config: config(count: count), now: midnight)
        var day = Day()
        func run(_ action: Action, at now: Date) {
            var pending = [action]
            while !pending.isEmpty {
                for effect in state.reduce(pending.removeFirst()) {
                    let minute = Int(now.timeIntervalSince(midnight) / 60)
                    switch effect {
                    case .readLedger:
                        pending.append(.ledgerRead(calls: [.openMeteo: day.spent]))
                    case .fetchFeed(let request, _, _):
                        day.spent += Double(request.count)
                        day.perMinute[minute, default: 0] += Double(request.count)
                        day.weather.append(now)
                        let feed = Make.feed(cities(count), at: now, count: count)
                        pending.append(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: nil))))
                    case .fetchAirQuality(let places, _):
                        day.spent += Double(places.count)
                        day.perMinute[minute, default: 0] += Double(places.count)
                        day.air.append(now)
                        pending.append(.airQualityLoaded(.success(StoredAirQuality(fetchedAt: now, byCityKey: [:]))))
                    default:
                        break
                    }
                }
            }
        }
        run(.airQualityRestored(nil), at: midnight)
        run(.archiveRestored(.failure(.missing)), at: midnight)
        for minute in 1..<(24 * 60) {
            let now = midnight.addingTimeInterval(TimeInterval(minute * 60))
            run(.tick(now), at: now)
        }
        return day
    }

    static func gaps(_ times: [Date]) -> [TimeInterval] {
        zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }
    }

    @Test func aDayAtOneHundredFiftyCitiesWeatherAndAirTogetherStaysWithinTheDefaultBudget() {
        let day = Self.simulateDay(count: 150)
        #expect(day.spent <= 5_000, "\(day.spent) calls")
        #expect(day.perMinute.values.allSatisfy { $0 <= 600 }, "Open-Meteo's minutely limit")
        #expect(Self.gaps(day.air).allSatisfy { $0 >= 3600 }, "the air at most hourly")
        #expect(Set(day.air).isSubset(of: Set(day.weather)), "each air request goes alongside a refresh of the weather")
        #expect(day.air.count * 2 <= day.weather.count + 1, "the air less often than the weather: one refresh in two at most")
        // The figures of docs/spec.md and of RefreshScheduleTests' simulation of the same day:
        // 21 refreshes about 69 minutes apart (the longest 89, as the day's budget ends), the
        // air with every other one: 4,800 calls.
        #expect(day.weather.count == 21 && day.air.count == 11 && day.spent == 4_800)
        #expect(Self.gaps(day.weather).allSatisfy { $0 <= 89 * 60 } && Self.gaps(day.weather).contains(89 * 60))
    }

    @Test func aDayAtFiftyCitiesRefreshesEveryHalfHourWithTheAirHourly() {
        let day = Self.simulateDay(count: 50)
        #expect(Self.gaps(day.weather).allSatisfy { $0 == 1800 })
        #expect(Self.gaps(day.air).allSatisfy { $0 == 3600 })
        #expect(day.spent == 48 * 50 + 24 * 50)
    }

    @Test func theHeaderCountsTheAirWithTheRefreshItGoesWith() {
        var state = State(config: Self.config(count: 50), now: Make.t0)
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(Self.cities(50), at: Make.t0), rateLimitRemaining: nil))))
        #expect(state.refreshCalls == 50, "the saved air not read yet: this run may show none")
        _ = state.reduce(.airQualityRestored(StoredAirQuality(fetchedAt: Make.t0, byCityKey: [:])))
        #expect(state.refreshPlan.next == Make.t0 + 1800)
        #expect(state.refreshCalls == 50, "the air is half an hour old at the next refresh: not due")
        _ = state.reduce(.airQualityLoaded(.success(StoredAirQuality(fetchedAt: Make.t0 - 1800, byCityKey: [:]))))
        #expect(state.refreshCalls == 100, "an hour old then: it goes too")
    }
}
