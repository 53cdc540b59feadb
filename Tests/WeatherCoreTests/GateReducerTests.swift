import Foundation
import Testing
import WeatherHTTP
import WeatherModels
import WeatherSource
@testable import WeatherCore

/// Every request through its source's gate (docs/spec.md §4 "The gate", issue #41): what the
/// browser and `--once` ask for, and what they say, in a hold, past the budget, and fresh.
@Suite struct GateReducerTests {
    /// Open-Meteo at one call a place, 50 places: 50 calls a refresh, the default 5,000 a day.
    static let openMeteo: AppConfig = {
        var config = AppConfig(refreshAfter: 1800, provider: .openMeteo)
        config.refreshCost = RefreshCost(fixed: 0, perPlace: 1, perOwnCity: 1)
        config.airCallsPerPlace = 1
        return config
    }()

    static let minuteLimit = FeedError.network(.rateLimited(reason: "Minutely API request limit exceeded.", status: 429,
                                                            until: Make.t0 + 1800 + 120))

    /// A feed fetched at `Make.t0`, the clock at `now` (moved without a tick: no refresh by itself yet).
    static func state(now: Date, config: AppConfig = openMeteo) -> State {
        var state = State(config: config, now: Make.t0)
        _ = state.reduce(.feedLoaded(.success(FeedPayload(feed: Make.feed(at: Make.t0), rateLimitRemaining: nil))))
        state.now = now
        return state
    }

