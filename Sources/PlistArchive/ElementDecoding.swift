/// What the package's two tree decoders (`PlistValue`s and Foundation-style `Any` trees) share:
/// a decoder of one value that can step into an array's element or a dictionary's entry. The
/// three containers are written once, over it; each decoder keeps its own words for what is missing.
package protocol ElementDecoder: Decoder {
    associatedtype Element
    /// Whether the value is the tree's nil.
    var isNull: Bool { get }
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T
    /// The decoder of `element`, the array's element at `index`, one step down the coding path.
    func element(_ element: Element, at index: Int) -> Self
    /// The error of asking for element `index` past the end of an array of `count`.
    func pastEnd(index: Int, count: Int) -> DecodingError
    /// The entry of `key` among a dictionary's `entries` (where the decoder stores it), if any.
    func entry(_ key: CodingKey, in entries: [String: Element]) -> Element?
    /// The decoder of `key`'s entry (`keyNotFound` when there is none).
    func decoder(of key: CodingKey, in entries: [String: Element]) throws -> Self
    /// The decoder of the entries' `super` (nil when they hold none).
    func superDecoder(in entries: [String: Element]) -> Self
}

/// A dictionary's entries, decoded by key.
package struct EntriesDecodingContainer<D: ElementDecoder, Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: D
    let entries: [String: D.Element]
    package var codingPath: [CodingKey] { decoder.codingPath }
    package var allKeys: [Key] { entries.keys.compactMap { Key(stringValue: $0) } }

    package init(decoder: D, entries: [String: D.Element]) {
        self.decoder = decoder
        self.entries = entries
    }

    package func contains(_ key: Key) -> Bool { decoder.entry(key, in: entries) != nil }

    package func decodeNil(forKey key: Key) throws -> Bool { try decoder.decoder(of: key, in: entries).isNull }

    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decoder(of: key, in: entries).decodeValue(type)
    }

    package func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.decoder(of: key, in: entries).container(keyedBy: type)
    }

    package func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try decoder.decoder(of: key, in: entries).unkeyedContainer()
    }

    package func superDecoder() throws -> Decoder { decoder.superDecoder(in: entries) }

    package func superDecoder(forKey key: Key) throws -> Decoder { try decoder.decoder(of: key, in: entries) }
}

/// An array's elements, decoded in order.
package struct ElementsDecodingContainer<D: ElementDecoder>: UnkeyedDecodingContainer {
    let decoder: D
    let elements: [D.Element]
    package var codingPath: [CodingKey] { decoder.codingPath }
    package var count: Int? { elements.count }
    package var isAtEnd: Bool { currentIndex >= elements.count }
    package private(set) var currentIndex = 0

    package init(decoder: D, elements: [D.Element]) {
        self.decoder = decoder
        self.elements = elements
    }

    private func next() throws -> D {
        guard !isAtEnd else { throw decoder.pastEnd(index: currentIndex, count: elements.count) }
        return decoder.element(elements[currentIndex], at: currentIndex)
    }

    package mutating func decodeNil() throws -> Bool {
        guard try next().isNull else { return false }
        currentIndex += 1
        return true
    }

    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try next().decodeValue(type)
        currentIndex += 1
        return value
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try next().container(keyedBy: type)
        currentIndex += 1
        return container
    }

    package mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let container = try next().unkeyedContainer()
        currentIndex += 1
        return container
    }

    package mutating func superDecoder() throws -> Decoder {
        let element = try next()
        currentIndex += 1
        return element
    }
}

/// One value, decoded as a whole.
package struct SingleElementDecodingContainer<D: ElementDecoder>: SingleValueDecodingContainer {
    let decoder: D
    package var codingPath: [CodingKey] { decoder.codingPath }

    package init(decoder: D) { self.decoder = decoder }

    package func decodeNil() -> Bool { decoder.isNull }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
