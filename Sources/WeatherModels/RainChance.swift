/// The highest chance of precipitation a source forecasts for the coming hours, from the hour of
/// its observation: what the map's rain layer shows and the list sorts by (docs/spec.md §5).
public struct RainChance: Codable, Equatable, Sendable {
    /// 0–100.
    public var percent: Int
    /// How many hours it covers, the observation's hour first.
    public var hours: Int

    public init(percent: Int, hours: Int) {
        self.percent = percent
        self.hours = hours
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case percent = "Percent", hours = "Hours"
    }

    /// Hours the list's chance covers: a few, so that it says whether to take an umbrella now,
    /// and Open-Meteo's list request stays at one hourly variable over less than a day.
    public static let standardHours = 6

    /// The highest chance among the first `hours` of `forecast` (which starts at the current
    /// hour); nil when none of them has one.
    public init?(_ forecast: [HourlyForecast], hours: Int = RainChance.standardHours) {
        let window = forecast.prefix(hours)
        guard let highest = window.compactMap(\.precipitationProbability).max() else { return nil }
        self.init(percent: min(100, max(0, highest)), hours: window.count)
    }
}
