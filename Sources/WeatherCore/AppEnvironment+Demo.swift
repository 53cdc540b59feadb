import Foundation
import WeatherModels

extension AppEnvironment {
    /// The bundled demo: no network, and no file of the user's read or written (docs/spec.md §3):
    /// settings and pins live in memory for the run.
    public static func demo(now: @escaping @Sendable () -> Date = { Date() }) -> AppEnvironment {
        let settings = MemoryBox<AppSettings?>(nil), pins = MemoryBox<[PinnedCity]>([])
        return AppEnvironment(
            now: now,
            loadArchive: { .failure(.missing) },
            fetchFeed: { request, own in
                .success(FeedPayload(feed: DemoData.feed(count: request.count, language: request.language, fetchedAt: now(), own: own),
                                     rateLimitRemaining: nil))
            },
            fetchForecast: { key, _ in
                guard let forecast = DemoData.forecast(cityKey: key, now: now()) else {
                    return .failure(.network(.unexpectedResponse(host: "demo", detail: "no bundled forecast for city \(key)")))
                }
                return .success(ForecastPayload(forecast: StoredForecast(fetchedAt: now(), forecast: forecast), rateLimitRemaining: nil))
            },
            loadForecasts: { StoredForecasts() },
            saveForecasts: { _ in },
            loadSettings: { (settings.value, nil) },
            saveSettings: { settings.value = $0 },
            loadPins: { pins.value },
            savePins: { pins.value = $0 },
            searchPlaces: { text, _ in .success(DemoData.searchPlaces(text)) }
        )
    }
}

/// A value shared by the demo's closures for one run.
private final class MemoryBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    /// Guarded by `lock`: the store saves from background tasks.
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
