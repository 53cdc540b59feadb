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

/// A class no pins archive may hold.
final class Intruder: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() {}
    required init?(coder: NSCoder) {}
    func encode(with coder: NSCoder) {}
}
