import Foundation

/// Writes values of a known shape as a binary plist without `Codable`, through the
/// `BinaryPlistWriter` `BinaryPlistEncoder` uses, making the same calls in the same order as
/// the encoder makes for the types' synthesized `Encodable` conformances: each value written
/// before its key, each dictionary begun before its contents and numbered then, nil optionals
/// left out. Same calls, same writer: the same bytes. The writers of the archived types are
/// extensions (`WeatherFeedWriter`).
struct DirectPlistWriter {
    let writer: BinaryPlistWriter

    /// The binary plist whose top object `write` writes (and answers the object number of).
    static func write(expectedObjects: Int = 1024, _ write: (DirectPlistWriter) -> Int) -> Data {
        let writer = BinaryPlistWriter(expectedObjects: expectedObjects)
        return writer.finish(top: write(DirectPlistWriter(writer: writer)))
    }

    /// A dictionary being filled.
    struct Dict<Key: CodingKey & CaseIterable> {
        let open: BinaryPlistWriter.Open
        /// Its key type's place in the writer's keys by case (`BinaryPlistWriter.caseKeys`).
        let cases: Int
    }

    func dict<Key: CodingKey & CaseIterable>(_ type: Key.Type) -> Dict<Key> {
        Dict(open: writer.open(isDictionary: true), cases: writer.caseKeys(type))
    }

    func end<Key>(_ d: Dict<Key>) -> Int { writer.close(d.open) }

    func put<Key>(_ d: Dict<Key>, _ key: Key, _ value: Int) {
        writer.add(key: writer.key(key, cases: d.cases, container: d.open.id), value: value)
    }

    func string<Key>(_ d: Dict<Key>, _ key: Key, _ value: String) { put(d, key, writer.string(value)) }
    func string<Key>(_ d: Dict<Key>, _ key: Key, _ value: String?) { if let value { put(d, key, writer.string(value)) } }
    func int<Key>(_ d: Dict<Key>, _ key: Key, _ value: Int) { put(d, key, writer.integer(Int64(value))) }
    func int<Key>(_ d: Dict<Key>, _ key: Key, _ value: Int?) { if let value { put(d, key, writer.integer(Int64(value))) } }
    func double<Key>(_ d: Dict<Key>, _ key: Key, _ value: Double) { put(d, key, writer.real(value)) }
    func double<Key>(_ d: Dict<Key>, _ key: Key, _ value: Double?) { if let value { put(d, key, writer.real(value)) } }
    func bool<Key>(_ d: Dict<Key>, _ key: Key, _ value: Bool) { put(d, key, writer.bool(value)) }
    func bool<Key>(_ d: Dict<Key>, _ key: Key, _ value: Bool?) { if let value { put(d, key, writer.bool(value)) } }
}
