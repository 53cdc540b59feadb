#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherModels
import WeatherSource

/// A `--city` run (docs/spec.md §6): it asks only about the places it prints that are not fresh,
/// alone, and adds them to the saved feed; a place known and fresh costs nothing.
extension State {
    /// The printed places whose saved weather is missing, of no known age, older than
    /// `--refresh-after` or in another language.
    var printedPlacesDue: [PinnedCity] {
        guard let printed = config.printedPlaceKeys else { return [] }
        let wanted = Set(printed)
        return FeedPolicy.ownCities(config: config, pinned: pinned).filter { city in
            guard wanted.contains(city.key) else { return false }
            guard let feed, feed.request.language == request.language, let fetched = feed.fetchedAt(ofCity: city.key),
                  let age = FeedPolicy.age(of: fetched, now: now) else { return true }
            return age > config.refreshAfter
        }
    }

    /// Fetches the printed places that are due, alone, through the gate: as asked when one has no
    /// saved weather at all (there is nothing else to print), else as any automatic request.
    mutating func fetchPrintedPlaces() -> [Effect] {
        let due = printedPlacesDue
        guard !due.isEmpty, !isFetching else { return [] }
        let never = due.contains { feed?.fetchedAt(ofCity: $0.key) == nil }
        let calls = config.demo ? 0 : config.refreshCost.perOwnCity * Double(due.count)
        switch admit(SourceGate.Ask(.places, calls: calls, userAsked: never), to: config.provider) {
        case .success(let pass):
            isFetching = true
            return [.fetchPlaces(due, language: request.language, pass: pass)]
        case .failure(let refusal):
            refused(refusal, userAsked: never)
            return []
        }
    }

    /// Places fetched alone join the saved feed (replacing what it held of them) with their own
    /// time, and the feed is saved.
    mutating func placesLoaded(_ result: Result<PlacesPayload, FeedError>) -> [Effect] {
        isFetching = false
        switch result {
        case .success(let payload):
            noteRefreshEnded(nil)
            let merged = joining(payload)
            feed = merged
            source = .live
            banner = .none
            lastError = nil
            if let left = payload.rateLimitRemaining { rateLimitRemaining = left }
            if let problem = payload.ownProblem { notice = problem }
            recomputeVisible()
            return [.saveFeed(merged)]
        case .failure(let error):
            noteRefreshEnded(error)
            failed(error)
            return []
        }
    }

    /// The saved feed with `payload`'s places in it; a feed of them alone when there is none (or
    /// one in another language), which asks for no top city (`count` 0) and so is stale to the browser.
    func joining(_ payload: PlacesPayload) -> WeatherFeed {
        let fetchedKeys = payload.cities.map(\.key)
        guard var joined = feed, joined.request.language == payload.language else {
            return WeatherFeed(fetchedAt: payload.fetchedAt, request: FeedRequest(count: 0, language: payload.language),
                               cities: FeedLoader.sortedByEnglishName(payload.cities, fetchedAt: payload.fetchedAt), placeKeys: fetchedKeys)
        }
        var aloneKeys = joined.fetchedAloneKeys ?? [], aloneAt = joined.fetchedAloneAt ?? []
        if aloneKeys.count != aloneAt.count { (aloneKeys, aloneAt) = ([], []) }
        var placeKeys = joined.placeKeys ?? []
        for city in payload.cities {
            if let index = joined.cities.firstIndex(where: { $0.key == city.key }) {
                joined.cities[index] = city
            } else {
                joined.cities.append(city)
                placeKeys.append(city.key)
            }
            if let index = aloneKeys.firstIndex(of: city.key) {
                aloneAt[index] = payload.fetchedAt
            } else {
                aloneKeys.append(city.key)
                aloneAt.append(payload.fetchedAt)
            }
        }
        joined.cities = FeedLoader.sortedByEnglishName(joined.cities, fetchedAt: joined.fetchedAt)
        joined.placeKeys = placeKeys.isEmpty ? nil : placeKeys
        joined.fetchedAloneKeys = aloneKeys
        joined.fetchedAloneAt = aloneAt
        return joined
    }
}
