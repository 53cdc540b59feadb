import Foundation

/// A `Codable` value kept as an XML property list a person can read and edit
/// (`settings.plist`), through `KeyValueEncoder`/`KeyValueDecoder`.
public struct SettingsStore<Value: Codable & Sendable>: Sendable {
    /// What `load(default:)` read: the value, and the top-level keys of the file it could not use.
    public struct Loaded: Sendable {
        /// The file's readable values over the default's.
        public var value: Value
        /// Keys whose values in the file were damaged and were replaced by the default's, sorted.
        public var dropped: [String]
    }

    /// The settings file.
    public let url: URL

    /// A store for the file at `url` (nothing is read until `load`).
    public init(url: URL) {
        self.url = url
    }

    /// The saved value. A file that is not a readable plist of `Value` is `.corrupt` and moved aside.
    public func load() throws(ArchiveError) -> Value {
        let plist = try readPlist()
        do {
            return try Self.decoder.decode(Value.self, from: plist)
        } catch {
            AtomicFile.moveAside(url)
            throw .corrupt(reason: Self.describe(error))
        }
    }

    /// The saved value, keeping every top-level value the file holds that `Value` can read: a
    /// damaged one is replaced by `fallback`'s and named in `dropped`, and the file stays where it
    /// is (the next save rewrites it). Only a file that is not a plist dictionary at all is
    /// `.corrupt` and moved aside.
    public func load(default fallback: Value) throws(ArchiveError) -> Loaded {
        let plist = try readPlist()
        if let value = try? Self.decoder.decode(Value.self, from: plist) { return Loaded(value: value, dropped: []) }
        guard let file = plist as? [String: Any] else {
            AtomicFile.moveAside(url)
            throw .corrupt(reason: "not a dictionary of settings")
        }
        // Key by key over the default's own encoding, each one kept only if the whole still
        // decodes: this needs nothing of `Value` but Codable, and one bad key cannot hide another.
        var merged: [String: Any]
        do {
            guard let base = try Self.encoder.encode(fallback) as? [String: Any] else {
                throw ArchiveError.io(underlying: "the default settings are not a dictionary")
            }
            _ = try Self.decoder.decode(Value.self, from: base)
            merged = base
        } catch {
            throw .io(underlying: "cannot use the default settings: \(Self.describe(error))")
        }
        var dropped: [String] = []
        for key in file.keys.sorted() {
            var candidate = merged
            candidate[key] = file[key]
            if (try? Self.decoder.decode(Value.self, from: candidate)) != nil {
                merged = candidate
            } else {
                dropped.append(key)
            }
        }
        do {
            return Loaded(value: try Self.decoder.decode(Value.self, from: merged), dropped: dropped)
        } catch {
            throw .corrupt(reason: Self.describe(error))
        }
    }

    /// Writes `value` atomically as an XML plist; a nil property is left out.
    public func save(_ value: Value) throws(ArchiveError) {
        let data: Data
        do {
            let plist = try Self.encoder.encode(value) ?? [String: Any]()
            data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        } catch {
            throw .io(underlying: "cannot encode settings: \(error)")
        }
        try AtomicFile.write(data, to: url)
    }

    /// Plist types only, and a nil left out so the file reads as a person would write it.
    private static var encoder: KeyValueEncoder {
        var encoder = KeyValueEncoder.makePlistCompatible()
        encoder.nilEncodingStrategy = .removed
        return encoder
    }

    private static var decoder: KeyValueDecoder { .makePlistCompatible() }

    /// The file's property list; one that does not parse is moved aside as `.corrupt`.
    private func readPlist() throws(ArchiveError) -> Any {
        let data = try AtomicFile.read(url)
        // The file is XML when this program wrote it, and XML has no set type, no references
        // and no UIDs' meaning here; a binary plist put in its place must pass the project's
        // own check first (a set in one crashes `PropertyListSerialization`).
        if PlistShape.looksBinary(data), let reason = PlistShape.check(data) {
            AtomicFile.moveAside(url)
            throw .corrupt(reason: reason)
        }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            AtomicFile.moveAside(url)
            throw .corrupt(reason: "not a property list")
        }
    }

    private static func describe(_ error: Error) -> String {
        if let decoding = error as? DecodingError { return KeyedArchive.describe(decoding) }
        return "\(error)"
    }
}
