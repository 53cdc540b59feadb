import Foundation
import Testing
import ArchiveTestSupport
import WeatherStore
import WeatherModels
@testable import PlistArchive

/// `Pinned.plist` and feed shapes that crashed Foundation, made by hand: each one trapped inside
/// `NSKeyedUnarchiver` or `PropertyListSerialization` before the archive's shape was checked.
@Suite struct HostileArchiveTests {
    let folder = Make.tempDirectory()

    /// Writes `bytes` as `Pinned.plist`, loads it, and expects `corrupt` and the file moved aside.
    func expectPinsRefused(_ bytes: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let store = PinnedCityStore(directory: folder)
        try bytes.write(to: store.url)
        do {
            let cities = try store.load()
            Issue.record("read \(cities.count) cities", sourceLocation: sourceLocation)
        } catch {
            guard case .corrupt = error else {
                Issue.record("\(error), expected corrupt", sourceLocation: sourceLocation)
                return
            }
        }
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathExtension("corrupt").path), sourceLocation: sourceLocation)
        try? FileManager.default.removeItem(at: store.url.appendingPathExtension("corrupt"))
    }

    /// A pins archive: an NSArray root holding one box whose class dictionary is `classRef`'s
    /// object (made by `makeClass`, given the plist; its place in `$objects` is 4).
    func pins(boxClass makeClass: (HandPlist) -> Int) -> Data {
        let plist = HandPlist()
        let null = plist.string("$null")
        let arrayClass = plist.classDict("NSArray")
        let root = plist.dict(["$class": plist.uid(2), "NS.objects": plist.array([plist.uid(3)])])
        let box = plist.dict(["$class": plist.uid(4), "key": plist.uid(5), "name": plist.uid(5)])
        let boxClass = makeClass(plist)
        let text = plist.string("226396")
        return plist.keyedArchive(objects: [null, root, arrayClass, box, boxClass, text], root: 1)
    }

    @Test func theHandMadePinsArchiveIsReadWhenWellFormed() throws {
        // The builder's own check: with a proper class dictionary the same bytes get as far as
        // the box, which lacks its coordinates: refused by the box, not by the shape check.
        let good = pins { $0.classDict("WeatherStore.PinnedCityBox") }
        #expect(PlistShape.checkKeyedArchive(good) == nil)
    }

    @Test func aClassReferenceToAStringIsCorrupt() throws {
        try expectPinsRefused(pins { $0.string("WeatherStore.PinnedCityBox") })
    }

    @Test func aClassReferenceToANumberIsCorrupt() throws {
        try expectPinsRefused(pins { $0.int(7) })
    }

    @Test func aClassDictionaryWithANonStringKeyIsCorrupt() throws {
        try expectPinsRefused(pins { plist in
            plist.dict(keyRefs: [plist.string("$classname"), plist.int(1), plist.string("$classes")],
                       values: [plist.string("WeatherStore.PinnedCityBox"), plist.string("x"),
                                plist.array([plist.string("WeatherStore.PinnedCityBox")])])
        })
    }

    @Test func aClassNamedOnlyInClassHintsIsCorrupt() throws {
        try expectPinsRefused(pins { plist in
            plist.dict(["$classes": plist.array([plist.string("NSURL"), plist.string("NSObject")]),
                        "$classhints": plist.array([plist.string("NSURL")])])
        })
    }

    @Test func classesThatAreNotStringsAreCorrupt() throws {
        try expectPinsRefused(pins { plist in
            plist.dict(["$classname": plist.string("WeatherStore.PinnedCityBox"), "$classes": plist.array([plist.int(3)])])
        })
    }

    @Test func anArrayThatContainsItselfIsCorrupt() throws {
        let plist = HandPlist()
        let null = plist.string("$null")
        let root = plist.dict(["$class": plist.uid(2), "NS.objects": plist.array([plist.uid(1)])])
        let data = plist.keyedArchive(objects: [null, root, plist.classDict("NSArray")], root: 1)
        try expectPinsRefused(data)
        // Two arrays holding each other: the cycle is through the UIDs, not the plist's objects.
        let pair = HandPlist()
        let pnull = pair.string("$null")
        let first = pair.dict(["$class": pair.uid(3), "NS.objects": pair.array([pair.uid(2)])])
        let second = pair.dict(["$class": pair.uid(3), "NS.objects": pair.array([pair.uid(1)])])
        try expectPinsRefused(pair.keyedArchive(objects: [pnull, first, second, pair.classDict("NSArray")], root: 1))
    }

    @Test func aUIDPastTheObjectsIsCorrupt() throws {
        let plist = HandPlist()
        let null = plist.string("$null")
        let root = plist.dict(["$class": plist.uid(2), "NS.objects": plist.array([plist.uid(9)])])
        try expectPinsRefused(plist.keyedArchive(objects: [null, root, plist.classDict("NSArray")], root: 1))
    }

    @Test func aSetAsPinsIsCorrupt() throws {
        let plist = HandPlist()
        plist.set([])
        try expectPinsRefused(plist.bytes())
    }

    @Test func aSetInTheFeedOrItsIOSPayloadIsCorruptAndMovedAside() throws {
        let archive = WeatherFeedArchive(directory: folder)
        let set = HandPlist()
        set.set([])
        // The iOS app's payload is read through Foundation's decoder: a set in it must not get there.
        let legacy = HandPlist()
        _ = legacy.dict(["fetchedAt": legacy.string("Dec 6, 2017 at 5:35:00 PM"), "topCityWeathers": legacy.set([])])
        for bytes in [set.bytes(), KeyedArchive.wrap(set.bytes()), KeyedArchive.wrap(legacy.bytes())] {
            try bytes.write(to: archive.url)
            #expect(throws: ArchiveError.self) { _ = try archive.load() }
            #expect(FileManager.default.fileExists(atPath: archive.url.appendingPathExtension("corrupt").path))
            try bytes.write(to: archive.url)
            #expect(throws: ArchiveError.self) { _ = try archive.load(WeatherFeedSummary.self) }
            try? FileManager.default.removeItem(at: archive.url.appendingPathExtension("corrupt"))
        }
    }
}
