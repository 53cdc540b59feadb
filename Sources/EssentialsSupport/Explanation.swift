#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LocalizedError {
    /// The error's own sentence for the user (`errorDescription`), what Foundation's
    /// `localizedDescription` gave for these errors.
    public var explanation: String { errorDescription ?? String(describing: self) }
}
