import Foundation
import Testing
@testable import PlistArchive

/// Reading and creating folders on the C library: each failure named as the user will read it.
@Suite(.serialized)
struct AtomicFileTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    /// Permission bits do not stop the superuser (CI may run as root).
    let isRoot = getuid() == 0

    @Test func readsWhatWasWrittenWhateverItsSize() throws {
        for size in [0, 1, 4095, 65_536, 65_537, 3_000_001] {
            let url = folder.appendingPathComponent("f\(size)")
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try AtomicFile.write(bytes, to: url)
            #expect(try AtomicFile.read(url) == bytes)
        }
    }

    @Test func aMissingFileIsMissingAndAFolderIsSaidToBeOne() {
        #expect(throws: ArchiveError.missing) { try AtomicFile.read(folder.appendingPathComponent("none")) }
        #expect(throws: ArchiveError.io(underlying: "\(folder.path) is a folder")) { try AtomicFile.read(folder) }
    }

    @Test func anUnreadableFileSaysPermissionDenied() throws {
        let url = folder.appendingPathComponent("locked")
        try Data("x".utf8).write(to: url)
        chmod(url.path, 0)
        defer { chmod(url.path, 0o600) }
        if isRoot { return }
        #expect(throws: ArchiveError.io(underlying: "cannot read \(url.path): Permission denied")) { try AtomicFile.read(url) }
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

    @Test func aFolderInAReadOnlyOneCannotBeCreated() throws {
        let readOnly = folder.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        chmod(readOnly.path, 0o500)
        defer { chmod(readOnly.path, 0o700) }
        if isRoot { return }
        let inside = readOnly.appendingPathComponent("new")
        #expect(throws: ArchiveError.io(underlying: "cannot create \(inside.path): Permission denied")) { try AtomicFile.ensureFolder(inside) }
    }

    /// Read, change, write under the lock: forty writers at once, each adding one to what the
    /// file holds, leave forty (without the lock two read the same count and one is lost).
    @Test func updatesUnderTheLockLoseNoChange() throws {
        let url = folder.appendingPathComponent("counter")
        let load: @Sendable () throws(ArchiveError) -> Int = { () throws(ArchiveError) -> Int in
            guard let n = Int(String(decoding: try AtomicFile.read(url), as: UTF8.self)) else { throw .corrupt(reason: "not a number") }
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
        #expect(try AtomicFile.read(url) == Data("9".utf8))
    }
}
