#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistArchive
import WeatherModels
import EssentialsSupport

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

    /// The date of `text` in one of the forms above, read as a time in `zone` (the user's, as
    /// `DateFormatter` read it): month names in English, any case, abbreviated or whole; the
    /// 12-hour forms with AM/PM. By hand: `DateFormatter` needs ICU.
    static func parseDate(_ text: String, in zone: ZoneInfo = .local) -> Date? {
        // Apple's formatters put a narrow no-break space before AM/PM since iOS 17: any white
        // space and commas separate, and the word "at" is only a separator.
        let words = text.split { $0 == "," || $0.isWhitespace }.map { $0.lowercased() }.filter { $0 != "at" }
        guard words.count == 4 || words.count == 5 else { return nil }
        let monthFirst = month(words[0]) != nil
        guard let month = month(monthFirst ? words[0] : words[1]),
              let day = Int64(monthFirst ? words[1] : words[0]), let year = Int64(words[2]), (1...9999).contains(year) else { return nil }
        let clock = words[3].split(separator: ":", omittingEmptySubsequences: false).map { Int64($0) }
        guard clock.count == 3, var hour = clock[0], let minute = clock[1], let second = clock[2],
              (0...59).contains(minute), (0...59).contains(second) else { return nil }
        if monthFirst {
            // `h:mm:ss a`: 1…12 and AM or PM.
            guard words.count == 5, (1...12).contains(hour) else { return nil }
            switch words[4] {
            case "am": hour %= 12
            case "pm": hour = hour % 12 + 12
            default: return nil
            }
        } else {
            guard words.count == 4, (0...23).contains(hour) else { return nil }
        }
        let firstOfNext = month == 12 ? CivilTime.days(year: year + 1, month: 1, day: 1) : CivilTime.days(year: year, month: month + 1, day: 1)
        let first = CivilTime.days(year: year, month: month, day: 1)
        guard day >= 1, day <= firstOfNext - first else { return nil }
        let local = (first + day - 1) * 86_400 + hour * 3600 + minute * 60 + second
        // The zone's offset at that wall-clock time: taken at the instant the local time would be
        // in UTC, then once more at the instant that gives.
        let guess = Date(timeIntervalSince1970: TimeInterval(local))
        let firstOffset = Int64(zone.secondsFromGMT(at: guess))
        let offset = Int64(zone.secondsFromGMT(at: Date(timeIntervalSince1970: TimeInterval(local - firstOffset))))
        return Date(timeIntervalSince1970: TimeInterval(local - offset))
    }

    /// 1…12 for an English month name, abbreviated (`dec`) or whole (`december`), lower-cased.
    private static func month(_ word: String) -> Int64? {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                     "november", "december"]
        guard word.count >= 3, let index = names.firstIndex(where: { $0 == word || $0.prefix(3) == word }) else { return nil }
        return Int64(index + 1)
    }
}
