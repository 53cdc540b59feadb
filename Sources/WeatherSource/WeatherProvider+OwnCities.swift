import WeatherModels

extension WeatherProvider {
    /// Whether this source can fetch the weather of `place`: Open-Meteo any place by its
    /// coordinates, AccuWeather only a place it found itself (it needs its own location key).
    public func canFetch(_ place: PlaceMatch) -> Bool {
        switch self {
        case .openMeteo: true
        case .accuWeather: !place.id.hasPrefix(PlaceMatch.openMeteoIDPrefix) && !place.id.contains(":")
        }
    }

    /// The own cities among `pinned` that a refresh from this source includes, in their order.
    public func ownCities(_ pinned: [PinnedCity]) -> [PinnedCity] {
        pinned.filter { $0.place.map(canFetch) ?? false }
    }
}
