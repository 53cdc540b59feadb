import Foundation
import Testing
import ArchiveTestSupport
@testable import PlistArchive

/// `KeyedArchiveValidator` on the project's own reader: the verdicts and messages it gave
/// through `PropertyListSerialization` and `NSKeyedUnarchiver`.
@Suite struct KeyedArchiveValidatorTests {
    func expect(_ data: Data, refusedWith reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: ArchiveError.corrupt(reason: reason), sourceLocation: sourceLocation) { try KeyedArchiveValidator.rootData(data) }
    }

    @Test func aRootThatIsNotDataIsNamed() throws {
        expect(try NSKeyedArchiver.archivedData(withRootObject: "text" as NSString, requiringSecureCoding: false),
               refusedWith: "archive root is String, expected data")
        expect(try NSKeyedArchiver.archivedData(withRootObject: [1, 2] as NSArray, requiringSecureCoding: false),
               refusedWith: "archive root is NSArray, expected data")
        expect(try NSKeyedArchiver.archivedData(withRootObject: NSMutableData(bytes: [1, 2, 3], length: 3), requiringSecureCoding: false),
               refusedWith: "archive root is NSMutableData, expected data")
        expect(try NSKeyedArchiver.archivedData(withRootObject: 42 as NSNumber, requiringSecureCoding: false),
               refusedWith: "archive root is Int, expected data")
    }

    @Test func theShapeIsCheckedBeforeAnythingIsRead() {
        expect(Data(), refusedWith: "empty file")
        expect(Data("<?xml version=\"1.0\"?>".utf8), refusedWith: "not a binary keyed archive")
        expect(Data("garbage".utf8), refusedWith: "not a property list")
        let plist = HandPlist()
        _ = plist.dict(["$archiver": plist.string("NSKeyedArchiver"), "$objects": plist.array([])])
        expect(plist.bytes(), refusedWith: "keyed archive without a root object")
    }

    @Test func parseNamesTheClassesAndTheRoot() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: ["a": [1] as NSArray] as NSDictionary, requiringSecureCoding: false)
        let archive = try KeyedArchiveValidator.parse(data)
        #expect(archive.classNames == ["NSDictionary", "NSArray"])
        #expect(archive.className(of: archive.root) == "NSDictionary")
    }

    /// Keys in another order and a two-byte root UID: still the archive of that data.
    @Test func aDataRootInAnotherLayoutIsRead() throws {
        let plist = HandPlist()
        let null = plist.string("$null")
        let payload = plist.data([1, 2, 3, 4])
        // A root UID that is wider than the usual one byte: still the same archive to the reader.
        let wide = plist.raw([0x81, 0x00, 0x02])
        let list = plist.array([null, plist.string("unused"), payload])
        let top = plist.dict(["root": wide])
        _ = plist.dict(["$version": plist.int(100_000), "$top": top, "$objects": list, "$archiver": plist.string("NSKeyedArchiver")])
        let bytes = plist.bytes()
        #expect(try KeyedArchiveValidator.rootData(bytes) == Data([1, 2, 3, 4]))
    }

    /// What `DataRootArchive` leaves to the general path: a `$top` naming `root` twice (it takes
    /// the last, a string here; the reader the first, as the shape check does).
    @Test func theGeneralPathReadsTheDataItself() throws {
        let plist = HandPlist()
        let list = plist.array([plist.string("$null"), plist.string("text"), plist.data([9, 8, 7])])
        let top = plist.dict(keyRefs: [plist.string("root"), plist.string("root")], values: [plist.uid(2), plist.uid(1)])
        _ = plist.dict(["$archiver": plist.string("NSKeyedArchiver"), "$objects": list, "$top": top, "$version": plist.int(100_000)])
        let bytes = plist.bytes()
        #expect(DataRootArchive.decode(bytes) == nil)
        #expect(try KeyedArchiveValidator.rootData(bytes) == Data([9, 8, 7]))
    }
}
