#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A notice or error as the `!` overlay lists it: when it happened and its whole text.
public struct Message: Equatable, Sendable {
    public var time: Date
    public var text: String

    public init(time: Date, text: String) {
        self.time = time
        self.text = text
    }
}
