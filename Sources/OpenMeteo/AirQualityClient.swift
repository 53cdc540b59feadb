#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels
import WeatherSource

/// Open-Meteo's air-quality API (`docs/spec.md` §4): one `GET /v1/air-quality` for the current
/// air of every listed place, whichever source gives the weather. No key; every failure becomes a
/// `ServiceError` in the words the forecast client uses.
public struct AirQualityClient: Sendable {
    /// Open-Meteo's air-quality API.
    public static let defaultBaseURL = URL(string: "https://air-quality-api.open-meteo.com")!

    /// Variables of the `current` block, each named once in its decoding keys.
    static let currentVariables = OpenMeteoAirQuality.Current.CodingKeys.allCases.map(\.stringValue).filter { $0 != "time" }

    private let http: HTTPRequester
    /// Hears what each answered request cost: Open-Meteo counts what it served.
    private let recordCalls: CallRecorder?
    /// The clock a 429's wait is counted from.
    private let now: @Sendable () -> Date

    public init(baseURL: URL = AirQualityClient.defaultBaseURL, timeout: Double = HTTPRequester.defaultTimeout,
                transport: any HTTPTransport = SharedHTTPTransport(), recordCalls: CallRecorder? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.http = HTTPRequester(baseURL: baseURL, timeout: timeout, transport: transport)
        self.recordCalls = recordCalls
        self.now = now
    }

    /// Where the API lives.
    public var baseURL: URL { http.baseURL }
    /// The server's host (with the port when the base URL names one), as shown in error messages.
    public var host: String { http.host }

    /// Each place's current air, by key, from one request; no request at all for an empty list.
    public func airQuality(for places: [AirQualityPlace]) async throws(ServiceError) -> [String: AirQuality] {
        guard !places.isEmpty else { return [:] }
        let response = try await http.get(try airQualityURL(for: places))
        guard (200..<300).contains(response.statusCode) else { throw http.openMeteoError(response, answeredAt: now()) }
        let answers = try http.decodeLocations(OpenMeteoAirQuality.self, from: response.body, names: places.map(\.name))
        recordCalls?(Self.cost(places: places.count))
        var air: [String: AirQuality] = [:]
        for (place, answer) in zip(places, answers) { air[place.key] = answer.airQuality }
        return air
    }

    /// What a request for `places` costs by Open-Meteo's counting (`CallCost`): its current
    /// variables for the hour, one call a place while they are ten at most.
    public static func cost(places: Int) -> Double {
        CallCost.openMeteo(places: places, variables: currentVariables.count, days: 1)
    }

    /// The one URL for `places`, coordinates in their order (for tests and diagnostics).
    func airQualityURL(for places: [AirQualityPlace]) throws(ServiceError) -> URL {
        try http.url(path: ["v1", "air-quality"], query: HTTPRequester.coordinateQuery(
            latitudes: places.map(\.latitude), longitudes: places.map(\.longitude)) + [
            ("current", Self.currentVariables.joined(separator: ",")),
            ("timeformat", "unixtime"),
        ])
    }
}
