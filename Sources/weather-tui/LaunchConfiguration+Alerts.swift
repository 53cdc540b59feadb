#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AccuWeather
import WeatherAlerts
import WeatherCore
import WeatherHTTP
import WeatherModels
import WeatherSource

extension LaunchConfiguration {
    /// The `User-Agent` the alerts sources are sent: the program, its version, and the contact
    /// `WEATHER_TUI_CONTACT` gives (the NWS and MET Norway ask for one).
    var alertsUserAgent: String {
        AlertsClient.userAgent(version: WeatherTUIVersion.current, contact: alertsContact ?? "no contact given: WEATHER_TUI_CONTACT")
    }

    /// One client a source over `network`, each sending only what its alerts gate let through.
    func alertsService(over network: any HTTPTransport) -> AlertsService {
        var clients: [AlertSource: AlertsClient] = [:]
        for (source, url) in alertBaseURLs {
            clients[source] = AlertsClient(source: source, baseURL: url, userAgent: alertsUserAgent, timeout: timeout,
                                           transport: AlertGatedTransport(source, over: network))
        }
        let ready = clients
        // With AccuWeather's weather, its alerts too: the same key, through its weather gate
        // (`GatedTransport`), each call counted on its line of the ledger.
        let accuWeather = provider == .accuWeather ? apiKey.map {
            AccuWeatherClient(baseURL: baseURL, apiKey: $0, keySource: apiKeySource, timeout: timeout,
                              transport: GatedTransport(.accuWeather, over: network), recordCalls: recordCalls(of: .accuWeather))
        } : nil
        return { request throws(ServiceError) in
            if request.source == .accuWeather {
                guard let accuWeather else { throw .unauthorized(status: 401, keySource: ServiceError.defaultKeySource) }
                return try await accuWeather.alerts(locationKey: request.cityKey, language: request.language)
            }
            guard let client = ready[request.source] else { throw .unreachable(host: request.source.defaultBaseURL) }
            return try await client.alerts(latitude: request.latitude, longitude: request.longitude)
        }
    }
}
