import Foundation
import Testing
import ArchiveTestSupport
import WeatherStore
import WeatherModels
@testable import PlistArchive

/// `Pinned.plist` written and read without Foundation's archiver, against Foundation's
/// `NSKeyedArchiver`/`NSKeyedUnarchiver` and the box the app used (`LegacyPinnedCityBox`).
@Suite struct PinnedCityArchiveTests {
    static let reykjavik = PlaceMatch(id: "om:3413829", name: "Reykjavík", region: "Capital Region", country: "Iceland",
                                      countryCode: "IS", latitude: 64.1355, longitude: -21.8954,
                                      timeZone: "Atlantic/Reykjavik", elevation: 61)
    /// Lists that exercise every field, sharing and kind of text the file holds.
    static let lists: [[PinnedCity]] = [
        [],
        [PinnedCity(key: "226396", name: "Tokyo", latitude: 35.68, longitude: 139.77)],
        [PinnedCity(key: "226396", name: "Tokyo", latitude: 35.68, longitude: 139.77),
         PinnedCity(key: "294021", name: "Москва", latitude: 55, longitude: 37.62),  // a whole coordinate, Cyrillic
         PinnedCity(place: reykjavik),  // every place field; its key is its place id
         PinnedCity(place: PlaceMatch(id: "190390", name: "Reykjavik", latitude: 64.1, longitude: -21.9)),  // a bare place
         PinnedCity(key: "226396", name: "Tokyo", latitude: 35.68, longitude: 139.77)],  // the same city twice
        [PinnedCity(key: "x", name: "東京 🌸 e\u{301}", latitude: 0, longitude: -0.5,
                    place: PlaceMatch(id: "x", name: "東京 🌸 e\u{301}", region: "", country: "日本", latitude: 0, longitude: -0.5,
                                      elevation: -12.25))],
        // More than 255 objects: two-byte references and UIDs.
        (0..<120).map { PinnedCity(key: "k\($0)", name: "City \($0)", latitude: Double($0) / 7, longitude: -Double($0) / 3) },
    ]

    @Test(arguments: lists)
    func roundTrip(cities: [PinnedCity]) throws {
        #expect(try PinnedCity.unarchive(PinnedCity.archive(cities)) == cities)
    }

