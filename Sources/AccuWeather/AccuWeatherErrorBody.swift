import WeatherModels

/// The JSON body AccuWeather sends with an error status: `{Code, Message, Reference?}`.
public struct AccuWeatherErrorBody: Codable, Equatable, Sendable {
    public var code: String
    public var message: String
    /// Echo of the request path; it can hold `apikey=…`, so redact before showing it.
    public var reference: String?

    public init(code: String, message: String, reference: String? = nil) {
        self.code = code
        self.message = message
        self.reference = reference
    }

    enum CodingKeys: String, CodingKey {
        case code = "Code", message = "Message", reference = "Reference"
    }
}
