import Foundation
import Testing
@testable import PlistArchive
import ArchiveTestSupport

/// Reading and creating folders on the C library: each failure named as the user will read it.
@Suite(.serialized)
struct AtomicFileTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    /// Permission bits do not stop the superuser (CI may run as root): such tests are skipped, and say so.
    static let notRoot = getuid() != 0
    static let limit = 8 << 20

    @Test func readsWhatWasWrittenWhateverItsSize() throws {
        for size in [0, 1, 4095, 65_536, 65_537, 3_000_001] {
            let url = folder.appendingPathComponent("f\(size)")
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try AtomicFile.write(bytes, to: url)
            #expect(try AtomicFile.read(url, limit: Self.limit) == bytes)
        }
    }

    @Test func aMissingFileIsMissingAndAFolderIsSaidToBeOne() {
        #expect(throws: ArchiveError.missing) { try AtomicFile.read(folder.appendingPathComponent("none"), limit: Self.limit) }
        #expect(throws: ArchiveError.corrupt(reason: "a folder, not a file")) { try AtomicFile.read(folder, limit: Self.limit) }
    }

    @Test(.enabled(if: notRoot, "permission bits do not stop root")) func anUnreadableFileSaysPermissionDenied() throws {
        let url = folder.appendingPathComponent("locked")
        try Data("x".utf8).write(to: url)
        chmod(url.path, 0)
        defer { chmod(url.path, 0o600) }
        #expect(throws: ArchiveError.io(underlying: "cannot read \(url.path): Permission denied")) { try AtomicFile.read(url, limit: Self.limit) }
    }

    /// Only a regular file is read: a named pipe no one writes to (which blocked `open` for
    /// ever), a link to `/dev/zero` (read without end), a folder are refused at once, as damage.
    @Test(arguments: [(FileShape.namedPipe, "a named pipe"), (.linkToZero, "a device"), (.folder, "a folder")])
    func whatIsNotAFileIsNotRead(shape: FileShape, kind: String) {
        let url = folder.appendingPathComponent("\(shape)")
        shape.make(at: url, contents: Data("x".utf8), limit: Self.limit)
        #expect(throws: ArchiveError.corrupt(reason: "\(kind), not a file")) { try AtomicFile.read(url, limit: Self.limit) }
    }

    /// A file longer than its reader's limit is refused without reading it (a 100 MB ledger took
    /// 15 s and 837 MB), and one that grows past it while read is read to one byte past it.
    @Test func aFileIsReadToItsLimitAndNoFurther() throws {
        let url = folder.appendingPathComponent("long")
        try AtomicFile.write(Data(repeating: 7, count: 1000), to: url)
        #expect(try AtomicFile.read(url, limit: 1000).count == 1000)
        #expect(throws: ArchiveError.corrupt(reason: "longer than 999 bytes, more than such a file holds")) {
            try AtomicFile.read(url, limit: 999)
        }
        FileShape.overLong.make(at: url, contents: Data(), limit: 100 << 20)
        #expect(throws: ArchiveError.corrupt(reason: "longer than 64 KiB, more than such a file holds")) { try AtomicFile.read(url, limit: 64 << 10) }
    }

    /// `load` moves whatever stands in a file's place aside, so the next save can write the file;
    /// what cannot be moved (a folder with files where the aside goes) is said, not claimed moved.
    @Test func loadMovesAsideWhatIsNotAFile() throws {
        let url = folder.appendingPathComponent("Pinned.plist")
        for shape in [FileShape.namedPipe, .linkToZero, .overLong, .folder] {
            shape.make(at: url, contents: Data("x".utf8), limit: 10)
            #expect(throws: ArchiveError.self) { try AtomicFile.load(url, limit: 10) { _ throws(ArchiveError) in 0 } }
            #expect(!FileManager.default.fileExists(atPath: url.path), "\(shape)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path + ".corrupt")) == (shape == .linkToZero ? "/dev/zero" : nil))
        }
        try? FileManager.default.removeItem(atPath: url.path + ".corrupt")
        FileShape.folder.make(at: URL(fileURLWithPath: url.path + ".corrupt"), contents: Data(), limit: 10)
        FileShape.folder.make(at: url, contents: Data(), limit: 10)
        #expect(throws: ArchiveError.io(underlying: "Pinned.plist is unreadable (a folder, not a file) and cannot be moved aside: Directory not empty")) {
            try AtomicFile.load(url, limit: 10) { _ throws(ArchiveError) in 0 }
        }
    }

    /// A clock that moves only when the lock's wait pauses: no test sleeps.
    final class StoppedClock: @unchecked Sendable {
        let start = ContinuousClock.now
        var elapsed = Duration.zero
        var pauses = 0
        var wait: AtomicFile.LockWait {
            AtomicFile.LockWait(patience: .seconds(2), now: { self.start + self.elapsed }, pause: { self.elapsed += $0; self.pauses += 1 })
        }
    }

    /// A lock another holder has (a second open file description, as another process's) is
    /// waited for until the deadline, then the file is said to be busy and nothing is done;
    /// with no patience it is tried once; once let go, it is taken at once.
    @Test func aHeldLockIsWaitedForUntilItsDeadline() throws {
        let url = folder.appendingPathComponent("settings.plist")
        let holder = try #require(FileShape.locked.make(at: url, contents: Data("1".utf8), limit: 10))
        let clock = StoppedClock()
        var ran = false
        #expect(throws: ArchiveError.busy(file: "settings.plist")) { try AtomicFile.withLock(on: url, waiting: clock.wait) { ran = true } }
        #expect(clock.elapsed == .seconds(2) && clock.pauses == 200 && !ran)
        #expect(throws: ArchiveError.busy(file: "settings.plist")) { try AtomicFile.withLock(on: url, waiting: .once) { ran = true } }
        #expect(!ran)
        holder.release()
        let after = StoppedClock()
        try AtomicFile.withLock(on: url, waiting: after.wait) { ran = true }
        #expect(ran && after.pauses == 0)
    }

    /// An update that finds the lock held changes nothing and says why.
    @Test func anUpdateOfABusyFileLeavesItAsItWas() throws {
        let url = folder.appendingPathComponent("counter")
        let holder = FileShape.locked.make(at: url, contents: Data("5".utf8), limit: 10)
        defer { holder?.release() }
        #expect(throws: ArchiveError.busy(file: "counter")) {
            try AtomicFile.update(url, waiting: .once, empty: 0, load: { () throws(ArchiveError) -> Int in 5 },
                                  save: { (n: Int) throws(ArchiveError) in try AtomicFile.write(Data(String(n).utf8), to: url) }, change: { $0 += 1 })
        }
        #expect(try AtomicFile.read(url, limit: 10) == Data("5".utf8))
    }

    @Test func foldersAreCreatedPrivateWithTheirParents() throws {
        let nested = folder.appendingPathComponent("a/b/c")
        try AtomicFile.ensureFolder(nested)
        for path in ["a", "a/b", "a/b/c"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(path)")
        }
        try AtomicFile.ensureFolder(nested)  // already there: nothing to do
        let file = folder.appendingPathComponent("plain")
        try Data().write(to: file)
        #expect(throws: ArchiveError.io(underlying: "\(file.path) is not a folder")) { try AtomicFile.ensureFolder(file) }
        #expect(throws: ArchiveError.io(underlying: "\(file.path) is not a folder")) {
            try AtomicFile.ensureFolder(file.appendingPathComponent("below"))
        }
    }

    @Test(.enabled(if: notRoot, "permission bits do not stop root")) func aFolderInAReadOnlyOneCannotBeCreated() throws {
        let readOnly = folder.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        chmod(readOnly.path, 0o500)
        defer { chmod(readOnly.path, 0o700) }
        let inside = readOnly.appendingPathComponent("new")
        #expect(throws: ArchiveError.io(underlying: "cannot create \(inside.path): Permission denied")) { try AtomicFile.ensureFolder(inside) }
    }

    /// Read, change, write under the lock: forty writers at once, each adding one to what the
    /// file holds, leave forty (without the lock two read the same count and one is lost).
    @Test func updatesUnderTheLockLoseNoChange() throws {
        let url = folder.appendingPathComponent("counter")
        let load: @Sendable () throws(ArchiveError) -> Int = { () throws(ArchiveError) -> Int in
            guard let n = Int(String(decoding: try AtomicFile.read(url, limit: 10), as: UTF8.self)) else { throw .corrupt(reason: "not a number") }
            return n
        }
        DispatchQueue.concurrentPerform(iterations: 40) { _ in
            _ = try? AtomicFile.update(url, empty: 0, load: load, save: { (n) throws(ArchiveError) in try AtomicFile.write(Data(String(n).utf8), to: url) },
                                       change: { $0 += 1 })
        }
        #expect(try load() == 40)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".counter.lock").path))
    }

    @Test func aFileOfANewerSchemaIsLeftAloneByAnUpdate() throws {
        let url = folder.appendingPathComponent("newer")
        try AtomicFile.write(Data("9".utf8), to: url)
        #expect(throws: ArchiveError.incompatibleSchema(found: 9, supported: 1)) {
            try AtomicFile.update(url, empty: 0, load: { () throws(ArchiveError) -> Int in throw .incompatibleSchema(found: 9, supported: 1) },
                                  save: { (_: Int) throws(ArchiveError) in try AtomicFile.write(Data("1".utf8), to: url) }, change: { $0 += 1 })
        }
        #expect(try AtomicFile.read(url, limit: 10) == Data("9".utf8))
    }
}
