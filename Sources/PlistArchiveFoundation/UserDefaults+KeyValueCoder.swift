import Foundation
import PlistArchive

/// `Codable` values in `UserDefaults` in a friendly plist-native form (swhitty's KeyValueCoder API):
/// a struct as a dictionary, an array as an array, `Duration` as its two components.
///
/// Where this differs from the seed library, because of what Linux `UserDefaults` stores:
/// - A `URL` is stored as its `absoluteString` on Linux, where `set(_:forKey:)` keeps only a URL's
///   path (losing `https://`) and stops the program on a URL inside a dictionary; on Darwin a
///   top-level `URL` is stored through `set(_:forKey:)` as a URL, as the seed does.
/// - `decode(URL.self, forKey:)` on Linux reads a string with a scheme as that URL and any other
///   string as a file path, where `url(forKey:)` would make every string a file path.
/// - A `Decimal` is stored as a `Double`: Linux `UserDefaults` truncates a `Decimal` to an integer.
extension UserDefaults {
    /// Stores `value` under `key` as plist-native values; a `nil` removes the key.
    public func encode<T: Encodable>(_ value: T, forKey key: String) throws {
        #if canImport(Darwin)
        if let url = value as? URL {
            set(url, forKey: key)
            return
        }
        #endif
        let encoder = KeyValueEncoder.makePlistCompatible()
        guard let encoded = try encoder.encode(value), !encoder.nilEncodingStrategy.isNull(encoded) else {
            removeObject(forKey: key)
            return
        }
        set(encoded, forKey: key)
    }

    /// The value stored under `key`, or `nil` when there is none. Scalars are read as
    /// `UserDefaults` reads them (`"YES"` is `true`, `"2"` is `2`); anything else through `KeyValueDecoder`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, forKey key: String) throws -> T? {
        guard let stored = object(forKey: key) else { return nil }
        switch type {
        case is String.Type: return string(forKey: key) as? T
        case is Bool.Type: return bool(forKey: key) as? T
        case is Int.Type: return integer(forKey: key) as? T
        case is Double.Type: return double(forKey: key) as? T
        case is Float.Type: return float(forKey: key) as? T
        case is URL.Type:
            #if canImport(Darwin)
            return url(forKey: key) as? T
            #else
            return Self.url(from: stored) as? T
            #endif
        default: return try KeyValueDecoder.makePlistCompatible().decode(type, from: stored)
        }
    }

    /// A stored string as a URL: with a scheme as written, otherwise as a file path (`~` expanded).
    static func url(from stored: Any) -> URL? {
        if let url = stored as? URL { return url }
        guard let string = stored as? String, !string.isEmpty else { return nil }
        if let url = URL(string: string), url.scheme != nil { return url }
        return URL(fileURLWithPath: NSString(string: string).expandingTildeInPath)
    }
}
