import EssentialsSupport

/// The WMO weather interpretation codes Open-Meteo sends (`weather_code`), as words and as the
/// AccuWeather icon codes the app's glyph table already draws. One table: every code once.
public struct WMOCode: Equatable, Sendable {
    /// What falls from the sky, for `CityWeather.precipitationType`.
    public enum Precipitation: String, Equatable, Sendable {
        /// Drizzle, rain and rain showers.
        case rain = "Rain"
        /// Snow, snow grains and snow showers.
        case snow = "Snow"
        /// Freezing drizzle and freezing rain.
        case ice = "Ice"
    }

    public let code: Int
    /// English words, as Open-Meteo's documentation names the code.
    public let text: String
    /// AccuWeather icon code by day.
    public let dayIcon: Int
    /// AccuWeather icon code by night (the moon instead of the sun where the icon shows one).
    public let nightIcon: Int
    public let precipitation: Precipitation?

    /// The AccuWeather icon for day or night.
    public func icon(isDay: Bool) -> Int {
        isDay ? dayIcon : nightIcon
    }

    /// The entry of a code; nil for a code the documentation does not list.
    public static func lookUp(_ code: Int) -> WMOCode? {
        byCode[code]
    }

    /// Every documented code, in the documentation's order.
    public static let all: [WMOCode] = [
        WMOCode(code: 0, text: "Clear sky", dayIcon: 1, nightIcon: 33, precipitation: nil),
        WMOCode(code: 1, text: "Mainly clear", dayIcon: 2, nightIcon: 34, precipitation: nil),
        WMOCode(code: 2, text: "Partly cloudy", dayIcon: 3, nightIcon: 35, precipitation: nil),
        WMOCode(code: 3, text: "Overcast", dayIcon: 7, nightIcon: 7, precipitation: nil),
        WMOCode(code: 45, text: "Fog", dayIcon: 11, nightIcon: 11, precipitation: nil),
        WMOCode(code: 48, text: "Depositing rime fog", dayIcon: 11, nightIcon: 11, precipitation: nil),
        WMOCode(code: 51, text: "Light drizzle", dayIcon: 12, nightIcon: 12, precipitation: .rain),
        WMOCode(code: 53, text: "Moderate drizzle", dayIcon: 12, nightIcon: 12, precipitation: .rain),
        WMOCode(code: 55, text: "Dense drizzle", dayIcon: 12, nightIcon: 12, precipitation: .rain),
        WMOCode(code: 56, text: "Light freezing drizzle", dayIcon: 26, nightIcon: 26, precipitation: .ice),
        WMOCode(code: 57, text: "Dense freezing drizzle", dayIcon: 26, nightIcon: 26, precipitation: .ice),
        WMOCode(code: 61, text: "Slight rain", dayIcon: 18, nightIcon: 18, precipitation: .rain),
        WMOCode(code: 63, text: "Moderate rain", dayIcon: 18, nightIcon: 18, precipitation: .rain),
        WMOCode(code: 65, text: "Heavy rain", dayIcon: 18, nightIcon: 18, precipitation: .rain),
        WMOCode(code: 66, text: "Light freezing rain", dayIcon: 26, nightIcon: 26, precipitation: .ice),
        WMOCode(code: 67, text: "Heavy freezing rain", dayIcon: 26, nightIcon: 26, precipitation: .ice),
        WMOCode(code: 71, text: "Slight snow fall", dayIcon: 19, nightIcon: 43, precipitation: .snow),
        WMOCode(code: 73, text: "Moderate snow fall", dayIcon: 22, nightIcon: 22, precipitation: .snow),
        WMOCode(code: 75, text: "Heavy snow fall", dayIcon: 22, nightIcon: 22, precipitation: .snow),
        WMOCode(code: 77, text: "Snow grains", dayIcon: 19, nightIcon: 43, precipitation: .snow),
        WMOCode(code: 80, text: "Slight rain showers", dayIcon: 14, nightIcon: 39, precipitation: .rain),
        WMOCode(code: 81, text: "Moderate rain showers", dayIcon: 12, nightIcon: 12, precipitation: .rain),
        WMOCode(code: 82, text: "Violent rain showers", dayIcon: 12, nightIcon: 12, precipitation: .rain),
        WMOCode(code: 85, text: "Slight snow showers", dayIcon: 21, nightIcon: 43, precipitation: .snow),
        WMOCode(code: 86, text: "Heavy snow showers", dayIcon: 23, nightIcon: 44, precipitation: .snow),
        WMOCode(code: 95, text: "Thunderstorm", dayIcon: 15, nightIcon: 15, precipitation: .rain),
        WMOCode(code: 96, text: "Thunderstorm with slight hail", dayIcon: 15, nightIcon: 15, precipitation: .rain),
        WMOCode(code: 99, text: "Thunderstorm with heavy hail", dayIcon: 15, nightIcon: 15, precipitation: .rain),
    ]

    private static let byCode: [Int: WMOCode] = Dictionary(all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// Words for a code the table does not know, so the list still says something true.
    public static func unknownText(_ code: Int) -> String {
        unknownText(code, in: .english)
    }

    /// The code's words in `language` (the catalogues' `wmo.<code>`; `text` is English's).
    public func text(in language: Language) -> String {
        language == .english ? text : language.text("wmo.\(code)")
    }

    /// `unknownText` in `language`.
    public static func unknownText(_ code: Int, in language: Language) -> String {
        language.text("wmo.unknown", ("code", String(code)))
    }
}
