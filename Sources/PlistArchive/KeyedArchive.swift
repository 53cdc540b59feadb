#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The archive scheme of docs/spec.md §3: a `Codable` value → a binary property list → the root `Data`
/// of an `NSKeyedArchiver` archive → an atomically written file. Reading never crashes: every
/// bad file is an `ArchiveError`.
///
/// The payload is the binary plist `PropertyListEncoder` (`.binary`) would write, written by
/// `BinaryPlistEncoder` and read by `BinaryPlistDecoder`: the same format, which Foundation's
/// coders read and write interchangeably with these (tested both ways), at a fraction of the
/// cost on Linux (scripts/bench: 150 cities in milliseconds instead of a quarter second).
/// A payload that is not a binary plist (an XML plist, say) is read by `XMLPlist` and converted.
public enum KeyedArchive {
    /// Encodes and writes `value` to `url`.
    public static func archive<T: Encodable>(_ value: T, to url: URL) throws(ArchiveError) {
        try AtomicFile.write(try encode(value), to: url)
    }

    /// The archive bytes of `value`, without writing them.
    public static func encode<T: Encodable>(_ value: T) throws(ArchiveError) -> Data {
        let payload: Data
        do {
            payload = try BinaryPlistEncoder().encode(value)
        } catch {
            throw .io(underlying: "cannot encode \(T.self): \(error)")
        }
        return wrap(payload)
    }

    /// `payload` as the root `Data` of an `NSKeyedArchiver` archive: the wrapping alone.
    public static func wrap(_ payload: Data) -> Data { DataRootArchive.encode(payload) }

    /// The root `Data` of an `NSKeyedArchiver` archive, its structure checked first: a file of
    /// another shape or class is `corrupt`, never a crash.
    public static func unwrap(_ archive: Data) throws(ArchiveError) -> Data { try KeyedArchiveValidator.rootData(archive) }

    /// Reads and decodes a `T` from `url`; a newer schema is `incompatibleSchema`, anything
    /// unreadable is `corrupt` (the caller decides whether to move it aside).
    public static func unarchive<T: Decodable>(_ type: T.Type, from url: URL, limit: Int = maxFileBytes) throws(ArchiveError) -> T {
        try decode(type, from: try AtomicFile.read(url, limit: limit))
    }

    /// The most a keyed archive file is read to (a feed of every city with its details, or the
    /// forecasts of many cities, is a few megabytes): past it, the file is not one of this program's.
    public static let maxFileBytes = 64 << 20

    /// Decodes a `T` from archive bytes.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ArchiveError) -> T {
        try decodePayload(type, from: try unwrap(data))
    }

    /// Decodes the binary-plist payload held by the archive.
    public static func decodePayload<T: Decodable>(_ type: T.Type, from payload: Data) throws(ArchiveError) -> T {
        let decoder = try PayloadDecoder(payload)
        let versioned = T.self as? SchemaVersioned.Type
        func newerSchema(_ found: Int?) -> ArchiveError? {
            guard let versioned, let found, found > versioned.currentSchemaVersion else { return nil }
            return .incompatibleSchema(found: found, supported: versioned.currentSchemaVersion)
        }
        do {
            let value = try decoder.decode(T.self, from: payload)
            // A newer schema is refused even when it happens to decode: its meaning may have changed.
            if let newer = newerSchema((value as? SchemaVersioned)?.schemaVersion) { throw newer }
            return value
        } catch let error as ArchiveError {
            throw error
        } catch {
            // Only on failure: was it written by a newer build rather than damaged?
            if let newer = newerSchema((try? decoder.decode(SchemaProbe.self, from: payload))?.schemaVersion) { throw newer }
            if let error = error as? DecodingError { throw .corrupt(reason: describe(error)) }
            throw .corrupt(reason: "payload is not a property list of \(T.self)")
        }
    }

    /// The fast reader for binary payloads; an XML payload is converted to binary for it.
    public struct PayloadDecoder {
        var binary: Bool

        /// Binary payloads go to the project's decoder, which never traps and bounds its work;
        /// the rest is read as XML. A binary plist of another version than `bplist00` is refused.
        public init(_ payload: Data) throws(ArchiveError) {
            binary = BinaryPlistDecoder.isBinaryPlist(payload)
            if !binary && PlistShape.looksBinary(payload) { throw .corrupt(reason: "payload is not a bplist00 property list") }
        }

        /// A `T` from `payload`, by the reader chosen for it. Another format (XML) is parsed by
        /// `XMLPlist` (bounded, never traps) and re-encoded by `BinaryPlistEncoder` as a binary
        /// plist for the project's decoder: `PropertyListDecoder` traps (FoundationEssentials
        /// CodableUtilities.swift:685, a fatal error) on some fuzzed XML feeds.
        public func decode<T: Decodable>(_ type: T.Type, from payload: Data) throws -> T {
            if binary { return try BinaryPlistDecoder().decode(type, from: payload) }
            let plist = try XMLPlist.parse(payload)
            let converted = try BinaryPlistEncoder().encode(plist)
            return try BinaryPlistDecoder().decode(type, from: converted)
        }
    }

    /// A short account of a decoding failure: what and where (`cities[3].Temperature missing`).
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context.codingPath)
            return "\(at.isEmpty ? "" : at + ".")\(key.stringValue) missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context):
            let at = path(context.codingPath)
            return at.isEmpty ? "payload is not a property list" : "\(at) is malformed"
        @unknown default:
            return "cannot decode"
        }
    }
}
