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
    /// Bundled sample data.
    case demo
}
