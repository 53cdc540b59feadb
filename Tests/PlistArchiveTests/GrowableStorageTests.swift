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
