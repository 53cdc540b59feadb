#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The line under the header that says the data on screen is not fresh from the network.
public enum Banner: Equatable, Sendable {
    /// Fresh data from a refresh that just succeeded: no banner.
    case none
    /// Showing saved data because a refresh failed (or could not run); why, in words.
    case offline(savedAt: Date?, reason: String)
    /// Showing saved data because the source said not to ask before `until` (a 429, a spent
    /// day): a limit, not a lost network; why, in its words.
    case limited(savedAt: Date?, until: Date, reason: String)
    /// Bundled sample data.
    case demo
}
