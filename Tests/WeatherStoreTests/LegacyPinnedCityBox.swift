import Foundation
import PlistArchive
import PlistArchiveFoundation
import WeatherStore
import WeatherModels

extension PinnedCity: BoxedCodable {
    public typealias Box = LegacyPinnedCityBox
}

/// The `NSSecureCoding` box the app archived `Pinned.plist` with before it left Foundation's
/// archiver, kept as the oracle of the file format: Foundation's `NSKeyedArchiver` and
/// `NSKeyedUnarchiver` read it under its real archived name, `WeatherStore.PinnedCityBox`, and the
/// former one (`register()`, done by every box made); `archive(_:className:)` writes it under them.
public final class LegacyPinnedCityBox: NSObject, CodingBox {
    public static var supportsSecureCoding: Bool { true }

    /// The names this class has in files: the first is the one the box was written under.
    public static var formerClassNames: [String] { PinnedCity.archivedClassNames }

    /// Unarchivers read it under every archived name, class-wide (so that
    /// `NSKeyedUnarchiver.unarchivedObject(ofClasses:from:)` does too).
    private static let registration: Void = {
        for name in PinnedCity.archivedClassNames { NSKeyedUnarchiver.setClass(LegacyPinnedCityBox.self, forClassName: name) }
    }()

    public static func register() { registration }

    /// An unarchiver that reads this class under every archived name.
    public static func unarchiver(for data: Data) throws -> NSKeyedUnarchiver {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = true
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        for name in formerClassNames { unarchiver.setClass(LegacyPinnedCityBox.self, forClassName: name) }
        return unarchiver
    }

    /// Foundation's reading of a pins archive, as the app did it: nil when it fails.
    public static func unarchive(_ data: Data) throws -> [PinnedCity]? {
        let unarchiver = try unarchiver(for: data)
        let root = unarchiver.decodeObject(of: [NSArray.self, LegacyPinnedCityBox.self], forKey: NSKeyedArchiveRootObjectKey)
        unarchiver.finishDecoding()
        if unarchiver.error != nil { return nil }
        guard let boxes = root as? [LegacyPinnedCityBox] else { return nil }
        return boxes.map(\.value)
    }

    /// Foundation's writing of a pins archive, as the app did it. In this module the class is
    /// archived as `WeatherStoreTests.LegacyPinnedCityBox` (`NSStringFromClass`; corelibs' archiver
    /// ignores `setClassName(_:for:)` here, and would drop `$classes` if it did not): `className`
    /// renames it in the class dictionary afterwards, through Foundation's plist parser and writer.
    public static func archive(_ cities: [PinnedCity], className: String? = nil) throws -> Data {
        let data = try NSKeyedArchiver.archivedData(withRootObject: cities.map(LegacyPinnedCityBox.init) as NSArray,
                                                    requiringSecureCoding: true)
        guard let className else { return data }
        let testName = NSStringFromClass(LegacyPinnedCityBox.self)
        guard var top = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              var objects = top["$objects"] as? [Any] else { throw CocoaError(.propertyListReadCorrupt) }
        for (i, object) in objects.enumerated() {
            guard var dict = object as? [String: Any], dict["$classname"] as? String == testName else { continue }
            dict["$classname"] = className
            dict["$classes"] = [className, "NSObject"]
            objects[i] = dict
        }
        top["$objects"] = objects
        return try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
    }

    public let value: PinnedCity

    public init(_ value: PinnedCity) {
        Self.register()
        self.value = value
    }

    private enum Key {
        static let key = "key", name = "name", latitude = "latitude", longitude = "longitude"
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
