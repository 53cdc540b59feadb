// TEMPORARY STUB (replaced by helper/zoneinfo's file on merge): fixed UTC.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public struct ZoneInfo: Sendable, Hashable {
    public let identifier: String
    public static let utc = ZoneInfo(identifier: "UTC")
    public static var local: ZoneInfo { utc }
    public static func named(_ identifier: String) -> ZoneInfo? { identifier == "UTC" ? utc : nil }
    public func secondsFromGMT(at date: Date) -> Int { 0 }
    public func abbreviation(at date: Date) -> String { "UTC" }
}
