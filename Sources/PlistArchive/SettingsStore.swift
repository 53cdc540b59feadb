#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `Codable` value kept as an XML property list a person can read and edit
/// (`settings.plist`), through `PlistValueEncoder`/`PlistValueDecoder` and `XMLPlist`: no
/// Foundation `PropertyListSerialization`, no `Any`.
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

    /// The most a settings file is read to: a person's few dozen keys are a few kilobytes.
    public static var maxBytes: Int { 1 << 20 }

    /// A store for the file at `url` (nothing is read until `load`).
    public init(url: URL) {
        self.url = url
    }

    /// The saved value. A file that is not a readable plist of `Value` is `.corrupt` and moved aside.
    public func load() throws(ArchiveError) -> Value {
        try AtomicFile.load(url, limit: Self.maxBytes) { (data) throws(ArchiveError) -> Value in
            let plist = try Self.plist(of: data)
            do {
                return try Self.decoder.decode(Value.self, from: plist)
            } catch {
                throw .corrupt(reason: Self.describe(error))
            }
        }
    }

    /// What a settings file holds: a whole `Value`, or a dictionary to be read key by key.
    private enum Contents {
        case whole(Value)
        case keys([String: PlistValue])
    }

    /// The saved value, keeping every top-level value the file holds that `Value` can read: a
    /// damaged one is replaced by `fallback`'s and named in `dropped`, and the file stays where it
    /// is (the next save rewrites it). Only a file that is not a plist dictionary at all is
    /// `.corrupt` and moved aside.
    public func load(default fallback: Value) throws(ArchiveError) -> Loaded {
        let contents = try AtomicFile.load(url, limit: Self.maxBytes) { (data) throws(ArchiveError) -> Contents in
            let plist = try Self.plist(of: data)
            if let value = try? Self.decoder.decode(Value.self, from: plist) { return .whole(value) }
            guard case .dictionary(let file) = plist else { throw .corrupt(reason: "not a dictionary of settings") }
            return .keys(file)
        }
        let file: [String: PlistValue]
        switch contents {
        case .whole(let value): return Loaded(value: value, dropped: [])
        case .keys(let keys): file = keys
        }
        // Key by key over the default's own encoding, each one kept only if the whole still
        // decodes: this needs nothing of `Value` but Codable, and one bad key cannot hide another.
        var merged: [String: PlistValue]
        do {
            guard case .dictionary(let base) = try Self.encoder.encode(fallback) else {
                throw ArchiveError.io(underlying: "the default settings are not a dictionary")
            }
            _ = try Self.decoder.decode(Value.self, from: .dictionary(base))
            merged = base
        } catch {
            throw .io(underlying: "cannot use the default settings: \(Self.describe(error))")
        }
        var dropped: [String] = []
        for key in file.keys.sorted() {
            var candidate = merged
            candidate[key] = file[key]
            if (try? Self.decoder.decode(Value.self, from: .dictionary(candidate))) != nil {
                merged = candidate
            } else {
                dropped.append(key)
            }
        }
        do {
            return Loaded(value: try Self.decoder.decode(Value.self, from: .dictionary(merged)), dropped: dropped)
        } catch {
            throw .corrupt(reason: Self.describe(error))
        }
    }

    /// Writes `value` atomically as an XML plist (what `PropertyListSerialization` writes for
    /// the same values); a nil property is left out.
    public func save(_ value: Value) throws(ArchiveError) {
        let plist: PlistValue
        do {
            plist = try Self.encoder.encodeIfPresent(value) ?? .dictionary([:])  // a nil: an empty dictionary, as before
        } catch {
            throw .io(underlying: "cannot encode settings: \(error)")
        }
        try AtomicFile.write(XMLPlist.serialize(plist), to: url)
    }

    /// Applies `change` to the settings saved now (read as `load(default:)` reads them, `fallback`
    /// when there are none or the file is not settings at all) and saves the result, under the
    /// file's lock (`AtomicFile.update`): the values another process saved meanwhile stay, but
    /// for those `change` sets. Returns the value saved.
    @discardableResult
    public func update(default fallback: Value, waiting wait: AtomicFile.LockWait = .standard,
                       _ change: (inout Value) -> Void) throws(ArchiveError) -> Value {
        try AtomicFile.update(url, waiting: wait, empty: fallback, load: { () throws(ArchiveError) -> Value in try load(default: fallback).value },
                              save: { (value) throws(ArchiveError) in try save(value) }, change: change)
    }

    /// Plist types only, and a nil left out so the file reads as a person would write it.
    private static var encoder: PlistValueEncoder { PlistValueEncoder() }

    private static var decoder: PlistValueDecoder { PlistValueDecoder() }

    /// The file's property list; one that does not parse is `.corrupt`.
    private static func plist(of data: Data) throws(ArchiveError) -> PlistValue {
        // The file is XML when this program wrote it. A binary plist put in its place must pass
        // the project's own check (no sets, no cycles, shallow, string keys), and is then read
        // by the project's binary reader.
        if PlistShape.looksBinary(data) {
            if let reason = PlistShape.check(data) { throw .corrupt(reason: reason) }
            guard let plist = PlistValue(checkedBinary: data) else { throw .corrupt(reason: "not a property list of settings") }
            return plist
        }
        do {
            return try XMLPlist.parse(data)
        } catch {
            throw .corrupt(reason: "not a property list (\(error))")
        }
    }

    private static func describe(_ error: Error) -> String {
        if let decoding = error as? DecodingError { return KeyedArchive.describe(decoding) }
        return "\(error)"
    }
}

