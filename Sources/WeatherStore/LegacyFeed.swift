import Foundation
import PlistArchive
import WeatherModels

/// The archive the original iOS app of these models wrote: the same keyed-archive wrapping, but
/// the payload is `{fetchedAt: String, topCityWeathers: [...]}` with only the basic city fields
/// and the date as a medium-date, medium-time string.
struct LegacyFeed: Decodable {
    struct City: Decodable {
        var key: String
        var localizedName: String
        var englishName: String?
        var weatherText: String
        var weatherIcon: Int?
        var isDayTime: Bool
        var country: Country
        var temperature: MetricImperial

        enum CodingKeys: String, CodingKey {
            case key = "Key", localizedName = "LocalizedName", englishName = "EnglishName", weatherText = "WeatherText"
            case weatherIcon = "WeatherIcon", isDayTime = "IsDayTime", country = "Country", temperature = "Temperature"
        }
    }

    var fetchedAt: String
    var topCityWeathers: [City]

    /// The feed this archive describes; its date read in the formats `DateFormatter`'s medium
    /// styles produce in en_US (`Dec 6, 2017 at 11:35:00 PM`, `Dec 6, 2017, 11:35:00 PM`).
    func feed() throws(ArchiveError) -> WeatherFeed {
        guard let date = LegacyFeed.parseDate(fetchedAt) else {
            throw .corrupt(reason: "legacy archive date \"\(fetchedAt)\" is unreadable")
        }
        let cities = topCityWeathers.map { c in
            CityWeather(key: c.key, localizedName: c.localizedName, englishName: c.englishName ?? c.localizedName,
                        country: c.country, weatherText: c.weatherText, weatherIcon: c.weatherIcon,
                        isDayTime: c.isDayTime, temperature: c.temperature)
        }
        let count = FeedRequest.servedCounts.first { $0 >= cities.count } ?? 150
        return WeatherFeed(fetchedAt: date, request: FeedRequest(count: count, language: "en-us"), cities: cities)
    }

    static func parseDate(_ text: String) -> Date? {
        // Apple's formatters put a narrow no-break space before AM/PM since iOS 17; fold it.
        let folded = text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
        let formats = ["MMM d, yyyy 'at' h:mm:ss a", "MMM d, yyyy, h:mm:ss a", "MMM d, yyyy h:mm:ss a",
                       "d MMM yyyy 'at' HH:mm:ss", "d MMM yyyy, HH:mm:ss", "d MMM yyyy HH:mm:ss"]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: folded) { return date }
        }
        return nil
    }
}
