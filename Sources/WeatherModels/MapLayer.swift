/// What the world map's markers show (`v` cycles them; docs/spec.md §5).
public enum MapLayer: String, Codable, Equatable, Sendable, CaseIterable {
    /// The temperature now.
    case temperature
    /// The chance of precipitation over the coming hours (`RainChance`).
    case rainChance
    /// The wind's speed now, and where it comes from.
    case wind
    /// The air-quality index shown (`AirQuality`), by its categories.
    case airQuality
    /// Each place's highest official alert in force, by its severity.
    case alerts

    /// The layer `v` moves to: the next, round to the first.
    public var next: MapLayer {
        let all = Self.allCases
        guard let index = all.firstIndex(of: self) else { return all[0] }
        return all[(index + 1) % all.count]
    }
}