extension PlistValue {
    /// The values of a binary plist that passed `PlistShape.check` (a shallow graph without
    /// cycles or sets, string keys only). An object referenced many times is copied at each use,
    /// so the values made are counted against the file's size; past that, or at a UID (a keyed
    /// archive's, no settings value), this answers nil.
    init?(checkedBinary data: Data) {
        let made = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> PlistValue? in
            guard let document = BinaryPlistDocument(raw.bindMemory(to: UInt8.self)) else { return nil }
            var budget = 8 * raw.count + 4096
            func value(_ index: Int, depth: Int) -> PlistValue? {
                budget -= 1
                guard budget >= 0, depth <= PlistShape.maxDepth, let kind = document.kind(index) else { return nil }
                switch kind {
                case .bool(let flag): return .bool(flag)
                case .integer:
                    switch document.integer(index) {
                    case .signed(let v)?: return .integer(v)
                    case .unsigned(let v)?: return PlistValue.integer(exactly: v)
                    case nil: return nil
                    }
                case .real: return document.real(index).map { .real($0) }
                case .date: return document.date(index).map { .date($0) }
                case .data: return document.data(index).map { .data($0) }
                case .asciiString, .utf16String: return document.string(index).map { .string($0) }
                case .array:
                    guard let array = document.array(index) else { return nil }
                    var elements: [PlistValue] = []
                    elements.reserveCapacity(array.count)
                    for k in 0..<array.count {
                        guard let ref = document.ref(array, k), let element = value(ref, depth: depth + 1) else { return nil }
                        elements.append(element)
                    }
                    return .array(elements)
                case .dictionary:
                    guard let dict = document.dictionary(index) else { return nil }
                    var entries: [String: PlistValue] = [:]
                    for k in 0..<dict.count {
                        guard let keyRef = document.ref(dict, k), let key = document.string(keyRef),
                              let valueRef = document.ref(dict, dict.count + k), let entry = value(valueRef, depth: depth + 1)
                        else { return nil }
                        entries[key] = entry
                    }
                    return .dictionary(entries)
                case .uid, .other: return nil
                }
            }
            return value(document.topObject, depth: 0)
        }
        guard let made else { return nil }
        self = made
    }
}
