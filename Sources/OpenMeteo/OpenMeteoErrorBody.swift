/// Open-Meteo's error answer: `{"error": true, "reason": "…"}` (documented with status 400).
struct OpenMeteoErrorBody: Decodable, Equatable, Sendable {
    var error: Bool
    var reason: String
}
