import Foundation
import Testing
import ArchiveTestSupport
@testable import PlistArchive

/// A change another copy's lock kept from a file waits in memory and is made with the next one,
/// in order; the first try waits for the lock, the tries while changes are kept do not.
@Suite struct KeptChangesTests {
    let folder = Make.tempDirectory()

    /// Applies `change` to the number the file holds, as a store's `update` does.
    func update(_ url: URL, _ wait: AtomicFile.LockWait, _ change: (inout [Int]) -> Void) throws(ArchiveError) -> [Int] {
        try AtomicFile.update(url, waiting: wait, empty: [],
                              load: { () throws(ArchiveError) -> [Int] in
                                  String(decoding: try AtomicFile.read(url, limit: 100), as: UTF8.self).split(separator: " ").compactMap { Int($0) }
                              },
                              save: { (list: [Int]) throws(ArchiveError) in try AtomicFile.write(Data(list.map(String.init).joined(separator: " ").utf8), to: url) },
                              change: change)
    }

    @Test func aChangeTheLockKeptBackIsMadeWithTheNextOne() throws {
        let url = folder.appendingPathComponent("list")
        let kept = KeptChanges<[Int]>()
        let holder = try #require(FileShape.locked.make(at: url, contents: Data("1".utf8), limit: 100))
        var waits: [Duration] = []
        let save = { (number: Int) throws(ArchiveError) -> [Int] in
            try kept.save({ $0.append(number) }) { (wait, change) throws(ArchiveError) in
                waits.append(wait.patience)
                return try update(url, .once, change)
            }
        }
        #expect(throws: ArchiveError.busy(file: "list")) { try save(2) }
        #expect(throws: ArchiveError.busy(file: "list")) { try save(3) }
        #expect(!kept.isEmpty)
        #expect(waits == [AtomicFile.LockWait.standard.patience, .zero], "only the first try waits for the lock")
        holder.release()
        #expect(try save(4) == [1, 2, 3, 4])
        #expect(kept.isEmpty)
        #expect(try save(5) == [1, 2, 3, 4, 5], "nothing made twice")
    }

    @Test func keptChangesAreSavedWhenAskedAndOtherFailuresDropThem() throws {
        let url = folder.appendingPathComponent("list")
        let kept = KeptChanges<[Int]>()
        let holder = FileShape.locked.make(at: url, contents: Data("1".utf8), limit: 100)
        #expect(throws: ArchiveError.busy(file: "list")) {
            try kept.save({ $0.append(2) }) { (wait, change) throws(ArchiveError) in try update(url, .once, change) }
        }
        holder?.release()
        #expect(try kept.save(nil) { (wait, change) throws(ArchiveError) in try update(url, wait, change) } == [1, 2])
        #expect(kept.isEmpty)
        #expect(throws: ArchiveError.io(underlying: "full")) {
            try kept.save({ $0.append(3) }) { (_, _) throws(ArchiveError) -> [Int] in throw .io(underlying: "full") }
        }
        #expect(kept.isEmpty, "a save that fails otherwise fails as it always has")
    }
}
