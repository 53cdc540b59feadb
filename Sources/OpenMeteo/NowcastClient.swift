#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels
import WeatherSource

/// Open-Meteo's 15-minute forecast for the kept places (docs/spec.md §5 "Rain in the next two
/// hours"): one `GET /v1/forecast` asking only for `minutely_15`, whichever source gives the
/// weather. No key; every failure becomes a `ServiceError` in the words the forecast client uses.
public struct NowcastClient: Sendable {
    /// Variables of the `minutely_15` block, each named once in its decoding keys.
    static let variables = OpenMeteoNowcast.Minutely15.CodingKeys.allCases.map(\.stringValue).filter { $0 != "time" }
    /// Quarters asked for: four hours, so that the next two stay covered while the nowcast waits
    /// its 30 minutes (and a few missed requests) before it is asked again.
    public static let quartersAhead = 16

    private let http: HTTPRequester
    /// Hears what each answered request cost: Open-Meteo counts what it served.
    private let recordCalls: CallRecorder?
    /// The clock a 429's wait is counted from.
    private let now: @Sendable () -> Date

    public init(baseURL: URL = OpenMeteoClient.defaultBaseURL, timeout: Double = HTTPRequester.defaultTimeout,
                transport: any HTTPTransport = SharedHTTPTransport(), recordCalls: CallRecorder? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.http = HTTPRequester(baseURL: baseURL, timeout: timeout, transport: transport)
        self.recordCalls = recordCalls
        self.now = now
    }

    /// The server's host (with the port when the base URL names one), as shown in error messages.
    public var host: String { http.host }

    /// Each place's nowcast, by key, from one request (a place the answer says nothing usable of
    /// is left out); no request at all for an empty list.
    public func nowcasts(for places: [AirQualityPlace]) async throws(ServiceError) -> [String: Nowcast] {
        guard !places.isEmpty else { return [:] }
        let response = try await http.get(try nowcastURL(for: places))
        guard (200..<300).contains(response.statusCode) else { throw http.openMeteoError(response, answeredAt: now()) }
        let answers = try http.decodeLocations(OpenMeteoNowcast.self, from: response.body, names: places.map(\.name))
        recordCalls?(Self.cost(places: places.count))
        var nowcasts: [String: Nowcast] = [:]
        for (place, answer) in zip(places, answers) {
            nowcasts[place.key] = answer.nowcast(latitude: place.latitude, longitude: place.longitude)
        }
        return nowcasts
    }

    /// What a request for `places` costs by Open-Meteo's counting (`CallCost`): one variable for
    /// a few hours, so one call a place.
    public static func cost(places: Int) -> Double {
        CallCost.openMeteo(places: places, variables: variables.count, days: Double(quartersAhead) * Nowcast.quarter / 86_400)
    }

    /// The one URL for `places`, coordinates in their order (for tests and diagnostics).
    func nowcastURL(for places: [AirQualityPlace]) throws(ServiceError) -> URL {
        try http.url(path: ["v1", "forecast"], query: HTTPRequester.coordinateQuery(
            latitudes: places.map(\.latitude), longitudes: places.map(\.longitude)) + [
            ("minutely_15", Self.variables.joined(separator: ",")),
            ("forecast_minutely_15", String(Self.quartersAhead)),
            ("timeformat", "unixtime"),
        ])
    }
}