    /// Item 1: `r` in a 429's hold asks nothing, says until when, and grows no backoff; the
    /// header says `limit until`, the banner a limit, not OFFLINE.
    @Test func rInAHoldAsksNothingAndSaysUntilWhen() {
        var state = Self.state(now: Make.t0 + 1800)
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(Self.minuteLimit)))
        #expect(state.autoRefresh.failures == 0, "a limit is obeyed by its hold, not by a backoff on top")
        #expect(state.banner == .limited(savedAt: Make.t0, until: Make.t0 + 1920, reason: "Minutely API request limit exceeded. (429)"))
        for second in [1, 2, 3] {
            state.now = Make.t0 + 1800 + Double(second)
            #expect(state.pressR() == [], "r in the hold asks nothing")
            #expect(state.notice?.hasPrefix("Open-Meteo's limit: no request until ") == true)
        }
        #expect(state.autoRefresh.failures == 0, "a refused r is no failure")
        #expect(state.refreshPlan == RefreshSchedule.Plan(next: Make.t0 + 1920, reason: .limited))
        // The air and a detail's forecast are held too, and say so where they are shown.
        _ = state.reduce(.airQualityRestored(nil))
        #expect(!state.air.inFlight && state.air.error?.hasPrefix("Open-Meteo's limit") == true)
        #expect(state.reduce(.openDetail) == [])
        #expect(state.selectedForecastError?.hasPrefix("Open-Meteo's limit: no request until") == true)
        // Said in the run's language, the source's own reason as it sent it.
        var german = state
        german.request.language = "de"
        _ = german.pressR()
        #expect(german.notice?.hasPrefix("Limit von Open-Meteo: keine Anfrage bis ") == true, "\(german.notice ?? "nothing said")")
        #expect(german.notice?.hasSuffix("(Minutely API request limit exceeded. (429))") == true)
        // At the hold's end, r goes.
        state.now = Make.t0 + 1920
        #expect(state.reduce(.refresh) == [.readLedger])
    }

    /// A hold is kept for every run (`Holds.txt`), and a hold another run met holds this one too.
    @Test func holdsAreSharedWithEveryRun() {
        var state = Self.state(now: Make.t0 + 1800)
        _ = state.pressR()
        let effects = state.reduce(.feedLoaded(.failure(Self.minuteLimit)))
        let hold = SourceGate.Hold(until: Make.t0 + 1920, reason: "Minutely API request limit exceeded. (429)")
        #expect(effects.contains(.keepHold(.openMeteo, hold)))

        var other = Self.state(now: Make.t0 + 1800)
        #expect(other.reduce(.refresh) == [.readLedger])
        #expect(other.reduce(.ledgerRead(calls: [:], holds: [.openMeteo: hold])) == [], "the file's hold is this run's too")
        #expect(other.notice?.hasPrefix("Open-Meteo's limit: no request until") == true)
    }

    /// Item 3: with the day's budget spent, a start over a saved feed asks for neither the weather
    /// nor the air; with nothing saved, the start asks as a key would.
    @Test func aSpentBudgetAsksNothingAtStartOverASavedFeed() {
        var config = Self.openMeteo
        config.dailyCalls = 10
        var state = State(config: config, now: Make.t0 + 7200)
        _ = state.reduce(.ledgerRead(calls: [.openMeteo: 300]))
        #expect(state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))) == [])
        #expect(state.reduce(.airQualityRestored(nil)) == [])
        #expect(state.refreshPlan.reason == .budgetSpent)
        #expect(!state.isFetching && !state.air.inFlight)
        #expect(state.air.error?.hasPrefix("today's budget of 10 calls is spent") == true)

        var empty = State(config: config, now: Make.t0)
        _ = empty.reduce(.ledgerRead(calls: [.openMeteo: 300]))
        let effects = empty.reduce(.archiveRestored(.failure(.missing)))
        #expect(effects == [.fetchFeed(FeedRequest(count: 50, language: "en-us"), pass: .open(.weather, calls: 50, provider: .openMeteo))])
    }

    /// `--once` over a stale feed past the budget prints the saved feed and says why it is not newer.
    @Test func onceSaysTheBudgetKeptItFromRefreshing() {
        var config = Self.openMeteo
        config.dailyCalls = 10
        config.inBrowser = false
        var state = State(config: config, now: Make.t0 + 7200)
        _ = state.reduce(.ledgerRead(calls: [.openMeteo: 300]))
        #expect(state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0)))) == [])
        #expect(state.notices.messages.first?.text.hasPrefix("today's budget of 10 calls is spent (300 spent)") == true)
    }

    /// Item 4: AccuWeather's spent day (503) holds the source until the ledger's day ends: the
    /// header says `limit until`, never `next`, beside `0 calls left`.
    @Test func accuWeathersSpentDayHoldsUntilTheDayEnds() {
        var state = Self.state(now: Make.t0 + 1800, config: AppConfig(refreshAfter: 1800, provider: .accuWeather))
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(.network(.quotaExceeded))))
        let dayEnd = CallDay(containing: Make.t0 + 1800).end
        #expect(state.refreshPlan == RefreshSchedule.Plan(next: dayEnd, reason: .limited))
        #expect(state.rateLimitRemaining == 0)
        #expect(state.pressR() == [])
        if case .limited(_, let until, _) = state.banner { #expect(until == dayEnd) } else { Issue.record("banner \(state.banner)") }
    }

    /// Item 11: places another copy of the program added are asked for by this copy's `r`.
    @Test func rAsksForThePlacesAnotherCopyAdded() {
        var state = Self.state(now: Make.t0 + 60)
        let reykjavik = PinnedCity(place: PlaceMatch(id: "om:3413829", name: "Reykjavík", country: "Iceland", countryCode: "IS",
                                                     latitude: 64.1, longitude: -21.9))
        #expect(state.reduce(.refresh) == [.readLedger])
        let effects = state.reduce(.ledgerRead(calls: [.openMeteo: 100], pins: [reykjavik]))
        #expect(state.pinned == [reykjavik])
        #expect(effects.first == .fetchFeed(state.request, own: [reykjavik], pass: .open(.weather, calls: 51, provider: .openMeteo)))
    }

    /// Item 12: an own place the kept air lacks gets its air alone, with its weather, not an hour later.
    @Test func aNewOwnPlaceGetsItsAirWithItsWeather() {
        var state = Self.state(now: Make.t0 + 60)
        let place = PlaceMatch(id: "om:3413829", name: "Reykjavík", country: "Iceland", countryCode: "IS", latitude: 64.1, longitude: -21.9)
        let keptAir = StoredAirQuality(fetchedAt: Make.t0, byCityKey: Dictionary(uniqueKeysWithValues: Make.cities.map {
            ($0.key, AirQuality(epochTime: 1_800_000_000, europeanAQI: 20))
        }))
        _ = state.reduce(.airQualityRestored(keptAir))
        #expect(!state.air.inFlight, "the kept air is fresh")
        _ = state.reduce(.pinsLoaded([PinnedCity(place: place)]))
        var withPlace = Make.cities
        withPlace.append(Make.city("om:3413829", "Reykjavík"))
        let feed = WeatherFeed(fetchedAt: Make.t0 + 60, request: state.request, cities: withPlace, placeKeys: ["om:3413829"])
        let effects = state.reduce(.feedLoaded(.success(FeedPayload(feed: feed, rateLimitRemaining: nil))))
        let asked = effects.compactMap { effect -> [AirQualityPlace]? in
            if case .fetchAirQuality(let places, _) = effect { return places }
            return nil
        }
        #expect(asked.map { $0.map(\.key) } == [["om:3413829"]], "the new place alone")
        _ = state.reduce(.airQualityLoaded(.success(StoredAirQuality(fetchedAt: Make.t0 + 60, byCityKey: ["om:3413829": AirQuality(epochTime: 1_800_000_000, europeanAQI: 9)]))))
        #expect(state.air.stored?.fetchedAt == Make.t0, "the rest of the air is as old as it was")
        #expect(state.air(for: "om:3413829")?.europeanAQI == 9 && state.air(for: Make.cities[0].key)?.europeanAQI == 20)
    }

    /// Item 15: data saved ahead of the clock (the clock set back) is of no known age: stale.
    @Test func dataSavedAheadOfTheClockIsStale() {
        var state = State(config: Self.openMeteo, now: Make.t0)
        _ = state.reduce(.archiveRestored(.success(Make.feed(at: Make.t0 + 7200))))
        #expect(state.isStale)
        #expect(!Self.state(now: Make.t0 + 60).isStale)
    }

    /// Item 17: after a failed `r` over data not yet due, the header says when it is tried again.
    @Test func aFailedRSaysWhenItIsTriedAgain() {
        var state = Self.state(now: Make.t0 + 60)
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(.network(.unreachable(host: "api.open-meteo.com")))))
        #expect(state.refreshPlan == RefreshSchedule.Plan(next: Make.t0 + 120, reason: .retrying(failures: 1)))
        _ = state.reduce(.tick(Make.t0 + 120))
        #expect(state.autoRefresh.checking == .automatic)
        let effects = state.reduce(.ledgerRead(calls: [:]))
        #expect(effects.first == .fetchFeed(state.request, pass: .open(.weather, calls: 50, provider: .openMeteo)),
                "the gate lets the retry go: the header promised it")
    }

    /// The air's own gate when AccuWeather gives the weather: Open-Meteo's budget and line.
    @Test func theAirHasItsOwnGateUnderAnotherSource() {
        var state = Self.state(now: Make.t0 + 60, config: AppConfig(refreshAfter: 1800, provider: .accuWeather))
        _ = state.reduce(.ledgerRead(calls: [.accuWeather: 10, .openMeteo: 4_999]))
        #expect(state.gate(for: .openMeteo).dailyBudget == 5_000 && state.gate(for: .accuWeather).dailyBudget == nil)
        #expect(state.reduce(.airQualityRestored(nil)) == [], "Open-Meteo's budget cannot pay for 5 places")
        #expect(state.air.error?.hasPrefix("today's budget of 5000 calls is spent") == true)
    }
}
