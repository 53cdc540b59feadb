import Foundation
import Testing
import ArchiveTestSupport
import WeatherStore
import WeatherModels
@testable import PlistArchive

@Suite struct PinnedCityStoreTests {
    let folder = Make.tempDirectory()
    let cities = [PinnedCity(key: "226396", name: "Tokyo", latitude: 35.68, longitude: 139.77),
                  PinnedCity(key: "294021", name: "Москва", latitude: 55.75, longitude: 37.62)]

    @Test func pinnedCitiesRoundTripThroughBoxes() throws {
        let store = PinnedCityStore(directory: folder)
        #expect(try store.load().isEmpty)
        try store.save(cities)
        #expect(try store.load() == cities)
        let data = try Data(contentsOf: store.url)
        let archive = try KeyedArchiveValidator.parse(data)
        #expect(archive.classNames.contains("WeatherStore.PinnedCityBox"))
    }

    /// A real pins archive with one field of the box removed or retyped, as a damaged file would hold.
    func damaged(_ change: (inout [String: Any]) -> Void) throws -> Data {
        let data = PinnedCity.archive(cities)
        var top = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        var objects = try #require(top["$objects"] as? [Any])
        for (i, object) in objects.enumerated() {
            if var dict = object as? [String: Any], dict["latitude"] != nil {
                change(&dict)
                objects[i] = dict
            }
        }
        top["$objects"] = objects
        return try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
    }

    @Test func aBoxMissingAKeyFailsTheBoxNotTheProcess() throws {
        let missing = try damaged { $0["latitude"] = nil }
        #expect(throws: ArchiveError.corrupt(reason: "an entry of PinnedCity is unreadable")) { try PinnedCity.unarchive(missing) }
        #expect(try LegacyPinnedCityBox.unarchive(missing) == nil)  // Foundation refused it too
        let retyped = try damaged { $0["latitude"] = "north" }
        #expect(throws: ArchiveError.corrupt(reason: "an entry of PinnedCity is unreadable (latitude: not an object reference)")) {
            try PinnedCity.unarchive(retyped)
        }
        #expect(try LegacyPinnedCityBox.unarchive(retyped) == nil)
    }

    @Test func aForeignClassIsRefusedBeforeUnarchiving() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: [Intruder()] as NSArray, requiringSecureCoding: true)
        #expect(throws: ArchiveError.corrupt(reason: "archive holds WeatherStoreTests.Intruder, expected PinnedCity only")) {
            try PinnedCity.unarchive(data)
        }
        let feed = try KeyedArchive.encode(StoredForecasts())
        #expect(throws: ArchiveError.corrupt(reason: "archive root is not an array of PinnedCity")) { try PinnedCity.unarchive(feed) }
    }

    @Test func aCorruptPinsFileIsMovedAside() throws {
        let store = PinnedCityStore(directory: folder)
        try Data("garbage".utf8).write(to: store.url)
        #expect(throws: ArchiveError.corrupt(reason: "not a property list")) { try store.load() }
        #expect(FileManager.default.fileExists(atPath: store.url.path + ".corrupt"))
    }
}

/// Two copies of the program on one `Pinned.plist` (docs/spec.md §3): each makes its change to
/// the file as the other left it, under the file's lock; neither writes its stale list over it.
@Suite struct PinnedCityMergeTests {
    let folder = Make.tempDirectory()
    static let lima = PinnedCity(key: "264120", name: "Lima", latitude: -12.05, longitude: -77.04)
    static let tokyo = PinnedCity(key: "226396", name: "Tokyo", latitude: 35.68, longitude: 139.77)
    static let paris = PinnedCity(place: PlaceMatch(id: "om:2988507", name: "Paris", region: "Île-de-France", country: "France",
                                                    latitude: 48.85, longitude: 2.35))
    static let moscow = PinnedCity(place: PlaceMatch(id: "294021", name: "Moscow", country: "Russia", latitude: 55.75, longitude: 37.62))

    @Test func twoStoresOnOneFolderKeepEachOthersChanges() throws {
        let first = PinnedCityStore(directory: folder), second = PinnedCityStore(directory: folder)
        #expect(try first.update(.pin(Self.lima)) == [Self.lima])
        // The second copy read the file before the first wrote (it holds nothing): its change is
        // made to the file as it is now, and what it gets back is the file, Lima included.
        #expect(try second.update(.pin(Self.tokyo)) == [Self.lima, Self.tokyo])
        #expect(try first.update(.add(Self.paris)) == [Self.lima, Self.tokyo, Self.paris])
        #expect(try second.update(.unpin(key: Self.lima.key)) == [Self.tokyo, Self.paris])
        #expect(try first.update(.add(Self.moscow)) == [Self.tokyo, Self.paris, Self.moscow])
        #expect(try second.update(.remove(key: Self.paris.key)) == [Self.tokyo, Self.moscow])
        #expect(try first.load() == [Self.tokyo, Self.moscow])
    }

    @Test func manyWritersAtOnceLoseNoPin() throws {
        let cities = (0..<24).map { PinnedCity(key: "\($0)", name: "City \($0)", latitude: 1, longitude: 2) }
        DispatchQueue.concurrentPerform(iterations: cities.count) { i in
            // A store of its own each, as each copy of the program has.
            _ = try? PinnedCityStore(directory: folder).update(.pin(cities[i]))
        }
        #expect(Set(try PinnedCityStore(directory: folder).load()) == Set(cities))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func unpinningNeverRemovesAnOwnCityAndPinningNeverReplacesOne() throws {
        let store = PinnedCityStore(directory: folder)
        try store.update(.add(Self.moscow))
        #expect(try store.update(.unpin(key: Self.moscow.key)) == [Self.moscow])
        #expect(try store.update(.pin(PinnedCity(key: Self.moscow.key, name: "Moscow", latitude: 0, longitude: 0))) == [Self.moscow])
    }

    @Test func addingInPlaceOfAnotherKeepsItsPlaceInTheList() throws {
        let store = PinnedCityStore(directory: folder)
        try store.save([Self.lima, Self.paris, Self.tokyo])
        let found = PinnedCity(place: PlaceMatch(id: "623", name: "Paris", country: "France", latitude: 48.857, longitude: 2.351))
        #expect(try store.update(.add(found, replacing: [Self.paris.key])) == [Self.lima, found, Self.tokyo])
    }

    @Test func aDamagedFileIsMovedAsideAndTheChangeStillMade() throws {
        let store = PinnedCityStore(directory: folder)
        try Data("garbage".utf8).write(to: store.url)
        #expect(try store.update(.pin(Self.lima)) == [Self.lima])
        #expect(try store.load() == [Self.lima])
        #expect(FileManager.default.fileExists(atPath: store.url.path + ".corrupt"))
        // The lock file stays beside the file, hidden.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".Pinned.plist.lock").path))
    }

    @Test func anUnwritableFolderIsAnIOErrorNotACrash() throws {
        let blocker = folder.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        #expect {
            try PinnedCityStore(directory: blocker).update(.pin(Self.lima))
        } throws: { error in
            if case ArchiveError.io = error { return true }
            return false
        }
    }
}

/// A class no pins archive may hold.
final class Intruder: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() {}
    required init?(coder: NSCoder) {}
    func encode(with coder: NSCoder) {}
}
