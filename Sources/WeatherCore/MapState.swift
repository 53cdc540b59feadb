import WeatherModels

/// The world map in the list's place (`m`) and what its markers show (`v`, remembered). Its
/// reducer reads only this part; whether a detail is open comes as an argument.
public struct MapState: Equatable, Sendable {
    /// Whether the world map stands in for the list; the detail opens over it.
    public var shown = false
    /// What the map's markers show; remembered in the settings.
    public var layer: MapLayer = .temperature

    public init() {}

    /// What the map made of an action.
    enum Outcome: Equatable {
        /// Not the map's, or the map's and others' too.
        case passed
        /// The map's alone.
        case taken
        /// The layer changed: it is remembered.
        case layerChanged
    }

    /// The map's part of `action`, with a detail open or not: `m` shows it or the list again;
    /// `v` on the map shows its next layer, elsewhere the map as it is (so the first press shows
    /// which layer it has before any press changes it); `Esc` from the map returns to the list.
    mutating func reduce(_ action: Action, detailShown: Bool) -> Outcome {
        switch action {
        case .toggleMap:
            shown.toggle()
            return .taken
        case .cycleMapLayer:
            guard shown, !detailShown else {
                shown = true
                return .taken
            }
            layer = layer.next
            return .layerChanged
        case .closeDetail:
            guard shown, !detailShown else { return .passed }
            shown = false
            return .taken
        case .settingsLoaded(let saved?, _):
            layer = saved.mapLayer ?? .temperature
            return .passed
        default:
            return .passed
        }
    }
}
