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

    /// Requests one refresh costs with `own` cities: `(1, 3)` for AccuWeather's Top Cities call
    /// and one current-conditions call per own city; Open-Meteo asks for them all in its one request.
    public func refreshCalls(own: [PinnedCity]) -> (feed: Int, own: Int) {
        switch self {
        case .accuWeather: (1, ownCities(own).count)
        case .openMeteo: (1, 0)
        }
    }
}
