import Foundation

/// A `Codable` value kept as an XML property list a person can read and edit
/// (`settings.plist`), through `KeyValueEncoder`/`KeyValueDecoder`.
public struct SettingsStore<Value: Codable & Sendable>: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The saved value. A file that is not a readable plist of `Value` is `.corrupt` and moved aside.
    public func load() throws(ArchiveError) -> Value {
        let data = try AtomicFile.read(url)
        do {
            let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            return try KeyValueDecoder().decode(Value.self, from: plist)
        } catch {
            AtomicFile.moveAside(url)
            if let decoding = error as? DecodingError { throw .corrupt(reason: KeyedArchive.describe(decoding)) }
            throw .corrupt(reason: "not a property list")
        }
    }

    public func save(_ value: Value) throws(ArchiveError) {
        let data: Data
        do {
            let plist = try KeyValueEncoder(nilEncodingStrategy: .remove).encode(value)
            data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        } catch {
            throw .io(underlying: "cannot encode settings: \(error)")
        }
        try AtomicFile.write(data, to: url)
    }
}
