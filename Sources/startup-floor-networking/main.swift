// Floor 2 for the start-up benchmark: floor 1 that also links the network stack the product
// uses (FoundationNetworking), without using it — linking alone costs at start-up.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let linked: Any.Type = URLSessionConfiguration.self
print("floor \(Date().timeIntervalSince1970 > 0) \(CommandLine.arguments.count > 99 ? "\(linked)" : "")")
