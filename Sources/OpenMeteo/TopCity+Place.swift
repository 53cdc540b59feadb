import WeatherModels

extension TopCity {
    /// An own city as the forecast request and its mapping take a city: named as the search
    /// named it (in the language of that search), listed under `key`.
    init(place: PlaceMatch, key: String) {
        let country = place.country ?? place.countryCode ?? ""
        self.init(key: key, englishName: place.name,
                  country: Country(id: place.countryCode ?? "", localizedName: country, englishName: country),
                  latitude: place.latitude, longitude: place.longitude, timeZone: place.timeZone ?? "UTC")
    }

    /// This city as a place whose air is asked for.
    var airQualityPlace: AirQualityPlace {
        AirQualityPlace(key: key, name: englishName, latitude: latitude, longitude: longitude)
    }
}
