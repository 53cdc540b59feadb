// Floor 2 for the start-up benchmark: floor 1 that also links the network stack the product
// uses (AsyncHTTPClient on SwiftNIO), without using it — linking alone costs at start-up.
import AsyncHTTPClient
import Foundation

let linked: Any.Type = HTTPClient.self
print("floor \(Date().timeIntervalSince1970 > 0) \(CommandLine.arguments.count > 99 ? "\(linked)" : "")")
