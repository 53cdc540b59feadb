import Foundation
import Testing
import ArchiveTestSupport
import WeatherStore
import WeatherModels
@testable import PlistArchive

/// The home place and the own places' order in `Pinned.plist` (docs/spec.md §3, §5 `H`, `K`,
/// `J`): kept in the file earlier releases read, and merged under its lock like every other change.
@Suite struct HomePlaceStoreTests {
    let folder = Make.tempDirectory()
    static let lima = PinnedCityMergeTests.lima
    static let tokyo = PinnedCityMergeTests.tokyo
    static let paris = PinnedCityMergeTests.paris
    static let moscow = PinnedCityMergeTests.moscow
    static let oslo = PinnedCity(place: PlaceMatch(id: "om:3143244", name: "Oslo", country: "Norway", latitude: 59.91, longitude: 10.75))

    static func home(_ city: PinnedCity) -> PinnedCity {
        var city = city
        city.isHome = true
        return city
    }

    @Test func homeSurvivesARestart() throws {
        let store = PinnedCityStore(directory: folder)
        try store.save([Self.lima, Self.paris])
        #expect(try store.update(.home(key: Self.paris.key)) == [Self.lima, Self.home(Self.paris)])
        #expect(try PinnedCityStore(directory: folder).load() == [Self.lima, Self.home(Self.paris)])
        // A pinned top city can be home too, and there is one home at most.
        #expect(try store.update(.home(key: Self.lima.key)) == [Self.home(Self.lima), Self.paris])
        #expect(try store.update(.home(key: nil)) == [Self.lima, Self.paris])
    }

    /// Earlier releases read the box's keys they know and no other: the file with a home is theirs
    /// as it always was (the box the app archived with reads it, home aside), and one they wrote
    /// has no home.
    @Test func earlierReleasesReadAFileWithAHome() throws {
        let cities = [Self.lima, Self.home(Self.paris), Self.moscow]
        let ours = PinnedCity.archive(cities)
        #expect(try LegacyPinnedCityBox.unarchive(ours) == [Self.lima, Self.paris, Self.moscow])
        #expect(try PinnedCity.unarchive(ours) == cities)
        let theirs = try LegacyPinnedCityBox.archive([Self.lima, Self.paris], className: "WeatherStore.PinnedCityBox")
        #expect(try PinnedCity.unarchive(theirs).contains(where: \.isHome) == false)
    }

    /// A home mark that is not a number (a damaged or foreign file) is no home; the place stays.
    @Test func aHomeMarkThatIsNoNumberIsNoHome() throws {
        let data = ObjectArrayArchive.encode([Self.lima], className: PinnedCity.archivedClassNames[0]) { city, fields in
            fields.encode(city.key, forKey: "key")
            fields.encode(city.name, forKey: "name")
            fields.encode(city.latitude, forKey: "latitude")
            fields.encode(city.longitude, forKey: "longitude")
            fields.encode("yes", forKey: "home")
        }
        #expect(try PinnedCity.unarchive(data) == [Self.lima])
    }

    /// Two copies on one file: one marks home and moves its places while the other adds and pins;
    /// each change is made to the file as the other left it, so none is lost.
    @Test func twoCopiesMarkingHomeAndMovingPlacesKeepEachOthersChanges() throws {
        let first = PinnedCityStore(directory: folder), second = PinnedCityStore(directory: folder)
        try first.save([Self.paris, Self.moscow])
        #expect(try second.update(.add(Self.oslo)) == [Self.paris, Self.moscow, Self.oslo])
        // The first copy never saw Oslo: Moscow still goes after the own place after it, Oslo.
        #expect(try first.update(.move(key: Self.moscow.key, up: false)) == [Self.paris, Self.oslo, Self.moscow])
        #expect(try second.update(.home(key: Self.moscow.key)) == [Self.paris, Self.oslo, Self.home(Self.moscow)])
        #expect(try first.update(.pin(Self.tokyo)) == [Self.paris, Self.oslo, Self.home(Self.moscow), Self.tokyo])
        #expect(try second.update(.move(key: Self.paris.key, up: false)) == [Self.oslo, Self.paris, Self.home(Self.moscow), Self.tokyo])
        #expect(try first.load() == [Self.oslo, Self.paris, Self.home(Self.moscow), Self.tokyo])
    }

    /// Home is first in the list whatever its place in the file: the others move past it.
    @Test func movingSkipsHome() throws {
        let store = PinnedCityStore(directory: folder)
        try store.save([Self.paris, Self.home(Self.moscow), Self.oslo])
        #expect(try store.update(.move(key: Self.paris.key, up: false)) == [Self.oslo, Self.home(Self.moscow), Self.paris])
        #expect(try store.update(.move(key: Self.moscow.key, up: true)) == [Self.oslo, Self.home(Self.moscow), Self.paris])
    }

    /// A change made to a file another copy changed meanwhile: the place it names is gone, or
    /// already at the end of the own places; nothing else moves.
    @Test func aChangeToAPlaceAnotherCopyRemovedChangesNothing() throws {
        let store = PinnedCityStore(directory: folder)
        try store.save([Self.home(Self.paris), Self.tokyo, Self.moscow])
        #expect(try store.update(.home(key: Self.oslo.key)) == [Self.home(Self.paris), Self.tokyo, Self.moscow])
        #expect(try store.update(.move(key: Self.oslo.key, up: true)) == [Self.home(Self.paris), Self.tokyo, Self.moscow])
        #expect(try store.update(.move(key: Self.moscow.key, up: false)) == [Self.home(Self.paris), Self.tokyo, Self.moscow])
        // Home is skipped, so Moscow is the only own city to move among: it stays.
        #expect(try store.update(.move(key: Self.moscow.key, up: true)) == [Self.home(Self.paris), Self.tokyo, Self.moscow])
        // Without a home, moving skips the pinned top city between own places, which keeps its slot.
        #expect(try store.update(.home(key: nil)) == [Self.paris, Self.tokyo, Self.moscow])
        #expect(try store.update(.move(key: Self.moscow.key, up: true)) == [Self.moscow, Self.tokyo, Self.paris])
        #expect(try store.update(.home(key: Self.paris.key)) == [Self.moscow, Self.tokyo, Self.home(Self.paris)])
        // Unpinned or removed, home goes with the place; added in its place, the new one is home.
        let found = PinnedCity(place: PlaceMatch(id: "623", name: "Paris", country: "France", latitude: 48.857, longitude: 2.351))
        #expect(try store.update(.add(found, replacing: [Self.paris.key])) == [Self.moscow, Self.tokyo, Self.home(found)])
        #expect(try store.update(.remove(key: found.key)) == [Self.moscow, Self.tokyo])
    }
}
