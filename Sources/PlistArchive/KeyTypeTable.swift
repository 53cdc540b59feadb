/// What the direct coders know of each `CodingKeys` type they meet, found by type: a list, with
/// a direct-mapped cache in front keyed by the type's address, so that the dictionary after
/// dictionary of a feed (9,000 for 150 cities, of a dozen types) seldom searches the list.
struct KeyTypeTable<Value> {
    private var types: [(type: ObjectIdentifier, value: Value)] = []
    /// Per cache slot, an index into `types`, or -1.
    private var cache = [Int](repeating: -1, count: 16)

    private static func slot(_ id: ObjectIdentifier) -> Int { Int(UInt(bitPattern: Int(bitPattern: id)) >> 4 & 15) }

    /// The value for `id`, made by `make` the first time.
    mutating func value(for id: ObjectIdentifier, make: () -> Value) -> Value {
        let slot = Self.slot(id)
        let cached = cache[slot]
        if cached >= 0, types[cached].type == id { return types[cached].value }
        let index = types.firstIndex { $0.type == id } ?? {
            types.append((id, make()))
            return types.count - 1
        }()
        cache[slot] = index
        return types[index].value
    }
}
