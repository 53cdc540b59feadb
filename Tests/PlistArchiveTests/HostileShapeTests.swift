import Foundation
import Testing
import ArchiveTestSupport
import WeatherModels
@testable import PlistArchive

/// Hostile shapes, made by hand: each one crashed inside Foundation when it reached
/// `PropertyListSerialization` or `NSKeyedUnarchiver` unchecked. Each must now be `corrupt`.
@Suite struct HostileShapeTests {
    static func expectCorrupt(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("read without complaint", sourceLocation: sourceLocation)
        } catch let error as ArchiveError {
            guard case .corrupt = error else {
                Issue.record("\(error), expected corrupt", sourceLocation: sourceLocation)
                return
            }
        } catch {
            Issue.record("\(error), expected ArchiveError.corrupt", sourceLocation: sourceLocation)
        }
    }

    /// The smallest such file: a binary plist whose top object is an empty set.
    static let emptySet: Data = {
        let plist = HandPlist()
        plist.set([])
        return plist.bytes()
    }()

    /// A keyed archive with a set among its objects (Foundation parses the whole object table).
    static var archiveHoldingASet: Data {
        let plist = HandPlist()
        let null = plist.string("$null")
        let set = plist.set([null])
        return plist.keyedArchive(objects: [null, set], root: 1)
    }

    @Test func aSetIsRefusedByTheShapeCheck() {
        #expect(PlistShape.check(Self.emptySet) != nil)
        #expect(PlistShape.check(Self.archiveHoldingASet) != nil)
    }

    @Test func aSetAsAnArchiveIsCorrupt() {
        Self.expectCorrupt { _ = try KeyedArchive.unwrap(Self.emptySet) }
        Self.expectCorrupt { _ = try KeyedArchive.unwrap(Self.archiveHoldingASet) }
    }

    @Test func aSetInsideTheArchivesPayloadIsCorrupt() {
        let plist = HandPlist()
        let set = plist.set([plist.string("x")])
        _ = plist.dict(["schemaVersion": plist.int(1), "cities": set])
        let archive = KeyedArchive.wrap(plist.bytes())
        Self.expectCorrupt { _ = try KeyedArchive.decode(WeatherFeed.self, from: archive) }
        // An XML-looking name does not matter: a payload starting as a binary plist is checked as one.
        Self.expectCorrupt { _ = try KeyedArchive.decodePayload(WeatherFeed.self, from: Self.emptySet) }
        // A later binary format (`bplist15`) is not handed to Foundation's decoder either.
        var later = Self.emptySet
        later.replaceSubrange(6..<8, with: Array("15".utf8))
        Self.expectCorrupt { _ = try KeyedArchive.decodePayload(WeatherFeed.self, from: later) }
    }

    @Test func aSetAsSettingsIsCorruptAndMovedAside() throws {
        let store = SettingsStore<AppSettings>(url: Make.tempDirectory().appendingPathComponent("settings.plist"))
        let plist = HandPlist()
        _ = plist.dict(["units": plist.set([plist.string("metric")])])
        for bytes in [Self.emptySet, plist.bytes()] {
            try bytes.write(to: store.url)
            Self.expectCorrupt { _ = try store.load(default: AppSettings()) }
            #expect(FileManager.default.fileExists(atPath: store.url.appendingPathExtension("corrupt").path))
            #expect(!FileManager.default.fileExists(atPath: store.url.path))
        }
    }

    @Test func aSetInACacheFileIsMovedAside() throws {
        let cache = Cache<WeatherFeed>(name: "Forecasts.plist", directory: Make.tempDirectory())
        try Self.emptySet.write(to: cache.url)
        Self.expectCorrupt { _ = try cache.load() }
        #expect(FileManager.default.fileExists(atPath: cache.url.appendingPathExtension("corrupt").path))
    }

    @Test func aKeyedArchiveThatIsNotBinaryIsCorrupt() throws {
        // XML can spell UIDs (`CF$UID`), so every shape below could be written in it too; the
        // store writes binary archives only, and that is all it reads.
        let xml = try PropertyListSerialization.data(fromPropertyList: ["$archiver": "NSKeyedArchiver"], format: .xml, options: 0)
        Self.expectCorrupt { _ = try KeyedArchive.unwrap(xml) }
    }

    @Test func referencesOutOfRangeCyclesAndDepthAreRefused() {
        // An array that holds itself, as a plain plist object.
        let cycle = HandPlist()
        let a = cycle.placeholder()
        cycle.replace(a, withArray: [a])
        #expect(PlistShape.check(cycle.bytes(top: a)) != nil)
        // A reference past the object table.
        let outside = HandPlist()
        outside.raw([0xA1, 0x00, 0x09])
        #expect(PlistShape.check(outside.bytes()) != nil)
        // Nesting past the limit, and just under it.
        for (levels, refused) in [(PlistShape.maxDepth + 1, true), (PlistShape.maxDepth - 1, false)] {
            let deep = HandPlist()
            var inner = deep.string("leaf")
            for _ in 0..<levels { inner = deep.array([inner]) }
            #expect((PlistShape.check(deep.bytes()) != nil) == refused, "\(levels) levels")
        }
        // A shared (not cyclic) object is fine.
        let shared = HandPlist()
        let leaf = shared.string("x")
        let pair = shared.array([leaf, leaf])
        _ = shared.array([pair, pair])
        #expect(PlistShape.check(shared.bytes()) == nil)
    }

    @Test func whatTheStoreWritesPassesTheShapeCheck() throws {
        let feed = try Make.realFeed()
        let archive = try KeyedArchive.encode(feed)
        #expect(PlistShape.check(archive) == nil)
        #expect(PlistShape.checkKeyedArchive(archive) == nil)
        #expect(PlistShape.check(try BinaryPlistEncoder().encode(feed)) == nil)
        let foundation = try NSKeyedArchiver.archivedData(withRootObject: NSArray(array: [NSString(string: "a"), NSNumber(value: 1)]), requiringSecureCoding: true)
        #expect(PlistShape.checkKeyedArchive(foundation) == nil)
    }
}
