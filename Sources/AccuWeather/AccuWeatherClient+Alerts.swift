#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherAlerts
import WeatherHTTP
import WeatherModels
import WeatherSource

extension AccuWeatherClient {
    /// `GET /alerts/v1/{locationKey}?language=&details=true`: the alerts AccuWeather holds for the
    /// place, with the key as every other call sends it; one call against the key's day, counted
    /// in the ledger as the weather's are (`get`).
    public func alerts(locationKey: String, language: String) async throws(ServiceError) -> AlertsAnswer {
        let url = try http.url(path: ["alerts", "v1", locationKey], query: [("language", language), ("details", "true")])
        let response = try await get(url)
        guard (200..<300).contains(response.statusCode) else { throw errorForStatus(response) }
        let answeredAt = now()
        let decoded = try AlertsClient.decode(response.body, source: .accuWeather, by: http)
        return AlertsAnswer(alerts: decoded.alerts, notices: decoded.notices,
                            freshUntil: answeredAt.addingTimeInterval(AlertsClient.freshness(of: response, now: answeredAt)))
    }
}
