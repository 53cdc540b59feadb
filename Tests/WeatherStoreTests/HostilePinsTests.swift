import Foundation
import Testing
import ArchiveTestSupport
import WeatherStore
import WeatherModels
@testable import PlistArchive

/// `PinnedCity.unarchive` (the store's reader, no Foundation unarchiver) on damaged and hostile
/// archives: each is `corrupt` with a reason, never a crash, a hang or a huge allocation.
@Suite struct HostilePinsTests {
    static let cities = [PinnedCity(key: "226396", name: "Tokyo", latitude: 35.68, longitude: 139.77),
                         PinnedCity(place: PlaceMatch(id: "om:1", name: "Ísafjörður", region: "Westfjords", country: "Iceland",
                                                      latitude: 66.07, longitude: -23.13, timeZone: "Atlantic/Reykjavik", elevation: 4))]

    /// The reason `data` is refused for, or nil when it reads.
    func reason(_ data: Data) -> String? {
        do {
            _ = try PinnedCity.unarchive(data)
            return nil
        } catch {
            guard case .corrupt(let reason) = error else { return "not corrupt: \(error)" }
            return reason
        }
    }

    @Test func truncatedAtEveryLengthItIsCorrupt() throws {
        for data in [PinnedCity.archive(Self.cities), try LegacyPinnedCityBox.archive(Self.cities, className: "WeatherStore.PinnedCityBox")] {
            for length in 0..<data.count {
                let reason = reason(data.prefix(length))
                #expect(reason != nil && !reason!.hasPrefix("not corrupt"), "\(length) of \(data.count) bytes: \(reason ?? "read")")
            }
        }
    }

