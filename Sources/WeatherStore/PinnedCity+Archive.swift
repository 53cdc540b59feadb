#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherModels

/// `Pinned.plist`'s format: an `NSKeyedArchiver` archive whose root is an `NSArray` of
/// `WeatherStore.PinnedCityBox` objects (the `NSSecureCoding` box the app archived them in), each
/// holding its city's fields as `NSString`s and `NSNumber`s under the keys below. Written and read
/// by `ObjectArrayArchive`, without Foundation's archiver: the files are the same either way.
extension PinnedCity {
    /// The box's class name in every `Pinned.plist`, then the one it had while the general
    /// store's module held it (files written then still load; saved again, they get the first).
    public static let archivedClassNames = ["WeatherStore.PinnedCityBox", "PlistArchive.PinnedCityBox"]

    private enum Key {
        static let key = "key", name = "name", latitude = "latitude", longitude = "longitude"
        // An own city's place; absent in pins and in files written before own cities existed.
        static let placeID = "placeID", region = "region", country = "country", countryCode = "countryCode"
        static let timeZone = "timeZone", elevation = "elevation"
        // 1 on the home place alone: a key the box never read, so earlier releases read the
        // file as they always did (and leave it out when they save).
        static let home = "home"
    }

    /// The archive bytes of `cities`, as the box wrote them: strings, then numbers (reals), the
    /// home mark, then an own city's place with its absent fields left out.
    public static func archive(_ cities: [PinnedCity]) -> Data {
        ObjectArrayArchive.encode(cities, className: archivedClassNames[0]) { city, fields in
            fields.encode(city.key, forKey: Key.key)
            fields.encode(city.name, forKey: Key.name)
            fields.encode(city.latitude, forKey: Key.latitude)
            fields.encode(city.longitude, forKey: Key.longitude)
            if city.isHome { fields.encode(1, forKey: Key.home) }
            guard let place = city.place else { return }
            fields.encode(place.id, forKey: Key.placeID)
            for (text, key) in [(place.region, Key.region), (place.country, Key.country), (place.countryCode, Key.countryCode),
                                (place.timeZone, Key.timeZone)] {
                if let text { fields.encode(text, forKey: key) }
            }
            if let elevation = place.elevation { fields.encode(elevation, forKey: Key.elevation) }
        }
    }

    /// The cities in archive bytes written by `archive`, by `NSKeyedArchiver` from the box (under
    /// either class name) or by any archiver of the same objects; anything else is `corrupt`.
    /// A box missing its key, name or coordinates fails the archive, as its `init?(coder:)` did;
    /// so do coordinates off the Earth (a damaged file's), which every refresh would send.
    public static func unarchive(_ data: Data) throws(ArchiveError) -> [PinnedCity] {
        try ObjectArrayArchive.decode(PinnedCity.self, classNames: archivedClassNames, from: data) { (box) throws(ArchiveError) -> PinnedCity? in
            guard let key = try box.string(forKey: Key.key), let name = try box.string(forKey: Key.name),
                  let latitude = try box.double(forKey: Key.latitude), let longitude = try box.double(forKey: Key.longitude),
                  PlaceMatch.isOnEarth(latitude: latitude, longitude: longitude)
            else { return nil }
            var place: PlaceMatch?
            // The place's other fields are read only with its id, as the box read them.
            if let id = try box.string(forKey: Key.placeID) {
                place = PlaceMatch(id: id, name: name, region: try box.string(forKey: Key.region),
                                   country: try box.string(forKey: Key.country), countryCode: try box.string(forKey: Key.countryCode),
                                   latitude: latitude, longitude: longitude, timeZone: try box.string(forKey: Key.timeZone),
                                   elevation: try box.double(forKey: Key.elevation))
            }
            // A home mark that is no number is no home: the place itself is sound.
            let home = (try? box.double(forKey: Key.home)).flatMap { $0 } ?? 0
            return PinnedCity(key: key, name: name, latitude: latitude, longitude: longitude, place: place, isHome: home != 0)
        }
    }
}
