import Foundation
import WeatherModels

extension AppEnvironment {
    /// The bundled demo: no network, and the user's feed and forecast archives are never read or
    /// written (settings and pins are still remembered).
    public static func demo(configDirectory: URL, now: @escaping @Sendable () -> Date = { Date() }) -> AppEnvironment {
        var env = preferences(configDirectory: configDirectory, now: now)
        env.fetchFeed = { request in
            .success(FeedPayload(feed: DemoData.feed(count: request.count, language: request.language, fetchedAt: now()),
                                 rateLimitRemaining: nil))
        }
        env.fetchForecast = { key, _ in
            guard let forecast = DemoData.forecast(cityKey: key, now: now()) else {
                return .failure(.network(.unexpectedResponse(host: "demo", detail: "no bundled forecast for city \(key)")))
            }
            return .success(ForecastPayload(forecast: StoredForecast(fetchedAt: now(), forecast: forecast), rateLimitRemaining: nil))
        }
        return env
    }

}
