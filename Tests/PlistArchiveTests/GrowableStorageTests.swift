import Foundation
import Testing
@testable import PlistArchive

@Suite struct GrowableStorageTests {
    @Test func growsKeepingWhatWasAppendedAndHandsItsBytesOver() {
        var storage = GrowableStorage<UInt8>(capacity: 1)
        for i in 0..<1000 { storage.append(UInt8(truncatingIfNeeded: i)) }
        let start = storage.append(repeating: 7, count: 3)
        #expect(start == 1000)
        let space = storage.appendUninitialized(2)
        space[0] = 8
        space[1] = 9
        storage.removeLast(1)
        #expect(storage.count == 1004)
        [UInt8](arrayLiteral: 1, 2).withUnsafeBufferPointer { storage.append(contentsOf: $0) }
        let data = storage.takeData()  // the storage is not used after
        #expect(data.count == 1006)
        #expect(Array(data.prefix(3)) == [0, 1, 2] && data[255] == 255 && data[256] == 0)
        #expect(Array(data.suffix(6)) == [7, 7, 7, 8, 1, 2])
    }
}

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
