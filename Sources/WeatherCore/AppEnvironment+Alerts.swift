#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherHTTP
import WeatherModels
import WeatherSource
import WeatherStore

/// Where live alerts come from: one client a source (WeatherCore knows no client; the executable
/// passes them in).
public typealias AlertsService = @Sendable (AlertRequest) async throws(ServiceError) -> AlertsAnswer

extension AppEnvironment {
    /// This environment asking `fetch` for alerts, kept in `files.alerts` (shared by the browser and `--once`).
    public func showingAlerts(_ fetch: @escaping AlertsService, files: AppFiles) -> AppEnvironment {
        var environment = self
        let now = self.now
        environment.fetchAlerts = { request in
            do throws(ServiceError) {
                return .success(try await fetch(request))
            } catch {
                return .failure(.network(error))
            }
        }
        environment.loadAlerts = { files.loadAlerts() }
        environment.saveAlerts = { value throws(ArchiveError) in try files.saveAlerts(value, now: now()) }
        return environment
    }
}