    @Test(arguments: lists)
    func foundationReadsOurs(cities: [PinnedCity]) throws {
        let ours = PinnedCity.archive(cities)
        #expect(try LegacyPinnedCityBox.unarchive(ours) == cities)
        LegacyPinnedCityBox.register()
        let boxes = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, LegacyPinnedCityBox.self], from: ours) as? [LegacyPinnedCityBox]
        #expect(boxes?.map(\.value) == cities)
    }

    @Test(arguments: lists)
    func oursReadsFoundations(cities: [PinnedCity]) throws {
        let theirs = try LegacyPinnedCityBox.archive(cities, className: "WeatherStore.PinnedCityBox")
        #expect(String(decoding: theirs, as: UTF8.self).contains("WeatherStore.PinnedCityBox") == !cities.isEmpty)
        #expect(try PinnedCity.unarchive(theirs) == cities)
        // Under the test class's own name it is a foreign class.
        if cities.isEmpty { return }  // no box, no class named
        #expect(throws: ArchiveError.corrupt(reason: "archive holds WeatherStoreTests.LegacyPinnedCityBox, expected PinnedCity only")) {
            try PinnedCity.unarchive(try LegacyPinnedCityBox.archive(cities))
        }
    }

    /// Files of the release when the box lived in the general store's module.
    @Test(arguments: lists)
    func oursReadsFoundationsUnderTheFormerClassName(cities: [PinnedCity]) throws {
        let theirs = try LegacyPinnedCityBox.archive(cities, className: "PlistArchive.PinnedCityBox")
        #expect(String(decoding: theirs, as: UTF8.self).contains("PlistArchive.PinnedCityBox") == !cities.isEmpty)
        #expect(!String(decoding: theirs, as: UTF8.self).contains("WeatherStore.PinnedCityBox"))
        #expect(try PinnedCity.unarchive(theirs) == cities)
    }

    /// Foundation's dictionaries come out in hashed order, which changes from run to run (and
    /// from one box to the next): given the same order, the bytes are Foundation's exactly.
    /// (Compared under the test class's name, the one Foundation writes here.)
    @Test(arguments: lists)
    func theBytesAreFoundationsGivenItsKeyOrder(cities: [PinnedCity]) throws {
        let theirs = try LegacyPinnedCityBox.archive(cities)
        let order = try #require(Self.keyOrders(theirs))
        let ours = ObjectArrayArchive.encode(cities, className: NSStringFromClass(LegacyPinnedCityBox.self),
                                             keyOrder: { uid, keys in order[uid] ?? keys }) { city, fields in
            // The app's own field writer, through the public one: same keys, same order.
            Self.fields(of: city, into: &fields)
        }
        #expect(ours == theirs)
        // Whatever the order, the size and the object table are the same.
        let plain = ObjectArrayArchive.encode(cities, className: NSStringFromClass(LegacyPinnedCityBox.self)) { city, fields in
            Self.fields(of: city, into: &fields)
        }
        #expect(plain.count == theirs.count)
        #expect(try Self.objects(plain) == Self.objects(theirs))
        // And the app's own, under the real name, holds the same objects but for that name.
        let app = try Self.objects(PinnedCity.archive(cities)).map {
            $0.replacingOccurrences(of: "WeatherStore.PinnedCityBox", with: NSStringFromClass(LegacyPinnedCityBox.self))
        }
        #expect(app == (try Self.objects(theirs)))
    }

    /// `PinnedCity.archive`'s fields, read back out of its own output (the writer is private to
    /// the extension): each box's keys and values in the order written.
    static func fields(of city: PinnedCity, into fields: inout ArchivedFields) {
        let archive = PinnedCity.archive([city])
        let written = try! PropertyListSerialization.propertyList(from: archive, format: nil) as! [String: Any]
        let objects = written["$objects"] as! [Any]
        let order = keyOrders(archive)!
        let box = objects[2] as! [String: Any]
        for key in order[2]! where key != "$class" {
            let value = objects[foundationUID(box[key]!)!]
            if let text = value as? String { fields.encode(text, forKey: key) } else { fields.encode((value as! NSNumber).doubleValue, forKey: key) }
        }
    }

    /// The keys of each dictionary in `$objects`, by UID (the top one's at -1), in the order the file holds them.
    static func keyOrders(_ data: Data) -> [Int: [String]]? {
        data.withUnsafeBytes { raw -> [Int: [String]]? in
            guard let d = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)), let top = d.dictionary(d.topObject),
                  let objectsRef = PlistShape.value("$objects", in: top, of: d), let objects = d.array(objectsRef) else { return nil }
            var orders: [Int: [String]] = [-1: (0..<top.count).compactMap { d.ref(top, $0).flatMap(d.string) }]
            for uid in 0..<objects.count {
                guard let object = d.ref(objects, uid), let dict = d.dictionary(object) else { continue }
                orders[uid] = (0..<dict.count).compactMap { d.ref(dict, $0).flatMap(d.string) }
            }
            return orders
        }
    }

    /// `$objects` as comparable text: each object with UIDs as numbers and dictionaries sorted.
    static func objects(_ data: Data) throws -> [String] {
        let top = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(top["$objects"] as? [Any])
        func text(_ value: Any) -> String {
            if let uid = foundationUID(value) { return "UID(\(uid))" }
            if let dict = value as? [String: Any] { return "{" + dict.keys.sorted().map { "\($0): \(text(dict[$0]!))" }.joined(separator: ", ") + "}" }
            if let list = value as? [Any] { return "[" + list.map(text).joined(separator: ", ") + "]" }
            if let number = value as? NSNumber, !(value is String) { return "n\(number.doubleValue.bitPattern)" }
            return "\(type(of: value)):\(value)"
        }
        return objects.map(text)
    }

    @Test func numbersAreRealsEvenWhenWholeAsNSNumberWritesThem() throws {
        let data = PinnedCity.archive([PinnedCity(key: "1", name: "A", latitude: 55, longitude: 0, place: PlaceMatch(id: "1", name: "A", latitude: 55, longitude: 0, elevation: 61))])
        let objects = try Self.objects(data)
        #expect(objects.contains("n\(55.0.bitPattern)") && objects.contains("n\(61.0.bitPattern)"))
        let theirs = try Self.objects(LegacyPinnedCityBox.archive([PinnedCity(key: "1", name: "A", latitude: 55, longitude: 0)]))
        #expect(!theirs.contains { $0.hasPrefix("Int") })
        #expect(theirs.contains("n\(55.0.bitPattern)"))
        // Read as reals by the parser too: 0x23 markers, no integers.
        let reals = data.withUnsafeBytes { raw in
            let d = BinaryPlistDocument(raw.bindMemory(to: UInt8.self))!
            return (0..<d.objectCount).filter { d.kind($0) == .real }.count
        }
        #expect(reals == 3)
    }

    /// What the unarchiver also accepts and another writer could have put there: whole
    /// coordinates as integers, strings as `NSString`/`NSMutableString` objects.
    @Test func integersAndStringObjectsAreReadAsTheUnarchiverReadsThem() throws {
        let plist = HandPlist()
        let null = plist.string("$null")
        let root = plist.dict(["NS.objects": plist.array([plist.uid(3)]), "$class": plist.uid(2)])
        let arrayClass = plist.classDict("NSMutableArray", ["NSArray", "NSObject"])
        let box = plist.dict(["key": plist.uid(5), "name": plist.uid(6), "latitude": plist.uid(8), "longitude": plist.uid(9),
                              "placeID": plist.uid(10), "$class": plist.uid(4)])
        let boxClass = plist.classDict("WeatherStore.PinnedCityBox")
        let key = plist.string("7")
        let name = plist.dict(["$class": plist.uid(7), "NS.string": plist.string("Ålesund")])
        let mutableString = plist.classDict("NSMutableString", ["NSString", "NSObject"])
        let data = plist.keyedArchive(objects: [null, root, arrayClass, box, boxClass, key, name, mutableString,
                                                plist.int(62), plist.int(6), plist.dict(["$class": plist.uid(11), "NS.string": plist.string("7")]),
                                                plist.classDict("NSString")], root: 1)
        let expected = [PinnedCity(key: "7", name: "Ålesund", latitude: 62, longitude: 6,
                                   place: PlaceMatch(id: "7", name: "Ålesund", latitude: 62, longitude: 6))]
        #expect(try PinnedCity.unarchive(data) == expected)
    }

    @Test func aNullPlaceIDIsAPinNotAnOwnCity() throws {
        let plist = HandPlist()
        let null = plist.string("$null")
        let root = plist.dict(["NS.objects": plist.array([plist.uid(3)]), "$class": plist.uid(2)])
        let box = plist.dict(["key": plist.uid(5), "name": plist.uid(5), "latitude": plist.uid(6), "longitude": plist.uid(6),
                              "placeID": plist.uid(0), "region": plist.uid(6), "$class": plist.uid(4)])
        let data = plist.keyedArchive(objects: [null, root, plist.classDict("NSArray"), box, plist.classDict("WeatherStore.PinnedCityBox"),
                                                plist.string("1"), plist.real(1.5)], root: 1)
        let expected = [PinnedCity(key: "1", name: "1", latitude: 1.5, longitude: 1.5)]
        #expect(try PinnedCity.unarchive(data) == expected)
        #expect(try LegacyPinnedCityBox.unarchive(data) == expected)
    }
}
