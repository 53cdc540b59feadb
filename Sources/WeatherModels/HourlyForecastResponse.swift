/// The coming hours of one city's forecast, earliest first.
public struct HourlyForecastResponse: Codable, Equatable, Sendable {
    public var hours: [HourlyForecast]

    public init(hours: [HourlyForecast]) {
        self.hours = hours
    }
}
