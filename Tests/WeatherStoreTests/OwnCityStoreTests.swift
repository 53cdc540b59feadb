import Foundation
import Testing
import ArchiveTestSupport
import WeatherStore
import WeatherModels
@testable import PlistArchive

/// Own cities in `Pinned.plist` (beside pinned top cities, in the same boxes) and resolved
/// `--city` names in `Places.plist`.
@Suite struct OwnCityStoreTests {
    let folder = Make.tempDirectory()
    static let reykjavik = PlaceMatch(id: "om:3413829", name: "Reykjavík", region: "Capital Region", country: "Iceland",
                                      countryCode: "IS", latitude: 64.1355, longitude: -21.8954,
                                      timeZone: "Atlantic/Reykjavik", elevation: 61)
    let cities = [PinnedCity(key: "226396", name: "Tokyo", latitude: 35.68, longitude: 139.77),
                  PinnedCity(place: OwnCityStoreTests.reykjavik),
                  PinnedCity(place: PlaceMatch(id: "190390", name: "Reykjavik", latitude: 64.1, longitude: -21.9))]

    @Test func ownCitiesSurviveARestartWithTheirPlace() throws {
        try PinnedCityStore(directory: folder).save(cities)
        let restored = try PinnedCityStore(directory: folder).load()
        #expect(restored == cities)
        #expect(restored.map(\.isOwn) == [false, true, true])
        #expect(restored[1].place?.timeZone == "Atlantic/Reykjavik" && restored[2].place?.region == nil)
    }

    /// Read without `NSKeyedUnarchiver`, as the property list it is: the box's fields are plain
    /// strings and numbers under their names, as any other reader of the archive finds them.
    @Test func theBoxArchiveHoldsThePlaceAsNamedPlainValues() throws {
        try PinnedCityStore(directory: folder).save(cities)
        let data = try Data(contentsOf: folder.appendingPathComponent(PinnedCityStore.fileName))
        let top = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(top["$objects"] as? [Any])
        func string(_ uid: Any?) -> String? {
            guard let uid, let index = foundationUID(uid), objects.indices.contains(index) else { return nil }
            return objects[index] as? String
        }
        let boxes = objects.compactMap { $0 as? [String: Any] }.filter { $0["latitude"] != nil }
        #expect(boxes.count == 3)
        let own = try #require(boxes.first { $0["placeID"] != nil })
        #expect(string(own["placeID"]) == "om:3413829")
        #expect(string(own["country"]) == "Iceland" && string(own["countryCode"]) == "IS")
        #expect(boxes.filter { $0["placeID"] == nil }.count == 1)  // the pinned top city has no place
        let archive = try KeyedArchiveValidator.parse(data)
        #expect(archive.classNames.contains("WeatherStore.PinnedCityBox"))
    }

    @Test func placesAreRememberedByNameAndSource() throws {
        let files = AppFiles(cacheDirectory: folder, configDirectory: folder)
        var stored = StoredPlaces()
        stored.byName[StoredPlaces.key(source: "open-meteo", name: "  Reykjavik ")] = Self.reykjavik
        try files.places.save(stored)
        #expect(files.places.url.lastPathComponent == "Places.plist")
        let restored = try files.places.load()
        #expect(restored.byName[StoredPlaces.key(source: "open-meteo", name: "REYKJAVIK")] == Self.reykjavik)
        #expect(restored.byName[StoredPlaces.key(source: "accuweather", name: "Reykjavik")] == nil)
    }

    @Test func aDamagedPlacesFileIsMovedAside() throws {
        let files = AppFiles(cacheDirectory: folder, configDirectory: folder)
        try Data("not an archive".utf8).write(to: files.places.url)
        #expect(throws: ArchiveError.self) { try files.places.load() }
        #expect(FileManager.default.fileExists(atPath: files.places.url.path + ".corrupt"))
        #expect(!FileManager.default.fileExists(atPath: files.places.url.path))
    }
}
