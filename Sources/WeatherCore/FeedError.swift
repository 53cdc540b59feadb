import WeatherSource
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import PlistArchive

/// Why the feed could not be refreshed; `errorDescription` is what the banner and `--once` say.
public enum FeedError: Error, Equatable, Sendable {
    /// The network request failed (the table of docs/spec.md §4).
    case network(ServiceError)
    /// No API key was given.
    case noAPIKey
    /// `--offline` was given.
    case offlineMode
}

extension FeedError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .network(let error): return error.errorDescription
        case .noAPIKey: return "no API key: set ACCUWEATHER_API_KEY, pass --api-key, or try --demo"
        case .offlineMode: return "offline mode (--offline)"
        }
    }
}
