import Foundation
import Testing
@testable import PlistArchive

@Suite struct KeyTypeTableTests {
    /// More types than the cache has slots: some share one, and each still finds its own value,
    /// made once.
    @Test func everyTypeFindsItsOwnValueMadeOnce() {
        let types: [Any.Type] = [Int.self, String.self, Double.self, Bool.self, Int8.self, Int16.self, Int32.self, Int64.self,
                                 UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self, Float.self, Character.self,
                                 Data.self, Date.self, URL.self, [Int].self, [String].self, Set<Int>.self, [Int: Int].self]
        var table = KeyTypeTable<Int>()
        var made = 0
        for round in 0..<3 {
            for (i, type) in types.enumerated() {
                let value = table.value(for: ObjectIdentifier(type)) {
                    made += 1
                    return i
                }
                #expect(value == i, "\(type) in round \(round)")
            }
        }
        #expect(made == types.count)
    }
}
