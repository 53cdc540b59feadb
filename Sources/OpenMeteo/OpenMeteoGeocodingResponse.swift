/// `/v1/search`'s answer; `results` is left out entirely when nothing matched.
struct OpenMeteoGeocodingResponse: Decodable, Equatable, Sendable {
    var results: [OpenMeteoGeocodingResult]?
}
