#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherHTTP
import WeatherModels
import WeatherSource

extension AccuWeatherClient {
    /// The Top Cities call, then one current-conditions call per own city (docs/spec.md §4: a
    /// refresh costs 1 + 1 per own city), none for one the top cities already hold. The rate
    /// limit is the last answer's: the fewest left. Once the top cities came, an own city's
    /// failed call does not fail the refresh: it is named in `unrefreshed`, and after a failure
    /// that every call would meet (the limit, the key, the network) the rest are not asked.
    public func topCities(count: Int, language: String, own: [PinnedCity]) async throws(ServiceError) -> TopCitiesResponse {
        var response = try await topCities(count: count, language: language)
        try await addConditions(of: own, language: language, to: &response)
        return response
    }

    /// The places alone: one current-conditions call each (1 call a place). The first call's
    /// failure fails the whole, since nothing came.
    public func conditionsOfPlaces(_ own: [PinnedCity], language: String) async throws(ServiceError) -> TopCitiesResponse {
        var response = TopCitiesResponse(cities: [], rateLimitRemaining: nil)
        try await addConditions(of: own, language: language, to: &response)
        if let unrefreshed = response.unrefreshed, response.ownCities.isEmpty { throw unrefreshed.error }
        return response
    }

    /// Each own city's conditions added to `response`, but those its top cities hold; after a
    /// failure every call would meet, the rest are not asked.
    private func addConditions(of own: [PinnedCity], language: String, to response: inout TopCitiesResponse) async throws(ServiceError) {
        let listed = Set(response.cities.map(\.key))
        var failed: [PinnedCity] = []
        var firstError: ServiceError?
        for city in own where !listed.contains(city.key) {
            guard let place = city.place else { continue }
            if let firstError, firstError.failsEveryRequest {
                failed.append(city)
                continue
            }
            do throws(ServiceError) {
                var (weather, left) = try await currentConditions(of: place, language: language)
                weather.key = city.key
                response.ownCities.append(weather)
                if let left { response.rateLimitRemaining = left }
            } catch {
                if error == .cancelled { throw error }
                if error == .quotaExceeded { response.rateLimitRemaining = 0 }
                firstError = firstError ?? error
                failed.append(city)
            }
        }
        if let firstError { response.unrefreshed = UnrefreshedCities(cities: failed, error: firstError) }
    }

    /// `GET /currentconditions/v1/{key}`: an array of one conditions object without the location
    /// fields, which come from the place the user picked.
    func currentConditions(of place: PlaceMatch, language: String) async throws(ServiceError) -> (CityWeather, Int?) {
        let url = try http.url(path: ["currentconditions", "v1", place.id], query: [("language", language), ("details", "true")])
        let response = try await get(url)
        var located = response
        located.body = Self.locating(response.body, as: place)
        let conditions = try decodeSuccess([CityWeather].self, from: located, describePath: HTTPRequester.plainPath)
        guard let weather = conditions.first else {
            throw .unexpectedResponse(host: host, detail: "no conditions for \(place.name)")
        }
        return (weather, Self.rateLimitRemaining(response))
    }

    /// The conditions body with the place's key, names, country and position added to its first
    /// object, so it decodes through `CityWeather`'s one set of keys like a Top Cities item
    /// (every details field read the same way). An error status or a body of another shape is
    /// left as it is, for the usual error handling to describe.
    static func locating(_ body: Data, as place: PlaceMatch) -> Data {
        guard case .array(var list)? = try? JSONDecoder().decode(JSONValue.self, from: body),
              case .object(var first)? = list.first else { return body }
        typealias Key = CityWeather.CodingKeys
        let country = JSONValue.string(place.country ?? place.countryCode ?? "")
        first[Key.key.rawValue] = .string(place.id)
        first[Key.localizedName.rawValue] = .string(place.name)
        first[Key.englishName.rawValue] = .string(place.name)
        first[Key.country.rawValue] = .object([Country.CodingKeys.id.rawValue: .string(place.countryCode ?? ""),
                                               Country.CodingKeys.localizedName.rawValue: country,
                                               Country.CodingKeys.englishName.rawValue: country])
        first[Key.geoPosition.rawValue] = .object([GeoPosition.CodingKeys.latitude.rawValue: .number(place.latitude),
                                                   GeoPosition.CodingKeys.longitude.rawValue: .number(place.longitude)])
        // The detail's local time: the zone the search named, at the observation's time.
        if let zone = place.timeZone.flatMap(ZoneInfo.named) {
            let observed = first[Key.epochTime.rawValue]?.number.map { Date(timeIntervalSince1970: $0) } ?? Date()
            typealias Zone = CityTimeZone.CodingKeys
            first[Key.timeZone.rawValue] = .object([Zone.name.rawValue: .string(zone.identifier),
                                                    Zone.code.rawValue: .string(zone.abbreviation(at: observed)),
                                                    Zone.gmtOffset.rawValue: .number(Double(zone.secondsFromGMT(at: observed)) / 3600)])
        }
        list[0] = .object(first)
        return (try? JSONEncoder().encode(JSONValue.array(list))) ?? body
    }

    /// `GET /locations/v1/cities/search?q=TEXT`: places named `text`, AccuWeather's best first;
    /// `[]` for blank text (no call) or no match.
    public func searchPlaces(_ text: String, language: String) async throws(ServiceError) -> [PlaceMatch] {
        let query = text.trimmed
        guard !query.isEmpty else { return [] }
        let url = try http.url(path: ["locations", "v1", "cities", "search"], query: [("q", query), ("language", language)])
        let response = try await get(url)
        let locations = try decodeSuccess([AccuWeatherLocation].self, from: response) { path in
            HTTPRequester.ordinalPath(path, noun: "place")
        }
        return locations.map { location in
            PlaceMatch(
                id: location.key, name: http.serverWords(location.localizedName),
                region: location.administrativeArea?.localizedName.map(http.serverWords),
                country: location.country?.localizedName.map(http.serverWords), countryCode: location.country?.id.map(http.serverWords),
                latitude: location.geoPosition.latitude, longitude: location.geoPosition.longitude,
                timeZone: location.timeZone?.name, elevation: location.geoPosition.elevation?.metric?.value
            )
        }
    }
}