    @Test func everyByteChangedIsReadOrRefusedWithoutACrash() {
        let data = PinnedCity.archive(Self.cities)
        Damage.forEachCopy(of: data, changingEachByte: true) { variant, damage in
            if let reason = reason(variant) { #expect(!reason.hasPrefix("not corrupt"), "\(damage): \(reason)") }
        }
    }

    /// A pins archive made by hand: `$objects` = [$null, root array, NSArray class, box class,
    /// …entries]; the root array holds place 4 (the first entry) unless told otherwise.
    func archive(entries: (HandPlist) -> [Int], arrayElements: [UInt8]? = nil) -> Data {
        let plist = HandPlist()
        let null = plist.string("$null")
        let made = entries(plist)
        let elements = arrayElements ?? [4]  // the first entry made
        let root = plist.dict(["NS.objects": plist.array(elements.map { plist.uid($0) }), "$class": plist.uid(2)])
        return plist.keyedArchive(objects: [null, root, plist.classDict("NSArray"), plist.classDict("WeatherStore.PinnedCityBox")] + made,
                                  root: 1)
    }

    /// A box whose fields are the given objects, named by their place in `$objects`.
    func box(_ plist: HandPlist, _ fields: KeyValuePairs<String, UInt8>) -> Int {
        plist.dict(keyRefs: fields.map { plist.string($0.key) } + [plist.string("$class")],
                   values: fields.map { plist.uid($0.value) } + [plist.uid(3)])
    }

    @Test func aWellFormedHandMadeArchiveReads() throws {
        let data = archive { plist in
            [box(plist, ["key": 5, "name": 5, "latitude": 6, "longitude": 6]), plist.string("1"), plist.real(2)]
        }
        #expect(try PinnedCity.unarchive(data) == [PinnedCity(key: "1", name: "1", latitude: 2, longitude: 2)])
    }

    @Test func fieldsOfTheWrongKindAreCorrupt() {
        let cases: [(String, (HandPlist) -> [Int])] = [
            ("an entry of PinnedCity is unreadable (latitude: not a number)",
             { p in [box(p, ["key": 5, "name": 5, "latitude": 5, "longitude": 6]), p.string("1"), p.real(2)] }),
            ("an entry of PinnedCity is unreadable (name: not a string)",
             { p in [box(p, ["key": 5, "name": 6, "latitude": 6, "longitude": 6]), p.string("1"), p.real(2)] }),
            ("an entry of PinnedCity is unreadable (latitude: not a number)",  // a boolean is no coordinate
             { p in [box(p, ["key": 5, "name": 5, "latitude": 6, "longitude": 6]), p.string("1"), p.bool(true)] }),
            ("an entry of PinnedCity is unreadable (region: not a string)",  // an optional field of the wrong kind fails too
             { p in [box(p, ["key": 5, "name": 5, "latitude": 6, "longitude": 6, "placeID": 5, "region": 6]), p.string("1"), p.real(2)] }),
            ("an entry of PinnedCity is unreadable (key: not a string)",  // a string object of a class that is no string
             { p in [box(p, ["key": 7, "name": 5, "latitude": 6, "longitude": 6]), p.string("1"), p.real(2),
                     p.dict(["NS.string": p.string("1"), "$class": p.uid(3)])] }),
            ("an entry of PinnedCity is unreadable",  // the key is $null
             { p in [box(p, ["key": 0, "name": 5, "latitude": 6, "longitude": 6]), p.string("1"), p.real(2)] }),
            ("an entry of PinnedCity is unreadable",  // no longitude
             { p in [box(p, ["key": 5, "name": 5, "latitude": 6]), p.string("1"), p.real(2)] }),
            ("an entry of PinnedCity is unreadable",  // a latitude off the Earth, which every refresh would send
             { p in [box(p, ["key": 5, "name": 5, "latitude": 6, "longitude": 7]), p.string("1"), p.real(1e300), p.real(2)] }),
            ("an entry of PinnedCity is unreadable",  // a longitude that is not a number
             { p in [box(p, ["key": 5, "name": 5, "latitude": 7, "longitude": 6]), p.string("1"), p.real(.nan), p.real(2)] }),
            ("an entry of PinnedCity is unreadable",  // an entry that is a string, not a box
             { p in [p.string("1")] }),
            ("an entry of PinnedCity is unreadable",  // a box's fields in an object of another (allowed) class
             { p in [p.dict(keyRefs: ["key", "name", "latitude", "longitude", "$class"].map(p.string),
                            values: [p.uid(5), p.uid(5), p.uid(6), p.uid(6), p.uid(2)]), p.string("1"), p.real(2)] }),
        ]
        for (expected, entries) in cases {
            #expect(reason(archive(entries: entries)) == expected)
        }
    }

    @Test func aNullOrMissingEntryIsCorrupt() {
        #expect(reason(archive(entries: { _ in [] }, arrayElements: [0])) == "an entry of PinnedCity is unreadable")
        // The root array without its objects, or the root not an array.
        let plist = HandPlist()
        let null = plist.string("$null")
        let root = plist.dict(["$class": plist.uid(2)])
        #expect(reason(plist.keyedArchive(objects: [null, root, plist.classDict("NSArray")], root: 1)) == "archive root is not an array of PinnedCity")
        let other = HandPlist()
        #expect(reason(other.keyedArchive(objects: [other.string("$null"), other.string("x")], root: 1)) == "archive root is not an array of PinnedCity")
        let onlyNull = HandPlist()
        #expect(reason(onlyNull.keyedArchive(objects: [onlyNull.string("$null")], root: 0)) == "archive root is not an array of PinnedCity")
    }

    @Test func aForeignClassAnywhereIsCorrupt() {
        let data = archive { p in
            [box(p, ["key": 5, "name": 5, "latitude": 6, "longitude": 6]), p.string("1"), p.real(2), p.classDict("NSURL")]
        }
        #expect(reason(data) == "archive holds NSURL, expected PinnedCity only")
    }

    @Test func aLoopThroughTheBoxIsCorrupt() {
        // A box whose name is the root array holding it.
        let data = archive { p in [box(p, ["key": 5, "name": 1, "latitude": 6, "longitude": 6]), p.string("1"), p.real(2)] }
        #expect(reason(data) == "keyed archive: an object contains itself")
    }

    @Test func aUIDOutsideTheObjectsIsCorrupt() {
        let data = archive { p in [box(p, ["key": 200, "name": 5, "latitude": 6, "longitude": 6]), p.string("1"), p.real(2)] }
        #expect(reason(data) == "a UID outside $objects")
    }

    @Test func deepNestingIsCorrupt() {
        // NSArrays nested 100 deep under the root.
        let plist = HandPlist()
        let null = plist.string("$null")
        var objects = [null]
        for level in 0..<100 {
            objects.append(plist.dict(["NS.objects": plist.array([plist.uid(UInt8(level + 2))]), "$class": plist.uid(102)]))
        }
        objects.append(plist.string("end"))
        objects.append(plist.classDict("NSArray"))
        #expect(reason(plist.keyedArchive(objects: objects, root: 1)) == "keyed archive: nested more than 64 deep")
    }

    /// A million entries all naming one box (a 2 MB file): refused by count, before a million
    /// cities are made.
    @Test func aMillionEntriesAreCorrupt() {
        let plist = HandPlist()
        let null = plist.string("$null")  // object 0
        let toBox = plist.uid(4)  // object 1: every element of the array refers to it
        #expect(toBox == 1)
        let elements = plist.raw([0xAF, 0x12] + withUnsafeBytes(of: UInt32(1_000_000).bigEndian, Array.init)
                                 + Array([[UInt8]](repeating: [0, 1], count: 1_000_000).joined()))
        let root = plist.dict(["NS.objects": elements, "$class": plist.uid(2)])
        let objects = [null, root, plist.classDict("NSArray"), plist.classDict("WeatherStore.PinnedCityBox"),
                       box(plist, ["key": 5, "name": 5, "latitude": 6, "longitude": 6]), plist.string("1"), plist.real(2)]
        #expect(reason(plist.keyedArchive(objects: objects, root: 1)) == "an array of 1000000 PinnedCity, more than \(ObjectArrayArchive.maxEntries)")
    }

    /// Many entries naming one box read it once (a shared-reference bomb under the limit).
    @Test func entriesSharingOneBoxReadIt() throws {
        let data = archive(entries: { p in [box(p, ["key": 5, "name": 5, "latitude": 6, "longitude": 6]), p.string("1"), p.real(2)] },
                           arrayElements: [UInt8](repeating: 4, count: 5000))
        let cities = try PinnedCity.unarchive(data)
        #expect(cities.count == 5000 && Set(cities).count == 1)
    }
}
