#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherModels

extension DemoData {
    /// What the demo's place search finds, with no network: a few places beside the top cities
    /// (and namesakes, so a pick among several can be tried). Their weather is that of the
    /// nearest bundled city.
    static let places: [PlaceMatch] = [
        PlaceMatch(id: "demo:3413829", name: "Reykjavík", region: "Capital Region", country: "Iceland", countryCode: "IS",
                   latitude: 64.1355, longitude: -21.8954, timeZone: "Atlantic/Reykjavik", elevation: 61),
        PlaceMatch(id: "demo:3133880", name: "Tromsø", region: "Troms", country: "Norway", countryCode: "NO",
                   latitude: 69.6489, longitude: 18.9551, timeZone: "Europe/Oslo", elevation: 10),
        PlaceMatch(id: "demo:3833367", name: "Ushuaia", region: "Tierra del Fuego", country: "Argentina", countryCode: "AR",
                   latitude: -54.8, longitude: -68.3, timeZone: "America/Argentina/Ushuaia", elevation: 28),
        PlaceMatch(id: "demo:3421319", name: "Nuuk", region: "Sermersooq", country: "Greenland", countryCode: "GL",
                   latitude: 64.1835, longitude: -51.7216, timeZone: "America/Nuuk", elevation: 70),
        PlaceMatch(id: "demo:2077895", name: "Alice Springs", region: "Northern Territory", country: "Australia", countryCode: "AU",
                   latitude: -23.698, longitude: 133.8807, timeZone: "Australia/Darwin", elevation: 578),
        PlaceMatch(id: "demo:2988507", name: "Paris", region: "Île-de-France", country: "France", countryCode: "FR",
                   latitude: 48.8534, longitude: 2.3488, timeZone: "Europe/Paris", elevation: 42),
        PlaceMatch(id: "demo:4717560", name: "Paris", region: "Texas", country: "United States", countryCode: "US",
                   latitude: 33.6609, longitude: -95.5555, timeZone: "America/Chicago", elevation: 183),
        PlaceMatch(id: "demo:4250542", name: "Springfield", region: "Illinois", country: "United States", countryCode: "US",
                   latitude: 39.8017, longitude: -89.6437, timeZone: "America/Chicago", elevation: 182),
        PlaceMatch(id: "demo:4409896", name: "Springfield", region: "Missouri", country: "United States", countryCode: "US",
                   latitude: 37.2153, longitude: -93.2982, timeZone: "America/Chicago", elevation: 396),
        PlaceMatch(id: "demo:1857910", name: "Kyoto", region: "Kyoto", country: "Japan", countryCode: "JP",
                   latitude: 35.0211, longitude: 135.7538, timeZone: "Asia/Tokyo", elevation: 50),
    ]

    /// Results a search gives at most, as the live searches are asked for.
    static let searchLimit = 10

    /// The places whose name starts with `text` (case and accents aside: `reykjavik` finds
    /// Reykjavík): the bundled places in their order, then the top cities by their English or
    /// their own name (`Tokyo`, `東京`), those a bundled place already stands for left out; none
    /// for blank text.
    public static func searchPlaces(_ text: String) -> [PlaceMatch] {
        let needle = text.trimmed
        guard !needle.isEmpty else { return [] }
        let found = places.filter { SearchFold.hasPrefix($0.name, needle) }
        let cities = allCities.lazy
            .filter { SearchFold.hasPrefix($0.englishName, needle) || SearchFold.hasPrefix($0.localizedName, needle) }
            .compactMap(place(of:))
            .filter { city in !found.contains { $0.countryCode == city.countryCode && SearchFold.fold($0.name) == SearchFold.fold(city.name) } }
        return Array((found + cities).prefix(searchLimit))
    }

    /// A top city as the demo's search finds it: under its own key, so the feed's entry for it is the place's.
    static func place(of city: CityWeather) -> PlaceMatch? {
        guard let position = city.geoPosition else { return nil }
        return PlaceMatch(id: city.key, name: city.englishName, region: nil, country: city.country.englishName, countryCode: city.country.id,
                          latitude: position.latitude, longitude: position.longitude, timeZone: city.timeZone?.name,
                          elevation: position.elevation?.metric?.value)
    }

    /// The bundled city nearest to a place: its weather stands in for the place's.
    static func nearestCity(to place: PlaceMatch) -> CityWeather? {
        allCities.min { a, b in distance(a, place) < distance(b, place) }
    }

    private static func distance(_ city: CityWeather, _ place: PlaceMatch) -> Double {
        guard let position = city.geoPosition else { return .infinity }
        let dLat = position.latitude - place.latitude
        let dLon = abs(position.longitude - place.longitude).truncatingRemainder(dividingBy: 360)
        return dLat * dLat + min(dLon, 360 - dLon) * min(dLon, 360 - dLon)
    }

    /// The demo's conditions for an own city listed under `key`: the nearest bundled city's
    /// weather under the place's name, country, position and time zone.
    static func conditions(for place: PlaceMatch, key: String, at date: Date) -> CityWeather? {
        guard var city = nearestCity(to: place) else { return nil }
        let country = place.country ?? place.countryCode ?? ""
        city.key = key
        city.localizedName = place.name
        city.englishName = place.name
        city.country = Country(id: place.countryCode ?? "", localizedName: country, englishName: country)
        city.geoPosition = GeoPosition(latitude: place.latitude, longitude: place.longitude)
        if let zone = timeZone(of: place, at: date) { city.timeZone = zone }
        return city
    }

    /// The place's own time zone at `date`, as the feed carries one; nil when it names none the system knows.
    static func timeZone(of place: PlaceMatch, at date: Date) -> CityTimeZone? {
        zone(named: place.timeZone, at: date)
    }

    /// The zone `name` at `date` from the tz database, as a feed carries it (offset and
    /// abbreviation); nil when the system does not know the name.
    static func zone(named name: String?, at date: Date) -> CityTimeZone? {
        guard let zone = name.flatMap(ZoneInfo.cached(named:)) else { return nil }
        let seconds = zone.secondsFromGMT(at: date)
        return CityTimeZone(code: zone.abbreviation(at: date), name: zone.identifier, gmtOffset: Double(seconds) / 3600)
    }

    /// The UTC offset, in hours at `date`, of the city listed under `key`: a place's own zone
    /// (its days and hours follow its own clock, not the stand-in's), else that of the bundled
    /// city that stands in for it (a place whose zone the system does not know), from the tz
    /// database when it knows the city's zone.
    static func offsetHours(for key: String, at date: Date) -> Double {
        if let place = places.first(where: { $0.id == key }), let zone = timeZone(of: place, at: date) { return zone.gmtOffset }
        let bundledKey = forecastKey(for: key)
        let bundled = allCities.first { $0.key == bundledKey }?.timeZone
        return zone(named: bundled?.name, at: date)?.gmtOffset ?? bundled?.gmtOffset ?? 0
    }

    /// Where the city listed under `key` stands: a place's own coordinates, else the bundled city's.
    static func position(for key: String) -> GeoPosition? {
        if let place = places.first(where: { $0.id == key }) { return GeoPosition(latitude: place.latitude, longitude: place.longitude) }
        return allCities.first { $0.key == key }?.geoPosition
    }

    /// The key of the bundled city whose forecast stands in for the own city `key` (itself for a bundled city).
    static func forecastKey(for key: String) -> String {
        places.first { $0.id == key }.flatMap(nearestCity(to:))?.key ?? key
    }
}
