import Foundation
import PlistArchive
import WeatherModels

extension PinnedCity: BoxedCodable {
    public typealias Box = PinnedCityBox
}

/// The `NSSecureCoding` box of a `PinnedCity` (archived as `WeatherStore.PinnedCityBox`: keep
/// this class in this module, its name is in every `Pinned.plist`).
public final class PinnedCityBox: NSObject, CodingBox {
    public static var supportsSecureCoding: Bool { true }

    /// Its name while the general store's module held it; every `Pinned.plist` written then has it.
    public static var formerClassNames: [String] { ["PlistArchive.PinnedCityBox"] }

    public let value: PinnedCity

    public init(_ value: PinnedCity) {
        self.value = value
    }

    private enum Key {
        static let key = "key", name = "name", latitude = "latitude", longitude = "longitude"
        // An own city's place; absent in pins and in files written before own cities existed.
        static let placeID = "placeID", region = "region", country = "country", countryCode = "countryCode"
        static let timeZone = "timeZone", elevation = "elevation"
    }

    public func encode(with coder: NSCoder) {
        coder.encode(value.key as NSString, forKey: Key.key)
        coder.encode(value.name as NSString, forKey: Key.name)
        // Numbers as objects, so a missing one reads as nil (containsValue(forKey:) is not reliable on Linux).
        coder.encode(NSNumber(value: value.latitude), forKey: Key.latitude)
        coder.encode(NSNumber(value: value.longitude), forKey: Key.longitude)
        guard let place = value.place else { return }
        coder.encode(place.id as NSString, forKey: Key.placeID)
        for (text, key) in [(place.region, Key.region), (place.country, Key.country), (place.countryCode, Key.countryCode),
                            (place.timeZone, Key.timeZone)] {
            if let text { coder.encode(text as NSString, forKey: key) }
        }
        if let elevation = place.elevation { coder.encode(NSNumber(value: elevation), forKey: Key.elevation) }
    }

    public init?(coder: NSCoder) {
        guard let key = coder.decodeObject(of: NSString.self, forKey: Key.key) as String?,
              let name = coder.decodeObject(of: NSString.self, forKey: Key.name) as String?,
              let latitude = coder.decodeObject(of: NSNumber.self, forKey: Key.latitude),
              let longitude = coder.decodeObject(of: NSNumber.self, forKey: Key.longitude)
        else { return nil }
        var place: PlaceMatch?
        if coder.containsValue(forKey: Key.placeID), let id = coder.decodeObject(of: NSString.self, forKey: Key.placeID) as String? {
            func text(_ key: String) -> String? {
                coder.containsValue(forKey: key) ? coder.decodeObject(of: NSString.self, forKey: key) as String? : nil
            }
            place = PlaceMatch(id: id, name: name, region: text(Key.region), country: text(Key.country),
                               countryCode: text(Key.countryCode), latitude: latitude.doubleValue, longitude: longitude.doubleValue,
                               timeZone: text(Key.timeZone),
                               elevation: coder.containsValue(forKey: Key.elevation)
                                   ? coder.decodeObject(of: NSNumber.self, forKey: Key.elevation)?.doubleValue : nil)
        }
        value = PinnedCity(key: key, name: name, latitude: latitude.doubleValue, longitude: longitude.doubleValue, place: place)
    }
}
