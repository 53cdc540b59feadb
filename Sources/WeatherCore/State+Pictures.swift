import WeatherModels

extension State {
    /// `m`: the map stands in for the list, or the list comes back; either way the browsing view,
    /// not a detail left open (the selection and the filter are the list's and stay).
    mutating func toggleMap() {
        showsMap.toggle()
        mode = .list
    }

    /// Keeps the forecasts a feed fetch brought at no extra cost, so a detail shows them without a
    /// key press; saved once the file has been read (a save before would drop what it holds).
    mutating func keepForecasts(broughtWith payload: FeedPayload) -> [Effect] {
        guard !payload.forecasts.isEmpty else { return [] }
        for (key, forecast) in payload.forecasts {
            forecasts[key] = forecast
            forecastErrors[key] = nil
        }
        return forecastsRestored ? [.saveForecasts(StoredForecasts(byCityKey: forecasts))] : []
    }
}
