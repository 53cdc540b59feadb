/// A value whose archives carry a schema number: one from a newer build is refused, not misread.
public protocol SchemaVersioned {
    static var currentSchemaVersion: Int { get }
    var schemaVersion: Int { get }
}

/// Reads only the schema number of an encoded value.
struct SchemaProbe: Decodable {
    var schemaVersion: Int?
}
