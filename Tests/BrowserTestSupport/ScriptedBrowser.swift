#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminalKit
import WeatherCore
import WeatherModels
import WeatherTUI

/// The browser as the program runs it, minus threads: keys go through the key map (their
/// actions) into the reducer, and the effects a run asks for are answered at once, the way
/// `AppEnvironment.demo` answers them (the bundled data, at the fixed clock).
public struct ScriptedBrowser {
    /// 2026-11-22 12:09 UTC.
    public static let now = Date(timeIntervalSince1970: 1_795_349_340)
    /// The user's zone: fixed, and not UTC, so a header that ignored it would show.
    public static let userTimeZone = ZoneInfo(posixTZ: "<+01>-1")!
    public static let host = "dataservice.accuweather.com"

    /// The shape of the days and hours the demo's answers are given in.
    public enum Forecasts: Sendable {
        /// As bundled: a week of days with a headline, 24 hours.
        case demo
        /// As Open-Meteo sends them: a week of days, no headline, 24 hours.
        case openMeteo
        /// As AccuWeather's plan sends them: 5 days with a headline, 12 hours.
        case accuWeather

        /// `stored` in this shape.
        func shaped(_ stored: StoredForecast) -> StoredForecast {
            var stored = stored
            switch self {
            case .demo: break
            case .openMeteo:
                stored.forecast.headline = nil
            case .accuWeather:
                stored.forecast.dailyForecasts = Array(stored.forecast.dailyForecasts.prefix(5))
                stored.hourly = stored.hourly.map { HourlyForecastResponse(hours: Array($0.hours.prefix(12))) }
            }
            return stored
        }
    }

    public private(set) var state: State
    /// The front end's screen state, as `StoreDriver` keeps it: what a frame is drawn with.
    public private(set) var screen = ScreenState()
    public let size: TerminalSize
    private let refreshFails: Bool
    private let forecasts: Forecasts

    /// `refreshFails`: a keyed (non-demo) run that restores a feed saved three hours ago and cannot
    /// reach the server; otherwise a `--demo` run. `forecasts`: the shape its days and hours come in.
    /// `language`: the run's language tag (`--lang`).
    public init(size: TerminalSize, refreshFails: Bool, forecasts: Forecasts = .demo, language: String = "en-us") {
        self.size = size
        self.refreshFails = refreshFails
        self.forecasts = forecasts
        let config = AppConfig(count: 50, language: language, demo: !refreshFails, hasAPIKey: true, host: Self.host,
                               timeZone: Self.userTimeZone)
        state = State(config: config, now: Self.now)
        fitPage()
        if refreshFails {
            let saved = DemoData.feed(count: 50, language: language, fetchedAt: Self.now.addingTimeInterval(-3 * 3600))
            send(.archiveRestored(.success(saved)))
            // The air saved with that feed, as `AirQuality.plist` holds it.
            let air = DemoData.airQuality(for: saved.cities.compactMap(AirQualityPlace.init), now: saved.fetchedAt)
            send(.airQualityRestored(StoredAirQuality(fetchedAt: saved.fetchedAt, byCityKey: air)))
        } else {
            send(.archiveRestored(.failure(.missing)))
            send(.airQualityRestored(nil))
        }
    }

    /// A key that does nothing where it was pressed: the screen would not be the one named.
    public struct KeyDoesNothing: Error, CustomStringConvertible {
        public let key: KeyEvent
        public var description: String { "key \(key) does nothing here: the screen would not be the one named" }
    }

    /// Presses `keys`, each resolved by the screen state (which fits the page first) as
    /// `StoreDriver.handle` does, and lays the screen out after the last as the run loop does
    /// before drawing.
    public mutating func press(_ keys: [KeyEvent]) throws(KeyDoesNothing) {
        for key in keys {
            guard let command = KeyMap.command(for: key, state: state, overlay: screen.overlay) else { throw KeyDoesNothing(key: key) }
            let before = screen
            let action = screen.resolve(command, state: state, size: size)
            guard action != nil || screen != before else { throw KeyDoesNothing(key: key) }
            if let action { send(action) }
        }
        fitPage()
    }

    /// Lays the screen state out for the state now, as `StoreDriver.layOut` does before a frame.
    private mutating func fitPage() {
        screen.layOut(state, size: size)
    }

    /// Applies `action` and, in order, the results of the effects it asks for.
    private mutating func send(_ action: Action) {
        var pending = [action]
        while !pending.isEmpty {
            let action = pending.removeFirst()
            for effect in state.reduce(action) {
                if let result = answer(effect) { pending.append(result) }
            }
            screen.follow(state, after: action)
        }
    }

    private func answer(_ effect: Effect) -> Action? {
        switch effect {
        case .fetchFeed(let request, let own, _):
            if refreshFails { return .feedLoaded(.failure(.network(.unreachable(host: Self.host)))) }
            var payload = DemoData.feedPayload(request, own: own, now: Self.now)
            payload.forecasts = payload.forecasts.mapValues(forecasts.shaped)
            return .feedLoaded(.success(payload))
        case .fetchForecast(let key, let language, _):
            let result = DemoData.forecastResult(cityKey: key, now: Self.now, language: language).map { answer in
                var answer = answer
                answer.forecast = forecasts.shaped(answer.forecast)
                return answer
            }
            return .forecastLoaded(cityKey: key, result)
        case .searchPlaces(let text, _, _):
            return .addCity(.found(query: text, .success(DemoData.searchPlaces(text))))
        case .fetchAirQuality(let places, _):
            if refreshFails { return .airQualityLoaded(.failure(.network(.unreachable(host: "air-quality-api.open-meteo.com")))) }
            return .airQualityLoaded(.success(StoredAirQuality(fetchedAt: Self.now, byCityKey: DemoData.airQuality(for: places, now: Self.now))))
        case .readLedger:
            return .ledgerRead(calls: [:], pins: state.pinned)
        case .changePins:
            return .pinsChanged(state.pinned)  // the file as the change left it
        default:
            return nil  // saving settings or forecasts changes nothing on screen
        }
    }
}
