#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import PlistArchive
import WeatherHTTP
import WeatherModels

extension AppEnvironment {
    /// The bundled demo: no network, and no file of the user's read or written (docs/spec.md §3):
    /// settings and pins live in memory for the run.
    public static func demo(now: @escaping @Sendable () -> Date = { Date() }) -> AppEnvironment {
        let settings = MemoryBox<AppSettings?>(nil), pins = MemoryBox<[PinnedCity]>([])
        var environment = AppEnvironment(
            now: now,
            loadArchive: { .failure(.missing) },
            fetchFeed: { request, own in .success(DemoData.feedPayload(request, own: own, now: now())) },
            fetchForecast: { key, language in DemoData.forecastResult(cityKey: key, now: now(), language: language) },
            loadForecasts: { (StoredForecasts(), nil) },
            saveForecasts: { _ in },
            loadSettings: { (settings.value, nil) },
            saveSettings: { value, fields in settings.modify { $0 = ($0 ?? AppSettings()).taking(fields, from: value) } },
            loadPins: { (pins.value, nil) },
            changePins: { change in pins.modify { $0 = change.applied(to: $0) } },
            searchPlaces: { text, _ in .success(DemoData.searchPlaces(text)) }
        )
        environment.fetchPlaces = { own, language in
            let keys = Set(own.map(\.key))
            let cities = DemoData.feed(count: 0, language: language, fetchedAt: now(), own: own).cities.filter { keys.contains($0.key) }
            return .success(PlacesPayload(cities: cities, fetchedAt: now(), language: language))
        }
        environment.fetchForecasts = { keys, _, _ in
            var payloads: [String: ForecastPayload] = [:]
            for key in keys { if case .success(let payload) = DemoData.forecastResult(cityKey: key, now: now()) { payloads[key] = payload } }
            return .success(payloads)
        }
        environment.fetchAirQuality = { places in .success(DemoData.airQuality(for: places, now: now())) }
        environment.loadAirQuality = { (nil, nil) }
        environment.fetchNowcasts = { places in .success(DemoData.nowcasts(for: places, now: now())) }
        environment.loadNowcasts = { (nil, nil) }
        return environment
    }
}

/// A value shared by the demo's closures for one run.
private final class MemoryBox<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    /// Guarded by `lock`: the store saves from background tasks.
    var value: Value { lock.withLock { stored } }

    /// Changes the value in one step (as a file's lock makes a save one step); returns the new value.
    @discardableResult
    func modify(_ change: (inout Value) -> Void) -> Value {
        lock.withLock {
            change(&stored)
            return stored
        }
    }
}

extension DemoData {
    /// What the demo's refresh answers: the feed and, as Open-Meteo's one request does, every
    /// city's days and hours.
    public static func feedPayload(_ request: FeedRequest, own: [PinnedCity] = [], now: Date) -> FeedPayload {
        let feed = feed(count: request.count, language: request.language, fetchedAt: now, own: own)
        return FeedPayload(feed: feed, rateLimitRemaining: nil, forecasts: forecasts(for: feed))
    }

    /// What the demo answers when a detail asks for a forecast.
    public static func forecastResult(cityKey key: String, now: Date, language: String? = nil) -> Result<ForecastPayload, FeedError> {
        guard let forecast = forecast(cityKey: key, now: now, language: language) else {
            return .failure(.network(.unexpectedResponse(host: "demo", detail: "no bundled forecast for city \(key)")))
        }
        return .success(ForecastPayload(forecast: StoredForecast(fetchedAt: now, forecast: forecast, hourly: hourly(cityKey: key, now: now)),
                                        rateLimitRemaining: nil))
    }
}
