#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A time before which a source said not to be asked again (a 429's `Retry-After`, a spent day),
/// and what it said: the gate's hold and `Holds.txt`'s line, one value.
public struct SourceHold: Codable, Equatable, Sendable {
    public var until: Date
    /// What the source said, in words (`Minutely API request limit exceeded… (429)`).
    public var reason: String

    public init(until: Date, reason: String) {
        self.until = until
        self.reason = reason
    }
}
