import Foundation
import Testing
import WeatherModels

/// The feed as its summary tells it (`--once`'s and the browser's first frame's reading).
@Suite struct WeatherFeedSummaryTests {
    /// Places fetched alone keep their own time: a `--city` run decides their staleness by it,
    /// and saves them with it.
    @Test func aFeedFromItsSummaryKeepsEachPlacesOwnTime() {
        let city = CityWeather(key: "om:1", localizedName: "Reykjavík", englishName: "Reykjavik",
                               country: Country(id: "IS", localizedName: "Iceland", englishName: "Iceland"),
                               weatherText: "Snow", isDayTime: false, temperature: MetricImperial(metric: nil, imperial: nil))
        let feed = WeatherFeed(fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), request: FeedRequest(count: 0, language: "en-us"),
                               cities: [city], placeKeys: ["om:1"], fetchedAloneKeys: ["om:1"],
                               fetchedAloneAt: [Date(timeIntervalSince1970: 1_800_000_090.5)])
        let told = WeatherFeed(WeatherFeedSummary(feed))
        #expect(told.fetchedAloneKeys == ["om:1"] && told.fetchedAloneAt == feed.fetchedAloneAt)
        #expect(told.fetchedAt(ofCity: "om:1") == Date(timeIntervalSince1970: 1_800_000_090.5))
        #expect(told.placeKeys == ["om:1"])
    }
}
